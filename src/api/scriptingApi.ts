// `window.sandbox`: the scripting API for people in the console and for tests. Every argument is
// validated before anything changes; a bad one throws an Error that names it and what is valid.

import type { ActionLayer } from '../app/actionLayer';
import type { BodyPoses } from '../app/poseReadout';
import type { StatsSnapshot } from '../stats/statsSnapshot';
import type { LoadOptions } from '../app/simulation';
import { describeSpec, quoteValue, SETTING_SPECS, validateValue } from '../config/settings';
import type { FrameReport } from 'fixed-step/loop';
import type { Settings } from '../config/settings';
import { currentLanguage, setLanguage, t } from '../i18n/language';
import type { Language } from '../i18n/language';
import { sceneList } from '../app/sceneText';
import { MAX_SEED, SCENES, seedProblem } from '../scenes/registry';
import type { EncodedRecording } from '../state/recording';
import type { EncodedState } from '../state/stateSchema';
import { validateSpawnSpec } from '../state/spawnSpec';
import type { SpawnInput } from '../state/spawnSpec';
import type { TourApi } from '../tour/tour';

export type { Pose, SnapshotPose } from '../app/poseReadout';

/**
 * `load`, `reset`, `advance` and the state and recording calls (`saveState`, `loadState`,
 * `record`, `stopRecording`, `replay`, `seek`) return promises: in worker mode the worker builds,
 * steps, saves and restores while the page goes on, and the promise resolves once it has (on the
 * main thread at once). A bad argument still throws at the call, before any promise, and
 * changes nothing.
 */
export interface SandboxApi {
  scenes(): string[];
  load(scene: string, options?: LoadOptions): Promise<void>;
  settings(): Settings;
  set(patch: Partial<Settings>): void;
  pause(): void;
  resume(): void;
  spawn(spec: SpawnInput): void;
  remove(index: number): void;
  advance(frameSeconds: number[]): Promise<FrameReport[]>;
  run(): void;
  state(): { step: number; simTime: number; bodies: number; hash: string };
  pose(index: number): BodyPoses;
  stats(): StatsSnapshot;
  hitch(seconds?: number): void;
  track(index: number | null): void;
  /** Everything the next step depends on, as versioned JSON-ready data. */
  saveState(): Promise<EncodedState>;
  /** Continues from a saved state (object or JSON text); a bad one throws and changes nothing. */
  loadState(state: unknown): Promise<void>;
  /** Starts recording at the current step: a hash every N steps, a keyframe every K. */
  record(options?: { hashEvery?: number; keyframeEvery?: number }): Promise<void>;
  /** Ends the recording and returns it; `keyframes: 'first'` keeps only the start. */
  stopRecording(options?: { keyframes?: 'all' | 'first' }): Promise<EncodedRecording>;
  /** Loads a recording and plays its inputs at their steps, checking its hashes as it goes. */
  replay(recording: unknown): Promise<void>;
  /** Moves the loaded replay to `step` (steps since the recording's start). */
  seek(step: number): Promise<void>;
  /** The page's language: 'en', 'ko' or 'zh'. */
  language(): Language;
  /** Switches the page's words (the simulation is untouched); a bad name throws. */
  setLanguage(language: Language): void;
  /** The guided tour: its chapters, open one (id or number), close it, the chapter open. */
  tour: TourApi;
}

/** The longest batch `advance` takes at once: 100 000 frames is ~28 minutes of 60 Hz display. */
export const MAX_ADVANCE_FRAMES = 100_000;

function validateLoadOptions(options: unknown): LoadOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new Error(t('api.loadOptions', { value: quoteValue(options) }));
  }
  for (const key of Object.keys(options)) {
    if (key !== 'count' && key !== 'seed') {
      throw new Error(t('api.unknownLoadOption', { key: quoteValue(key) }));
    }
  }
  const { count, seed } = options as Record<string, unknown>;
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count))) {
    throw new Error(t('api.loadCount', { value: quoteValue(count) }));
  }
  if (seed !== undefined && seedProblem(seed)) {
    throw new Error(
      t('api.loadSeed', {
        value: quoteValue(seed),
        expected: t('spec.integer', { min: 0, max: MAX_SEED }),
      }),
    );
  }
  return { count: count, seed: seed as number | undefined };
}

/**
 * The frames, checked and copied in one pass: each item is read once, and the copy is what runs,
 * so an array the caller changes after the call (or a getter that answers differently on a second
 * read) cannot slip a frame past the checks or the cap.
 */
function validateFrames(frameSeconds: unknown): number[] {
  if (!Array.isArray(frameSeconds)) {
    throw new Error(t('api.advanceArray', { value: quoteValue(frameSeconds) }));
  }
  const length = frameSeconds.length;
  if (length > MAX_ADVANCE_FRAMES) {
    throw new Error(t('api.advanceTooMany', { count: length, max: MAX_ADVANCE_FRAMES }));
  }
  const frames: number[] = [];
  for (let i = 0; i < length; i++) {
    const value: unknown = frameSeconds[i];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(t('api.advanceFrame', { frame: i, value: quoteValue(value) }));
    }
    frames.push(value);
  }
  return frames;
}

/** `index` if it names a body now (an integer from 0 to count − 1); otherwise a clear Error. */
function validBodyIndex(call: string, index: unknown, count: number): number {
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < count)
    return index;
  throw new Error(
    count === 0
      ? t('api.indexNoBodies', { call, value: quoteValue(index) })
      : t('api.index', { call, value: quoteValue(index), max: count - 1, count }),
  );
}

/**
 * `window.sandbox` over the action layer: each argument checked here (a bad one throws, naming
 * it), then the same call the keys, pointer and panel make. `tour` is the tour's own door (it
 * checks its chapter itself and acts through the same action layer).
 */
export function createScriptingApi(actions: ActionLayer, tour: TourApi): SandboxApi {
  return {
    scenes: () => SCENES.map((scene) => scene.id),
    load(scene, options) {
      if (typeof scene !== 'string')
        throw new Error(
          t('api.loadScene', {
            value: quoteValue(scene),
            valid: sceneList(SCENES.map((s) => s.id)),
          }),
        );
      return actions.load(scene, validateLoadOptions(options));
    },
    settings: () => ({ ...actions.settings() }),
    set(patch) {
      actions.set(patch);
    },
    pause() {
      actions.set({ paused: true });
    },
    resume() {
      actions.set({ paused: false });
    },
    spawn(spec) {
      actions.spawnBody(validateSpawnSpec(spec));
    },
    remove(index) {
      actions.removeBody(validBodyIndex('remove', index, actions.bodyCount()));
    },
    advance(frameSeconds) {
      return actions.advance(validateFrames(frameSeconds));
    },
    run() {
      actions.run();
    },
    state: () => actions.state(),
    pose(index) {
      return actions.pose(validBodyIndex('pose', index, actions.bodyCount()));
    },
    stats: () => actions.stats(),
    hitch(seconds) {
      // The hitch range is the hitchSeconds setting's (config/settings.ts).
      if (seconds !== undefined && !validateValue('hitchSeconds', seconds).ok) {
        throw new Error(
          t('api.hitch', {
            value: quoteValue(seconds),
            expected: describeSpec(SETTING_SPECS.hitchSeconds),
          }),
        );
      }
      actions.hitch(seconds);
    },
    track(index) {
      const count = actions.bodyCount();
      if (index === null) {
        actions.track(-1);
        return;
      }
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
        throw new Error(t('api.track', { value: quoteValue(index), max: count - 1 }));
      }
      actions.track(index);
    },
    saveState: () => actions.saveState(),
    loadState: (state) => actions.loadState(state),
    record: (options) => actions.record(options),
    stopRecording: (options) => actions.stopRecording(options),
    replay: (recording) => actions.replay(recording),
    seek: (step) => actions.seek(step),
    language: () => currentLanguage(),
    setLanguage: (language) => setLanguage(language),
    tour,
  };
}

// Rebuilds a dead physics worker's world on the page's thread from its session log, a slice at a
// time: the log's start (the worker's newest checkpoint, or the message that began the session),
// then every request in order, answering those the worker never answered. Steps sent before the
// worker died go no further than the last step the page showed; requests made since go whole.

import { PhysicsCore } from '../core/physicsCore';
import type { PhysicsTuning } from '../../physics/world/tuning';
import { findScene } from '../../scenes/registry';
import type { SceneOptions } from '../../scenes/registry';
import type { Recording } from '../../state/recording';
import type { SavedState } from '../../state/stateSchema';
import { assertNever } from '../../util/assertNever';
import type { LoggedMessage, SessionLog, StartMessage } from './sessionLog';

/** What a request the dead worker never answered gets: its value, or why it failed. */
export type Answer = (id: number, value: SavedState | Recording | null, error?: string) => void;

export class LogReplay {
  private readonly log: SessionLog;
  private readonly tuning: Readonly<PhysicsTuning>;
  private readonly answer: Answer;
  private built: PhysicsCore | null = null;
  /** The log's start still being restored, a body at a time (a checkpoint's state). */
  private restoring: Generator<void, void> | null = null;
  /** The log's epoch the core was built for (a load during the rebuild starts it again). */
  private epoch = -1;
  /** The next request to replay. */
  private next = 0;
  /** Steps taken since the rebuild began. */
  stepsTaken = 0;

  constructor(log: SessionLog, tuning: Readonly<PhysicsTuning>, answer: Answer) {
    this.log = log;
    this.tuning = tuning;
    this.answer = answer;
  }

  /** The core being rebuilt (null before the first slice). */
  get core(): PhysicsCore | null {
    return this.built;
  }

  /**
   * Replays until every request logged so far is done (returns true) or `clockMs()` passes
   * `deadlineMs` (false: call again). The log's start is built whole in the first slice.
   */
  run(deadlineMs: number, clockMs: () => number): boolean {
    const log = this.log;
    if (this.epoch !== log.epoch || !this.built) {
      const start = log.start;
      if (!start) throw new Error('The physics worker was never asked to load a scene.');
      this.epoch = log.epoch;
      this.next = 0;
      if (start.type === 'checkpoint') {
        this.built = emptyCore(start.checkpoint.state.scene.id, this.tuning);
        this.restoring = this.built.resumeInParts(start.checkpoint, start.recording);
      } else {
        this.built = buildStart(start.message, this.tuning);
        this.restoring = null;
      }
    }
    const core = this.built;
    for (let parts = this.restoring; parts !== null;) {
      if (parts.next().done) this.restoring = parts = null;
      else if (clockMs() >= deadlineMs) return false;
    }
    const messages = log.messages;
    const capFrom = cappedFrom(log);
    while (this.next < messages.length) {
      const message = messages[this.next];
      if (message.type === 'stepTo') {
        const capped = this.next >= capFrom && this.next < log.frozenBefore;
        const target = capped ? Math.min(message.step, log.frozenStep) : message.step;
        const dts = message.dtSeconds;
        while (core.stepIndex < target) {
          // A frame of steps of their own lengths (semi-fixed) names its last steps' lengths.
          if (typeof dts === 'number') core.step(dts);
          else core.step(dts[dts.length - (message.step - core.stepIndex)]);
          this.stepsTaken++;
          if (clockMs() >= deadlineMs && core.stepIndex < target) return false;
        }
      } else this.apply(core, message);
      this.next++;
      if (this.next === log.frozenBefore) {
        // The page heard of the faults up to the step it showed from the worker already.
        if (core.guard.hasReport) core.guard.takeReport();
      }
      if (this.epoch !== log.epoch) return this.run(deadlineMs, clockMs);
      if (clockMs() >= deadlineMs && this.next < messages.length) return false;
    }
    return true;
  }

  private apply(core: PhysicsCore, message: Exclude<LoggedMessage, { type: 'stepTo' }>): void {
    switch (message.type) {
      case 'load':
        core.load(message.sceneId, { count: message.count, seed: message.seed });
        return;
      case 'loadState':
        core.loadState(message.state);
        return;
      case 'replay':
        core.replay(message.recording);
        return;
      case 'seek':
        core.seek(message.target);
        return;
      case 'rate':
        core.physicsHz = message.physicsHz;
        return;
      case 'commands':
        for (const command of message.commands) core.push(structuredClone(command));
        return;
      case 'dragTarget':
        core.commands.setDragTarget(message.point);
        return;
      case 'applyNow':
        core.applyDue();
        return;
      case 'checkpoint':
        return;
      case 'saveState':
      case 'record':
      case 'stopRecording':
        this.request(core, message);
        return;
      default:
        assertNever(message, 'logged message');
    }
  }

  /** A request with an answer: done as the worker would have, answered as it would have been. */
  private request(
    core: PhysicsCore,
    message: Extract<LoggedMessage, { type: 'saveState' | 'record' | 'stopRecording' }>,
  ): void {
    try {
      let value: SavedState | Recording | null = null;
      if (message.type === 'saveState') value = core.saveState();
      else if (message.type === 'record') core.record(message.options);
      else value = core.stopRecording(message.keyframes);
      this.answer(message.id, value);
    } catch (thrown) {
      this.answer(message.id, null, thrown instanceof Error ? thrown.message : String(thrown));
    }
  }
}

/**
 * Where capped requests begin: after the last jump (a seek) before the freeze, since the steps
 * before a seek are undone by it and are replayed whole (the replay's checks see them).
 */
function cappedFrom(log: SessionLog): number {
  const messages = log.messages;
  for (let i = Math.min(log.frozenBefore, messages.length) - 1; i >= 0; i--) {
    if (messages[i].type === 'seek') return i + 1;
  }
  return 0;
}

/** A core holding the message that began the session: a scene built, a state loaded, a replay begun. */
function buildStart(message: StartMessage, tuning: Readonly<PhysicsTuning>): PhysicsCore {
  switch (message.type) {
    case 'load':
      return new PhysicsCore(message.sceneId, { count: message.count, seed: message.seed }, tuning);
    case 'loadState': {
      const core = emptyCore(message.state.scene.id, tuning);
      core.loadState(message.state);
      return core;
    }
    case 'replay': {
      const first = message.recording.keyframes[0];
      const core = emptyCore(first ? first.state.scene.id : '', tuning);
      core.replay(message.recording);
      return core;
    }
    default:
      return assertNever(message, 'log start');
  }
}

/** A core with the smallest build of `sceneId`, about to be restored over. */
function emptyCore(sceneId: string, tuning: Readonly<PhysicsTuning>): PhysicsCore {
  const definition = findScene(sceneId);
  if (!definition) throw new Error(`The physics worker's scene '${sceneId}' is unknown.`);
  const options: SceneOptions = definition.count ? { count: definition.count.min } : {};
  return new PhysicsCore(definition.id, options, tuning);
}

/**
 * Runs `rebuilds` a slice of at most `sliceMs` at a time (the page's other tasks run between
 * slices, through `schedule`) until every one is done. Resolves with what the first one that
 * failed threw, or null.
 */
export function rebuildInSlices(
  rebuilds: readonly LogReplay[],
  sliceMs: number,
  clockMs: () => number = () => performance.now(),
  schedule: (next: () => void) => void = (next) => void setTimeout(next, 0),
): Promise<unknown> {
  return new Promise((resolve) => {
    const slice = (): void => {
      const deadlineMs = clockMs() + sliceMs;
      let finished = true;
      try {
        for (const rebuild of rebuilds) finished = rebuild.run(deadlineMs, clockMs) && finished;
      } catch (error) {
        resolve(error);
        return;
      }
      if (finished) resolve(null);
      else schedule(slice);
    };
    schedule(slice);
  });
}

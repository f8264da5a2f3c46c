// The page's own thread builds scenes and makes jumps in the physics core at once: a request is
// done before its promise is made, and one that fails throws at the call, changing nothing.

import type { PhysicsCore } from '../core/physicsCore';
import type { LoadedScene } from '../../scenes/registry';
import { reloadOptions } from '../../scenes/registry';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import type { Recording, RecordOptions } from '../../state/recording';
import type { ReplayStatus } from '../../state/replay';
import type { SavedState } from '../../state/stateSchema';
import type { KeyframeChoice } from '../../state/timeline';
import type { HostTimeline, RecordingStatus } from './physicsHost';

/** Does `work` now and resolves with what it gave (a throw happens here, at the call). */
function done<T>(work: () => T): Promise<T> {
  return Promise.resolve(work());
}

export class LocalTimeline implements HostTimeline {
  readonly building = false;
  private readonly core: PhysicsCore;
  private seenSceneVersion = -1;
  private draw: SceneDrawData = { version: 0, statics: [], springs: [] };

  constructor(core: PhysicsCore) {
    this.core = core;
  }

  load(scene: LoadedScene): Promise<void> {
    return done(() => void this.core.load(scene.definition.id, reloadOptions(scene)));
  }

  get scene(): LoadedScene {
    return this.core.scene;
  }

  get sceneDraw(): SceneDrawData {
    const core = this.core;
    if (core.sceneVersion !== this.seenSceneVersion) {
      this.seenSceneVersion = core.sceneVersion;
      this.draw = {
        version: core.sceneVersion,
        statics: core.physics.statics.slice(),
        springs: core.physics.springEnds(),
      };
    }
    return this.draw;
  }

  saveState(): Promise<SavedState> {
    return done(() => this.core.saveState());
  }

  loadState(state: SavedState): Promise<void> {
    return done(() => this.core.loadState(state));
  }

  record(options: RecordOptions): Promise<void> {
    return done(() => this.core.record(options));
  }

  stopRecording(keyframes: KeyframeChoice): Promise<Recording> {
    return done(() => this.core.stopRecording(keyframes));
  }

  replay(recording: Recording): Promise<void> {
    return done(() => this.core.replay(recording));
  }

  seek(target: number): Promise<void> {
    return done(() => this.core.seek(target));
  }

  replayStatus(): ReplayStatus | null {
    return this.core.timeline.status();
  }

  recordingStatus(): RecordingStatus | null {
    const timeline = this.core.timeline;
    const step = timeline.recordingStep;
    return step === null ? null : { step, inputs: timeline.recordingInputs ?? 0 };
  }
}

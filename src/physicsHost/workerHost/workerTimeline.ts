// A worker's loads and jumps as the page asks them: each a new generation of the worker's world,
// whose scene is known here before the worker has built it, drawn from the step it lands on.

import type { HostTimeline, RecordingStatus } from '../host/physicsHost';
import { savedScene } from '../core/physicsCore';
import { reloadOptions } from '../../scenes/registry';
import type { LoadedScene } from '../../scenes/registry';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import type { Recording, RecordOptions } from '../../state/recording';
import type { ReplayStatus } from '../../state/replay';
import type { SavedState } from '../../state/stateSchema';
import { landingStep } from '../../state/timeline';
import type { KeyframeChoice, TimelineJump } from '../../state/timeline';
import type { WorkerChannel } from './workerChannel';

/** What the timeline asks of the host it belongs to. */
export interface TimelineHost {
  /** Whether the worker was stopped (nothing it builds will be drawn). */
  stopped(): boolean;
  /** The index of the next step asked for. */
  nextStep(): number;
  /** A new generation was asked for, from step `fromStep`: nothing of the old one is drawn. */
  restart(fromStep: number): void;
}

export class WorkerTimeline implements HostTimeline {
  private readonly channel: WorkerChannel;
  private readonly host: TimelineHost;
  /** The scene asked for, known before the worker has built it (a load, a state, a replay). */
  private askedScene: LoadedScene | null = null;
  /** The step index the loaded replay started at (a seek lands relative to it). */
  private replayStart = 0;

  constructor(channel: WorkerChannel, host: TimelineHost) {
    this.channel = channel;
    this.host = host;
  }

  load(scene: LoadedScene): Promise<void> {
    this.askedScene = scene;
    const built = this.channel.load(scene.definition.id, reloadOptions(scene));
    this.host.restart(0);
    return built;
  }

  get building(): boolean {
    return this.channel.building || this.host.stopped();
  }

  get scene(): LoadedScene {
    const built = this.channel.ready ? this.channel.scene : null;
    const scene = built ?? this.askedScene;
    if (!scene) throw new Error('No scene has been asked of the physics worker yet.');
    return scene;
  }

  get sceneDraw(): SceneDrawData {
    return this.channel.sceneDraw;
  }

  saveState(): Promise<SavedState> {
    return this.channel.request({ type: 'saveState' }) as Promise<SavedState>;
  }

  loadState(state: SavedState): Promise<void> {
    this.askedScene = savedScene(state.scene, this.scene);
    return this.jump({ type: 'loadState', state });
  }

  record(options: RecordOptions): Promise<void> {
    return this.channel.request({ type: 'record', options }).then(() => undefined);
  }

  stopRecording(keyframes: KeyframeChoice): Promise<Recording> {
    return this.channel.request({ type: 'stopRecording', keyframes }) as Promise<Recording>;
  }

  replay(recording: Recording): Promise<void> {
    const start = recording.keyframes[0];
    if (start) this.askedScene = savedScene(start.state.scene, this.scene);
    const made = this.jump({ type: 'replay', recording });
    this.replayStart = this.host.nextStep();
    return made;
  }

  seek(target: number): Promise<void> {
    this.askedScene = this.scene;
    return this.jump({ type: 'seek', target });
  }

  replayStatus(): ReplayStatus | null {
    return this.channel.timeline.replay;
  }

  recordingStatus(): RecordingStatus | null {
    const timeline = this.channel.timeline;
    const step = timeline.recordingStep;
    return step === null ? null : { step, inputs: timeline.recordingInputs ?? 0 };
  }

  /** A jump: a new generation, like a load, from the step index it lands on. */
  private jump(jump: TimelineJump): Promise<void> {
    const made = this.channel.jump(jump);
    this.host.restart(landingStep(jump, this.replayStart));
    return made;
  }
}

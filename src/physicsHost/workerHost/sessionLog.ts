// What the page has asked of its physics worker since the last scene load (or loaded state, or
// replay start), kept so that a worker that dies can be replaced by the same world, at the same
// step, on the page's own thread: the same messages into a core give the same physics, bit for
// bit — a recording under way and a replay's progress included.

import type { PhysicsCore } from '../core/physicsCore';
import { landingStep } from '../../state/timeline';
import type { ToWorker } from '../wire/protocol';
import { assertNever } from '../../util/assertNever';

/**
 * Re-simulating on the page's thread freezes it while it runs; past this many steps (30 s at
 * 100 Hz, a few seconds' work for a large pile) the page starts the scene again instead.
 */
export const MAX_REPLAY_STEPS = 3000;

/**
 * A logged request that changes the world or its timeline (the load or jump, commands, drag
 * targets, steps, the rate, recording).
 */
type LoggedMessage = Extract<
  ToWorker,
  {
    type:
      | 'load'
      | 'loadState'
      | 'replay'
      | 'seek'
      | 'rate'
      | 'record'
      | 'stopRecording'
      | 'commands'
      | 'dragTarget'
      | 'stepTo'
      | 'applyNow';
  }
>;

export class SessionLog {
  private messages: LoggedMessage[] = [];
  /** The step index the log starts from (0 after a load; a loaded state's step). */
  private startStep = 0;
  /** The step index asked for so far. */
  steps = 0;
  /** The step index the loaded replay started at (a seek lands relative to it). */
  private replayStart = 0;

  /**
   * Notes a message sent to the worker (a copy: senders reuse their message objects); a load
   * starts the log afresh. Past MAX_REPLAY_STEPS the log can no longer be replayed, so it is
   * dropped and records nothing more until the next load (nor grows, nor allocates).
   */
  record(message: ToWorker): void {
    const jump =
      message.type === 'load' || message.type === 'loadState' || message.type === 'replay';
    if (!jump && this.steps - this.startStep > MAX_REPLAY_STEPS) return;
    switch (message.type) {
      case 'load':
        this.messages = [{ ...message }];
        this.startStep = 0;
        this.steps = 0;
        return;
      case 'loadState':
      case 'replay':
        // A jump to a state the message carries whole: the log can start from it.
        this.messages = [{ ...message }];
        this.startStep = landingStep(message, this.replayStart);
        this.steps = this.startStep;
        if (message.type === 'replay') this.replayStart = this.startStep;
        return;
      case 'seek':
        this.messages.push({ ...message });
        this.steps = landingStep(message, this.replayStart);
        return;
      case 'stepTo': {
        // Runs of step requests with one step length need only the last: steps 4, 6, 7 at
        // 10 ms are the same as step 7 at 10 ms, and a long session's log stays short.
        const last = this.messages[this.messages.length - 1];
        if (
          last?.type === 'stepTo' &&
          typeof last.dtSeconds === 'number' &&
          last.dtSeconds === message.dtSeconds
        ) {
          last.step = message.step;
        } else {
          const dtSeconds = message.dtSeconds;
          this.messages.push({
            ...message,
            dtSeconds: typeof dtSeconds === 'number' ? dtSeconds : dtSeconds.slice(),
          });
        }
        this.steps = Math.max(this.steps, message.step);
        if (this.steps - this.startStep > MAX_REPLAY_STEPS) this.messages = [];
        return;
      }
      case 'dragTarget':
        this.messages.push({ type: 'dragTarget', point: [...message.point] });
        return;
      case 'commands':
      case 'applyNow':
      case 'rate':
      case 'record':
      case 'stopRecording':
        this.messages.push({ ...message });
        return;
      default:
        return;
    }
  }

  /** Whether re-simulating the log would be short enough to do on the page's thread. */
  get replayable(): boolean {
    return this.messages.length > 0 && this.steps - this.startStep <= MAX_REPLAY_STEPS;
  }

  /**
   * Replays every request into `core`, which the caller has just built with the scene the page
   * last asked for (a load in the log is that build) — so the world ends exactly where the
   * worker's was asked to be.
   */
  replay(core: PhysicsCore): void {
    for (const message of this.messages) {
      switch (message.type) {
        case 'load':
          break;
        case 'loadState':
          core.loadState(message.state);
          break;
        case 'replay':
          core.replay(message.recording);
          break;
        case 'seek':
          core.seek(message.target);
          break;
        case 'rate':
          core.physicsHz = message.physicsHz;
          break;
        case 'record':
          core.record(message.options);
          break;
        case 'stopRecording':
          core.stopRecording(message.keyframes);
          break;
        case 'commands':
          for (const command of message.commands) core.push(structuredClone(command));
          break;
        case 'dragTarget':
          core.commands.setDragTarget(message.point);
          break;
        case 'applyNow':
          core.applyDue();
          break;
        case 'stepTo': {
          const dts = message.dtSeconds;
          const taken = message.step - core.stepIndex;
          for (let k = 0; k < taken; k++)
            core.step(typeof dts === 'number' ? dts : dts[dts.length - taken + k]);
          break;
        }
        default:
          assertNever(message, 'logged message');
      }
    }
  }
}

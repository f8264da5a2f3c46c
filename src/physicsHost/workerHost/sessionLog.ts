// What the page has asked of its physics worker since the worker's newest checkpoint (or since
// the scene load, loaded state or replay start that began the session), kept so that a worker
// that dies can be replaced by the same world on the page's own thread: the same messages into a
// core give the same physics, bit for bit — a recording under way and a replay's progress
// included. Checkpoints keep the log short whatever the session's length (see LogReplay).

import type { CoreCheckpoint } from '../core/physicsCore';
import type { Recording } from '../../state/recording';
import type { ToWorker } from '../wire/protocol';

/** A logged request: one that changes the world, its timeline, or asks for an answer. */
export type LoggedMessage = Extract<
  ToWorker,
  {
    type:
      | 'load'
      | 'loadState'
      | 'replay'
      | 'seek'
      | 'rate'
      | 'saveState'
      | 'record'
      | 'stopRecording'
      | 'checkpoint'
      | 'commands'
      | 'dragTarget'
      | 'stepTo'
      | 'applyNow';
  }
>;

/** A message that starts a session afresh: the world it names replaces the old one whole. */
export type StartMessage = Extract<LoggedMessage, { type: 'load' | 'loadState' | 'replay' }>;

/** Where the log starts: the message that began the session, or a checkpoint of the worker's. */
export type LogStart =
  | { type: 'message'; message: StartMessage }
  | { type: 'checkpoint'; checkpoint: CoreCheckpoint; recording: Recording | null };

export class SessionLog {
  /** Where the session starts; null before the first load was sent. */
  start: LogStart | null = null;
  /** Every request logged since `start`, in the order sent. */
  readonly messages: LoggedMessage[] = [];
  /** Bumped whenever the log starts afresh (a load, a loaded state, a replay's start). */
  epoch = 0;
  /**
   * Requests before this index went to a worker that has since died: their steps go no further
   * than `frozenStep`, the last step the page showed (see `freeze`). −1: none.
   */
  frozenBefore = -1;
  frozenStep = 0;
  /** The recording the replay under way plays (a checkpoint's replay position refers to it). */
  private replaying: Recording | null = null;

  /**
   * Notes a request sent to the worker (a copy: senders reuse their message objects); a load,
   * a loaded state or a replay's start begins the log afresh.
   */
  record(message: ToWorker): void {
    switch (message.type) {
      case 'load':
      case 'loadState':
      case 'replay':
        this.start = { type: 'message', message: { ...message } };
        this.messages.length = 0;
        this.epoch++;
        this.frozenBefore = this.frozenBefore < 0 ? -1 : 0;
        this.replaying = message.type === 'replay' ? message.recording : null;
        return;
      case 'stepTo': {
        // Runs of step requests with one step length need only the last: steps 4, 6, 7 at
        // 10 ms are the same as step 7 at 10 ms. Never across a freeze (see `freeze`).
        const at = this.messages.length - 1;
        const last = this.messages[at];
        if (
          last?.type === 'stepTo' &&
          at >= this.frozenBefore &&
          typeof last.dtSeconds === 'number' &&
          last.dtSeconds === message.dtSeconds
        ) {
          last.step = message.step;
          return;
        }
        const dtSeconds = message.dtSeconds;
        this.messages.push({
          ...message,
          dtSeconds: typeof dtSeconds === 'number' ? dtSeconds : dtSeconds.slice(),
        });
        return;
      }
      case 'dragTarget':
        this.messages.push({ type: 'dragTarget', point: [...message.point] });
        return;
      case 'seek':
      case 'commands':
      case 'applyNow':
      case 'rate':
      case 'saveState':
      case 'record':
      case 'stopRecording':
      case 'checkpoint':
        this.messages.push({ ...message });
        return;
      default:
        return;
    }
  }

  /**
   * The worker made checkpoint `id` when it reached that request: the log starts there from now
   * on. False (nothing changed) when the request is no longer in the log (the session began
   * afresh since).
   */
  adopt(id: number, checkpoint: CoreCheckpoint): boolean {
    const at = this.messages.findIndex((m) => m.type === 'checkpoint' && m.id === id);
    if (at < 0 || this.frozenBefore >= 0) return false;
    const recording = checkpoint.timeline.replay ? this.replaying : null;
    if (checkpoint.timeline.replay && !recording) return false;
    this.start = { type: 'checkpoint', checkpoint, recording };
    this.messages.splice(0, at + 1);
    return true;
  }

  /**
   * The worker died: requests logged so far take no step past `shownStep` (the last step the
   * page showed) when replayed; those logged from now on are the page's own since, replayed
   * whole.
   */
  freeze(shownStep: number): void {
    this.frozenBefore = this.messages.length;
    this.frozenStep = shownStep;
  }
}

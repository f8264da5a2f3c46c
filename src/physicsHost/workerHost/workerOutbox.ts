// What the page puts into its physics worker's world between steps — commands, the mouse's drag
// target, the physics rate — held until the frame's messages go (one drag target a frame,
// however many moves), so reusing the drag message allocates nothing per frame.

import type { Command, Vec3Tuple } from '../../physics/index';
import type { HostInput } from '../host/physicsHost';
import type { ToWorker } from '../wire/protocol';

export class WorkerOutbox implements HostInput {
  private pending: Command[] = [];
  /** Whether a drag target waits for the next flush (in `dragMessage`). */
  private dragPending = false;
  /**
   * Made once: postMessage copies a message as it is sent, and the session log keeps copies of
   * its own.
   */
  private readonly dragMessage: { type: 'dragTarget'; point: Vec3Tuple } = {
    type: 'dragTarget',
    point: [0, 0, 0],
  };
  /** The physics rate last sent (`setRate`). */
  private sentHz = Number.NaN;

  /** @param send sends a message to the worker (and notes it in the session log). */
  constructor(private readonly send: (message: ToWorker) => void) {}

  /** Queues a command for the worker; sent with the next `flush`. */
  push(command: Command): void {
    this.pending.push(command);
  }

  /** Latches the mouse's drag target; sent with the next `flush`. */
  setDragTarget(target: ArrayLike<number>): void {
    const point = this.dragMessage.point;
    point[0] = target[0];
    point[1] = target[1];
    point[2] = target[2];
    this.dragPending = true;
  }

  /** The physics rate the page paces at, sent at once when it changes (saved states record it). */
  setRate(physicsHz: number): void {
    if (physicsHz === this.sentHz) return;
    this.sentHz = physicsHz;
    this.send({ type: 'rate', physicsHz });
  }

  /** Whether commands or a drag target wait for the next `flush`. */
  get hasPending(): boolean {
    return this.pending.length > 0 || this.dragPending;
  }

  /** Sends the commands and the drag target queued since the last flush. */
  flush(): void {
    if (this.pending.length > 0) {
      this.send({ type: 'commands', commands: this.pending });
      this.pending = [];
    }
    if (this.dragPending) {
      this.send(this.dragMessage);
      this.dragPending = false;
    }
  }

  /** A new load or jump: what was queued named the old world's bodies and is dropped. */
  drop(): void {
    this.pending = [];
    this.dragPending = false;
  }
}

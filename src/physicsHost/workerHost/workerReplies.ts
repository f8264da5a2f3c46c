// The requests the page has sent its physics worker that an answer comes back to (a saved state,
// the start or end of a recording), by id, until answered: by the worker, or — when it died
// first — by its world rebuilt on the page (LogReplay).

import type { Recording } from '../../state/recording';
import type { SavedState } from '../../state/stateSchema';

/** What a request is answered with. */
export type ReplyValue = SavedState | Recording | null;

export class WorkerReplies {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: ReplyValue) => void; reject: (error: Error) => void }
  >();

  /** A new request's id, and the promise its answer settles. */
  open(): { id: number; answered: Promise<ReplyValue> } {
    const id = this.nextId++;
    const answered = new Promise<ReplyValue>((resolve, reject) =>
      this.waiting.set(id, { resolve, reject }),
    );
    return { id, answered };
  }

  /** Request `id` answered: its value, or why it failed. Unknown ids are ignored. */
  settle(id: number, value: ReplyValue, error?: string): void {
    const reply = this.waiting.get(id);
    this.waiting.delete(id);
    if (!reply) return;
    if (error === undefined) reply.resolve(value);
    else reply.reject(new Error(error));
  }

  /** Nobody will answer any more: every request still waiting fails. */
  failAll(): void {
    for (const reply of this.waiting.values())
      reply.reject(new Error('The physics worker stopped before it answered.'));
    this.waiting.clear();
  }
}

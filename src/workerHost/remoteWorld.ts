// Worker mode: the page's copy of the worker's world — the step drawn (copied from the ring),
// the newest published step for hashes and checks, and the bodies the worker's state guard
// removed, kept until the page shows them.

import type { FaultReport } from '../physics/stateGuard';
import { SnapshotPair } from '../snapshot/snapshots';
import type { WorkerPhysics } from './workerPhysics';
import { StateHasher, toHex } from '../state/stateHasher';
import type { WorkerLink } from './workerLink';

export class RemoteWorld {
  /** The drawn step's snapshot pair. */
  readonly drawn = new SnapshotPair();
  /** Scratch for reading the newest step (hashes, `posesAt`). */
  private readonly newest = new SnapshotPair();
  private readonly hasher = new StateHasher();
  private readonly faults: FaultReport[] = [];
  /** Bodies the worker's state guard removed since this generation began. */
  removed = 0;
  /** The worker's scene changes (a replay's loads) already taken over. */
  seenSceneChanges = 0;

  /** A new generation asked for (from `fromStep`): nothing of the old one is drawn. */
  restart(link: WorkerLink, fromStep: number): void {
    link.reset(fromStep);
    this.drawn.resize(0);
    this.drawn.bodies.count = 0;
    this.drawn.bodies.version = -1;
    this.faults.length = 0;
    this.removed = 0;
  }

  /** A fault report from the worker, kept until `takeFaults`. */
  noteFaults(report: FaultReport): void {
    this.faults.push(report);
    this.removed += report.count;
  }

  /** The fault reports since the last call, merged; null if none. */
  takeFaults(): FaultReport | null {
    const reports = this.faults;
    if (reports.length === 0) return null;
    const merged: FaultReport = { count: 0, faults: [] };
    for (const report of reports.splice(0)) {
      merged.count += report.count;
      merged.faults.push(...report.faults);
    }
    return merged;
  }

  /** The newest published step's digest ('' before the first). */
  hashOfNewest(physics: WorkerPhysics): string {
    const step = physics.newestStep();
    if (step < 0 || physics.copyStep(step, this.newest) < 0) return '';
    const lanes = this.hasher.hashState(this.newest.current, this.newest.count);
    return toHex(lanes[0], lanes[1]);
  }

  /** The snapshots right after step `step` while the ring still holds it (a scratch pair), or null. */
  posesAt(physics: WorkerPhysics, step: number): SnapshotPair | null {
    return physics.copyStep(step, this.newest) < 0 ? null : this.newest;
  }

  /** The dense index of body `id` in what is drawn, −1 if it is not there. */
  bodyIndex(id: number): number {
    return this.drawn.bodies.indexOf(id);
  }

  /** The id of the body drawn at dense index `index`, or −1. */
  idAt(index: number): number {
    const table = this.drawn.bodies;
    return index >= 0 && index < table.count ? table.ids[index] : -1;
  }
}

// The worker's bodies as the page holds them: the drawn step's ids, the newest step copied from
// the ring for its digest or poses, and the bodies the worker's state guard reported removed.

import type { FaultReport } from '../../physics/index';
import type { HostBodies, HostFaults } from '../host/physicsHost';
import { SceneSnapshots } from '../../snapshot/snapshots';
import { StateHasher, toHex } from '../../state/stateHasher';
import type { WorkerChannel } from './workerChannel';

export class WorkerBodies implements HostBodies {
  /** Scratch for reading the newest step (hashes, `posesAt`). */
  private readonly newest = new SceneSnapshots();
  private readonly hasher = new StateHasher();
  private readonly channel: WorkerChannel;
  /** The drawn step's pair: dense indices and ids are the drawn ones. */
  private readonly drawn: SceneSnapshots;

  constructor(channel: WorkerChannel, drawn: SceneSnapshots) {
    this.channel = channel;
    this.drawn = drawn;
  }

  hash(): string {
    const step = this.channel.newestStep();
    if (step < 0 || this.channel.copyStep(step, this.newest) < 0) return '';
    const lanes = this.hasher.hashState(this.newest.current, this.newest.count);
    return toHex(lanes[0], lanes[1]);
  }

  posesAt(step: number): SceneSnapshots | null {
    return this.channel.copyStep(step, this.newest) < 0 ? null : this.newest;
  }

  bodyIndex(id: number): number {
    return this.drawn.bodies.indexOf(id);
  }

  idAt(index: number): number {
    const table = this.drawn.bodies;
    return index >= 0 && index < table.count ? table.ids[index] : -1;
  }
}

/** The worker's fault reports, kept until the page takes them. */
export class WorkerFaults implements HostFaults {
  private readonly reports: FaultReport[] = [];
  private removedCount = 0;

  /** The worker reported `report`. */
  note(report: FaultReport): void {
    this.reports.push(report);
    this.removedCount += report.count;
  }

  take(): FaultReport | null {
    const reports = this.reports;
    if (reports.length === 0) return null;
    const merged: FaultReport = { count: 0, faults: [] };
    for (const report of reports.splice(0)) {
      merged.count += report.count;
      merged.faults.push(...report.faults);
    }
    return merged;
  }

  get removed(): number {
    return this.removedCount;
  }

  /** A new generation: nothing reported yet. */
  clear(): void {
    this.reports.length = 0;
    this.removedCount = 0;
  }
}

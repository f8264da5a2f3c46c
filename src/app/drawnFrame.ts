// What a frame draws: the host's snapshot pair picked for it, the poses interpolated from that
// pair for the loop's times (the split view's right half too), and the scene's statics and
// springs. Render and the stutter meter read it; it reads the host, never steps it.

import type { InterpolationMode, Settings } from '../config/settings';
import { FramePoses, interpolateAt } from 'fixed-step/interpolation';
import { createLoopTimes } from 'fixed-step/loop';
import type { FixedStepLoop, FrameReport, LoopTimes } from 'fixed-step/loop';
import type { HostBodies, PhysicsHost } from '../physicsHost/host/physicsHost';
import type { SceneDrawData } from '../snapshot/sceneDrawData';
import type { SceneSnapshots } from '../snapshot/snapshots';
import type { MeterSource } from '../stats/stutterMeter';

export class DrawnFrame implements MeterSource {
  /** The poses drawn, interpolated in the main render mode. */
  readonly draw = new FramePoses();
  /** The split view's right half, in the `splitRight` mode (filled only in that view). */
  readonly splitDraw = new FramePoses();
  /** Where the loop stood when `draw` was last interpolated: its alpha, the display's time. */
  readonly times: LoopTimes = createLoopTimes();
  /** The loaded scene's statics and springs, for render (its version changes with them). */
  sceneDraw: SceneDrawData = { version: 0, statics: [], springs: [] };
  /** The frame's report (the simulation's), which the stutter meter reads with the poses. */
  readonly report: FrameReport;
  /** The snapshots drawn from: the host's own pair, current as of the last `take`. */
  private pair: SceneSnapshots;
  /** The bodies of the host the pair came from (dense indices are theirs). */
  private bodies: HostBodies;
  /** The host's scene data last taken over (a new object whenever the scene changed). */
  private seenHostDraw: SceneDrawData | null = null;

  constructor(host: PhysicsHost, report: FrameReport) {
    this.report = report;
    this.pair = host.stepping.drawn(true);
    this.bodies = host.bodies;
  }

  /** What is drawn from: the host's snapshots (in a worker, the drawn step's copy). */
  get snapshots(): SceneSnapshots {
    return this.pair;
  }

  /** MeterSource: the dense index of body `id` in what is drawn, −1 once removed. */
  bodyIndex(id: number): number {
    return this.bodies.bodyIndex(id);
  }

  /**
   * Takes the host's snapshots to draw now (see HostStepping.drawn). Returns whether the host's
   * scene changed since the last take (a load, a replay's load): its draw data is then taken over.
   */
  take(host: PhysicsHost, settled: boolean): boolean {
    this.pair = host.stepping.drawn(settled);
    this.bodies = host.bodies;
    return this.followScene(host);
  }

  /** Takes over the host's scene draw data when it changed; true when it did. */
  followScene(host: PhysicsHost): boolean {
    const hostDraw = host.timeline.sceneDraw;
    if (hostDraw === this.seenHostDraw) return false;
    this.seenHostDraw = hostDraw;
    this.sceneDraw = { ...hostDraw, version: this.sceneDraw.version + 1 };
    return true;
  }

  /** The draw poses for the loop's times now; in the split view its right half's too. */
  interpolate(loop: FixedStepLoop, settings: Readonly<Settings>): void {
    const times = loop.timesInto(this.times);
    interpolateAt(this.pair, times, renderMode(settings, settings.interpolation), this.draw);
    const right = renderMode(settings, settings.splitRight);
    if (settings.view === 'split') interpolateAt(this.pair, times, right, this.splitDraw);
  }
}

/**
 * The render mode actually used: only the accumulator leaves a fraction of a step to draw
 * with; the other strategies end every frame exactly at display time, so they draw current.
 */
function renderMode(settings: Readonly<Settings>, mode: InterpolationMode): InterpolationMode {
  return settings.strategy === 'accumulator' ? mode : 'off';
}

// The tour's live figures, one per chapter, read from the page's stats at each HUD refresh: sim ÷
// real beside frame rate × dt, the spring chains' energy, the frame-time history for the spiral
// chart, the stutter meter's jitter and the seconds given up.

import type { Settings } from '../config/settings';
import { GRAVITY } from '../physics/index';
import { chainSpring, SPRING_BALL_MASS, SPRING_CHAINS } from '../scenes/spring';
import type { SceneSnapshots } from '../snapshot/snapshots';
import type { StatsSnapshot } from '../stats/statsSnapshot';
import { fixedText } from '../ui/readout';
import type { Decimals } from '../ui/readout';
import type { MeasureKind } from './chapters';

/** Frames the spiral chart keeps: two seconds of a 60 Hz display. */
export const CHART_FRAMES = 120;

/** The chains' springs, all alike. */
const SPRING = chainSpring();

/** A chapter's figure: the number (`data-value`) and what the text around it fills in. */
export interface Measurement {
  value: number;
  /** Placeholders of the chapter's measure text. */
  params: Record<string, string>;
}

/**
 * The spring scene's mechanical energy (J): kinetic + gravitational + the springs', over the
 * chains' balls (slots 0 to links × chains − 1, in the order the scene builds them). Reads the
 * current snapshot in place: nothing is allocated. A body the state guard removed (a chain that
 * blew up) leaves fewer slots than balls: that is reported as Infinity, energy beyond bounds.
 */
export function chainEnergy(snapshots: SceneSnapshots): number {
  const links = SPRING_CHAINS.links;
  const balls = links * SPRING_CHAINS.x.length;
  if (snapshots.count < balls) return Infinity;
  const { position: p, velocity: v } = snapshots.current;
  const spring = SPRING;
  const m = SPRING_BALL_MASS;
  let energy = 0;
  for (let chain = 0; chain < SPRING_CHAINS.x.length; chain++) {
    // The spring above each ball runs from the one before it, or from the chain's fixed top.
    let ax: number = SPRING_CHAINS.x[chain] ?? 0;
    let ay: number = SPRING_CHAINS.topY;
    let az = 0;
    for (let k = 0; k < links; k++) {
      const i = 3 * (chain * links + k);
      const x = p[i] ?? 0;
      const y = p[i + 1] ?? 0;
      const z = p[i + 2] ?? 0;
      const vx = v[i] ?? 0;
      const vy = v[i + 1] ?? 0;
      const vz = v[i + 2] ?? 0;
      const stretch = Math.sqrt((x - ax) ** 2 + (y - ay) ** 2 + (z - az) ** 2) - spring.restLength;
      energy += 0.5 * m * (vx * vx + vy * vy + vz * vz) - m * GRAVITY * y;
      energy += 0.5 * spring.stiffness * stretch * stretch;
      ax = x;
      ay = y;
      az = z;
    }
  }
  return Number.isFinite(energy) ? energy : Infinity;
}

/** Real frame times, newest last, in a ring the chart draws from (no allocation per frame). */
export class FrameHistory {
  readonly seconds = new Float64Array(CHART_FRAMES);
  /** Frames held, up to CHART_FRAMES. */
  count = 0;
  private next = 0;

  /** Adds a frame's real seconds, dropping the oldest once full. */
  add(seconds: number): void {
    this.seconds[this.next] = seconds;
    this.next = (this.next + 1) % CHART_FRAMES;
    this.count = Math.min(this.count + 1, CHART_FRAMES);
  }

  /** The `i`th frame held, oldest first. */
  at(i: number): number {
    return this.seconds[(this.next - this.count + i + CHART_FRAMES) % CHART_FRAMES] ?? 0;
  }

  clear(): void {
    this.count = 0;
    this.next = 0;
  }

  /** The frames held in milliseconds, oldest first, as text (the chart's `data-frames`). */
  text(): string {
    let out = '';
    for (let i = 0; i < this.count; i++)
      out += `${i > 0 ? ',' : ''}${Math.round(this.at(i) * 1000)}`;
    return out;
  }
}

/** A number as the card shows it: `digits` after the locale's decimal separator, as the HUD's. */
export function shown(value: number, digits: Decimals): string {
  return Number.isFinite(value) ? fixedText(value, digits) : '∞';
}

/** Seconds given up since load: to the clamp, the step cap and the overload governor. */
export function secondsGivenUp(stats: StatsSnapshot): number {
  return stats.clampedSeconds + stats.droppedSeconds + stats.throttledSeconds;
}

/**
 * The chapter's figure now.
 * @param kind what the chapter measures.
 * @param stats the page's stats.
 * @param settings the settings in force (dt for frame rate × dt).
 * @param energy the chains' energy, for 'energy' (read by the caller from the snapshots).
 */
export function measure(
  kind: MeasureKind,
  stats: StatsSnapshot,
  settings: Readonly<Settings>,
  energy: number,
): Measurement {
  switch (kind) {
    case 'rate': {
      const expected = stats.fps / settings.physicsHz;
      return {
        value: stats.simOverReal,
        params: { value: shown(stats.simOverReal, 2), expected: shown(expected, 2) },
      };
    }
    case 'energy':
      return { value: energy, params: { value: shown(energy, 0) } };
    case 'spiral':
      return {
        value: stats.frame.frameSeconds * 1000,
        params: {
          value: shown(stats.frame.frameSeconds * 1000, 0),
          rate: shown(stats.simOverReal, 2),
          lost: shown(secondsGivenUp(stats), 1),
        },
      };
    case 'stutter':
      return {
        value: stats.stutter.jitter * 100,
        params: { value: shown(stats.stutter.jitter * 100, 1) },
      };
    case 'givenUp':
      return {
        value: secondsGivenUp(stats),
        params: {
          value: shown(secondsGivenUp(stats), 2),
          clamp: shown(stats.clampedSeconds, 2),
          cap: shown(stats.droppedSeconds, 2),
          governor: shown(stats.throttledSeconds, 2),
        },
      };
  }
}

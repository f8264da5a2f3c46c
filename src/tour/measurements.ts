// The tour's live figures, one per chapter, read from the page's stats at each HUD refresh: sim ÷
// real beside frame rate × dt, the spring chains' energy against their start and the display
// rate the steps follow, the frame's steps and the frame-time history for the spiral chart, the
// stutter meter's figure and the seconds given up.

import type { Settings } from '../config/settings';
import type { TextKey } from '../i18n/en';
import type { FrameReport } from 'fixed-step/loop';
import { GRAVITY } from '../physics/index';
import {
  ballStart,
  chainSpring,
  SPRING_BALL_MASS,
  SPRING_CHAINS,
  SPRINGS_HOLD_FROM_HZ,
} from '../scenes/spring';
import type { SceneSnapshots } from '../snapshot/snapshots';
import type { StatsSnapshot } from '../stats/statsSnapshot';
import { fixedText } from '../ui/readout';
import type { Decimals } from '../ui/readout';
import type { MeasureKind } from './chapters';

/** Frames the spiral chart keeps: two seconds of a 60 Hz display. */
export const CHART_FRAMES = 120;

/** The chains' springs, all alike. */
const SPRING = chainSpring();

/** A sentence the card shows under the chapter's words: a text and its placeholders. */
export interface CardNote {
  key: TextKey;
  params: Record<string, string>;
}

/** A chapter's figure: the number (`data-value`) and what the text around it fills in. */
export interface Measurement {
  value: number;
  /** Placeholders of the chapter's measure text. */
  params: Record<string, string>;
  /** What the figure means for this reader now (chapter 2: their display's rate), or null. */
  note: CardNote | null;
}

/**
 * Mechanical energy (J) of the chains' balls, kinetic + gravitational + the springs', with each
 * ball's position and velocity at `3 × slot` in `p` and `v` (slots 0 to links × chains − 1, in
 * the order the scene builds them).
 */
function energyOf(p: ArrayLike<number>, v: ArrayLike<number>): number {
  const links = SPRING_CHAINS.links;
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

/**
 * The spring scene's mechanical energy now (J). Reads the current snapshot in place: nothing is
 * allocated. A body the state guard removed (a chain that blew up) leaves fewer slots than
 * balls: that is reported as Infinity, energy beyond bounds.
 */
export function chainEnergy(snapshots: SceneSnapshots): number {
  const balls = SPRING_CHAINS.links * SPRING_CHAINS.x.length;
  if (snapshots.count < balls) return Infinity;
  return energyOf(snapshots.current.position, snapshots.current.velocity);
}

/** The chains' energy where the scene starts them (J), at rest: what the figure is against. */
export function startEnergy(): number {
  const links = SPRING_CHAINS.links;
  const position = new Float64Array(3 * links * SPRING_CHAINS.x.length);
  for (let chain = 0; chain < SPRING_CHAINS.x.length; chain++) {
    for (let k = 0; k < links; k++) position.set(ballStart(chain, k), 3 * (chain * links + k));
  }
  return energyOf(position, new Float64Array(position.length));
}

/** The start's energy, computed once. */
const START_ENERGY = startEnergy();

/**
 * Whether these springs hold under a variable step at a steady `hz` (false for a rate not yet
 * measured).
 */
export function springsHold(hz: number): boolean {
  return hz >= SPRINGS_HOLD_FROM_HZ;
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
 * The steps a frame took, as "5 × 10 ms" or, for semi-fixed's shorter last step, "2 × 10 ms +
 * 5 ms": from its report, the simulated seconds it kept (its frame time, scaled, less what it
 * gave up) over its steps, all a whole dt but the last.
 */
export function stepsText(frame: Readonly<FrameReport>, settings: Readonly<Settings>): string {
  if (frame.steps === 0) return '0';
  const dt = 1 / settings.physicsHz;
  const kept =
    frame.frameSeconds * settings.timeScale -
    frame.clampedSeconds -
    frame.throttledSeconds -
    frame.droppedSeconds;
  const last = kept - (frame.steps - 1) * dt;
  const dtText = `${shown(dt * 1000, 0)} ms`;
  // A last step within a microsecond of dt is a whole one (rounding of the seconds given up).
  if (Math.abs(last - dt) < 1e-6) return `${frame.steps} × ${dtText}`;
  const lastText = `${shown(last * 1000, 1)} ms`;
  return frame.steps === 1 ? lastText : `${frame.steps - 1} × ${dtText} + ${lastText}`;
}

/**
 * Chapter 2's figure: the chains' energy as a multiple of their start, and what the display the
 * steps follow means for them — the reader's own display (its measured rate) or the steady rate
 * picked.
 */
function energyMeasure(stats: StatsSnapshot, settings: Readonly<Settings>, energy: number) {
  const ratio = energy / START_ENERGY;
  const native = settings.display === 'native';
  // The reader's rate is known once a half second of frames has been measured.
  const hz = native ? (stats.rateWindow.seconds >= 0.5 ? stats.fps : 0) : Number(settings.display);
  const params = { hz: shown(hz, 0), ms: shown(1000 / hz, 1) };
  let note: CardNote;
  if (hz === 0) note = { key: 'tour.variable.measuring', params };
  else if (native) {
    note = {
      key: springsHold(hz) ? 'tour.variable.holdYours' : 'tour.variable.breakYours',
      params,
    };
  } else {
    note = {
      key: springsHold(hz) ? 'tour.variable.holdSteady' : 'tour.variable.breakSteady',
      params,
    };
  }
  return { value: ratio, params: { value: shown(ratio, 1) }, note };
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
        note: null,
      };
    }
    case 'energy':
      return energyMeasure(stats, settings, energy);
    case 'spiral':
      return {
        value: stats.frame.frameSeconds * 1000,
        params: {
          value: shown(stats.frame.frameSeconds * 1000, 0),
          steps: stepsText(stats.frame, settings),
          rate: shown(stats.simOverReal, 2),
          lost: shown(secondsGivenUp(stats), 1),
        },
        note: null,
      };
    case 'stutter':
      return {
        value: stats.stutter.jitter * 100,
        params: { value: shown(stats.stutter.jitter * 100, 1) },
        note: null,
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
        note: null,
      };
  }
}

// The page's clock: requestAnimationFrame turned into frame seconds (zero after a hidden tab,
// a load or an unpause), the emulated steady display that hands over its own frames, and the
// lab's injected jitter and hitch — added to every frame, whether rAF or `advance` supplies it.

import type { Settings } from '../config/settings';
import { DisplayEmulator, REAL_FRAME } from './displayEmulator';
import { FrameClock } from 'fixed-step/loop';
import { Rng } from '../util/rng';

/** Seed of the frame jitter, restarted at every load (see `restartJitter`). */
const JITTER_SEED = 0x1177e5;

export class FrameDriver {
  private readonly clock = new FrameClock();
  private readonly display = new DisplayEmulator();
  private jitterRng = new Rng(JITTER_SEED);
  private pendingHitchSeconds = 0;
  private driving = false;
  private rafHandle = 0;
  private readonly settings: () => Readonly<Settings>;
  private readonly onFrame: (frameSeconds: number, nowMs: number, shown: boolean) => void;

  /**
   * @param settings the settings now (display rate and jitter are read every frame).
   * @param onFrame runs one real-time frame of `frameSeconds` (jitter and hitch included);
   *   `shown`: the last frame of this animation frame, the one drawn (an emulated display above
   *   the real rate hands over several frames in one).
   */
  constructor(
    settings: () => Readonly<Settings>,
    onFrame: (frameSeconds: number, nowMs: number, shown: boolean) => void,
  ) {
    this.settings = settings;
    this.onFrame = onFrame;
    document.addEventListener('visibilitychange', () => {
      // A tab coming back must not replay the seconds it was hidden for.
      if (document.visibilityState === 'visible') this.restartClock();
    });
  }

  /** Starts (or restarts) the requestAnimationFrame drive. */
  start(): void {
    if (this.driving) return;
    this.driving = true;
    this.restartClock();
    this.rafHandle = requestAnimationFrame(this.onAnimationFrame);
  }

  /** Stops the requestAnimationFrame drive (while `advance` is in charge). */
  stop(): void {
    this.driving = false;
    cancelAnimationFrame(this.rafHandle);
  }

  /** The next frame starts a new timeline: it lasts 0 s (a load, an unpause, a tab shown again). */
  restartClock(): void {
    this.clock.reset();
    this.display.reset();
  }

  /**
   * The jitter starts over (at every load), so a load followed by the same frames gives the same
   * run, however many frames the page ran before.
   */
  restartJitter(): void {
    this.jitterRng = new Rng(JITTER_SEED);
  }

  /** Injects one long frame of `seconds` into the next frame the loop sees. */
  hitch(seconds: number): void {
    this.pendingHitchSeconds += seconds;
  }

  /** A frame's seconds with the pending hitch and the seeded jitter added (never negative). */
  shape(frameSeconds: number): number {
    let seconds = frameSeconds + this.pendingHitchSeconds;
    this.pendingHitchSeconds = 0;
    const jitterMs = this.settings().jitterMs;
    if (jitterMs > 0)
      seconds = Math.max(0, seconds + ((2 * this.jitterRng.next() - 1) * jitterMs) / 1000);
    return seconds;
  }

  private readonly onAnimationFrame = (nowMs: number): void => {
    if (!this.driving) return;
    this.rafHandle = requestAnimationFrame(this.onAnimationFrame);
    const rate = this.settings().display;
    const due = rate === 'native' ? REAL_FRAME : this.display.framesDue(nowMs, rate);
    if (due === 0) return;
    this.clock.tick(nowMs);
    if (due === REAL_FRAME) {
      this.onFrame(this.shape(this.clock.frameSeconds), nowMs, true);
      return;
    }
    // A steady display: each of its frames exactly one period long, whatever the real ones took.
    const periodSeconds = 1 / Number(rate);
    for (let i = 1; i <= due; i++) this.onFrame(this.shape(periodSeconds), nowMs, i === due);
  };
}

// The heads-up display: frame timing and physics numbers, refreshed a few times a second, and
// a banner whenever the loop is giving up time (slow motion) or is paused.

import type { StatsSnapshot } from '../app/frameStats';

/**
 * Four refreshes a second: often enough to watch, rare enough that formatting strings (which
 * allocates) never shows up in the per-frame cost.
 */
export const HUD_REFRESH_MS = 250;

const ROWS: readonly [keyof StatsSnapshot | 'givenUp', string][] = [
  ['thread', 'physics thread'],
  ['fps', 'fps'],
  ['stepsThisFrame', 'steps / frame'],
  ['alpha', 'alpha'],
  ['accumulatorMs', 'accumulator'],
  ['physicsMsPerStep', 'physics / step'],
  ['interpolationUs', 'interpolation / frame'],
  ['bodies', 'bodies (awake / asleep)'],
  ['simOverReal', 'sim ÷ real time'],
  ['givenUp', 'given up: cap/clamp/throttle'],
];

/**
 * Below this share of the time scale the banner says slow motion: a few lost steps in a second
 * (a 1,2,2 beat cut once by the cap) are not worth a warning that flickers on and off.
 */
export const SLOW_MOTION_BELOW = 0.97;

/** The HUD element: one row per figure of a StatsSnapshot, and the banner. */
export class Hud {
  private readonly root: HTMLElement;
  private readonly values = new Map<string, HTMLElement>();
  private readonly banner: HTMLElement;
  private lastRefreshMs = -Infinity;

  constructor(parent: HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'hud';
    this.root.dataset.testid = 'hud';
    for (const [key, label] of ROWS) {
      const row = document.createElement('div');
      const name = document.createElement('span');
      name.textContent = label;
      const value = document.createElement('b');
      value.dataset.stat = key;
      row.append(name, value);
      this.root.appendChild(row);
      this.values.set(key, value);
    }
    this.banner = document.createElement('div');
    this.banner.className = 'hud-banner';
    this.root.appendChild(this.banner);
    parent.appendChild(this.root);
  }

  setVisible(visible: boolean): void {
    this.root.hidden = !visible;
  }

  /** Redraws if a refresh is due (or `force`); the caller passes the wall clock in ms. */
  update(nowMs: number, read: () => StatsSnapshot, force = false): void {
    if (!force && nowMs - this.lastRefreshMs < HUD_REFRESH_MS) return;
    this.lastRefreshMs = nowMs;
    const s = read();
    this.set(
      'thread',
      s.thread === 'worker' ? `worker, ${s.transport}, +${s.latencySteps} steps` : 'main',
    );
    this.set('fps', s.fps.toFixed(0));
    this.set('stepsThisFrame', String(s.stepsThisFrame));
    this.set('alpha', s.alpha.toFixed(2));
    this.set('accumulatorMs', `${s.accumulatorMs.toFixed(2)} ms`);
    this.set(
      'physicsMsPerStep',
      `${s.physicsMsPerStep.toFixed(2)} ms (${(100 * s.physicsBudgetUse).toFixed(0)}% of dt)`,
    );
    this.set('interpolationUs', `${s.interpolationUs.toFixed(0)} µs`);
    this.set('bodies', `${s.bodies} (${s.awake} / ${s.sleeping})`);
    const rates = s.rateWindow;
    this.set(
      'simOverReal',
      `${s.simOverReal.toFixed(2)}× (${rates.seconds.toFixed(1)} s, ${rates.frames} frames)`,
    );
    this.set(
      'givenUp',
      `${s.droppedSeconds.toFixed(2)} / ${s.clampedSeconds.toFixed(2)} / ${s.throttledSeconds.toFixed(2)} s`,
    );
    // Slow motion: the window's frames gave up time, enough to run visibly slower than the time
    // scale asks. (`fixed-per-frame` never gives time up: its speed follows the display by design.)
    const slow =
      rates.givenUpSeconds > 0 && s.simOverReal < SLOW_MOTION_BELOW * s.timeScale && !s.paused;
    const givenUp = s.droppedSeconds + s.clampedSeconds + s.throttledSeconds;
    this.banner.textContent = s.paused
      ? 'paused'
      : slow
        ? `slow motion ×${(s.simOverReal / s.timeScale).toFixed(2)} — ${givenUp.toFixed(1)} s given up`
        : '';
    this.banner.hidden = this.banner.textContent === '';
  }

  private set(key: string, text: string): void {
    const element = this.values.get(key);
    if (element && element.textContent !== text) element.textContent = text;
  }
}

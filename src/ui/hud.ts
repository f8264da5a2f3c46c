// The heads-up display: frame timing and physics numbers, refreshed a few times a second.

import type { StatsSnapshot } from '../app/frameStats';

/**
 * Four refreshes a second: often enough to watch, rare enough that formatting strings (which
 * allocates) never shows up in the per-frame cost.
 */
export const HUD_REFRESH_MS = 250;

const ROWS: readonly [keyof StatsSnapshot | 'bodies', string][] = [
  ['fps', 'fps'],
  ['stepsThisFrame', 'steps / frame'],
  ['alpha', 'alpha'],
  ['accumulatorMs', 'accumulator'],
  ['physicsMsPerStep', 'physics / step'],
  ['interpolationUs', 'interpolation / frame'],
  ['bodies', 'bodies (awake / asleep)'],
  ['simOverReal', 'sim ÷ real time'],
];

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
    this.set('simOverReal', `${s.simOverReal.toFixed(2)}×`);
    // Frames measured (fps > 0) but little or no simulated time: slow motion, down to ×0.00
    // when a single step takes longer than the last second of frames.
    const slow = s.fps > 0 && s.simOverReal < 0.97 * s.timeScale && !s.paused;
    this.banner.textContent = s.paused
      ? 'paused'
      : slow
        ? `slow motion ×${(s.simOverReal / s.timeScale).toFixed(2)} — ${s.droppedSeconds.toFixed(1)} s dropped`
        : '';
    this.banner.hidden = this.banner.textContent === '';
  }

  private set(key: string, text: string): void {
    const element = this.values.get(key);
    if (element && element.textContent !== text) element.textContent = text;
  }
}

// The HUD against a recording fake DOM: each row's text, and that a refresh rewrites only the
// numbers whose shown value changed (a number's text is made once per value and kept).

import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeElement } from '../../fakes/fakeDom';
import { installFakeDom } from '../../fakes/fakeDom';
import type { HudFigures } from '../../../src/stats/statsSnapshot';
import { createHudFigures } from '../../../src/stats/statsSnapshot';
import type { Hud, HudSource } from '../../../src/ui/hud';
import { decimalSeparatorOf, fixedText, setDecimalSeparator } from '../../../src/ui/readout';

let HudClass: typeof Hud;
let body: FakeElement;

beforeAll(async () => {
  body = installFakeDom().document.body;
  const module = await import('../../../src/ui/hud');
  HudClass = module.Hud;
});

/** A source that copies fixed figures in, counting reads. */
function sourceOf(figures: HudFigures): HudSource & { reads: number } {
  return {
    reads: 0,
    readHudFigures(out) {
      this.reads++;
      Object.assign(out, figures, { rateWindow: { ...figures.rateWindow } });
      return out;
    },
  };
}

function rowsOf(root: FakeElement): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const row of root.children) {
    const value = row.children[1];
    if (value?.dataset.stat) rows[value.dataset.stat] = value.textContent;
  }
  return rows;
}

function slowFigures(): HudFigures {
  const figures = createHudFigures();
  Object.assign(figures, {
    fps: 15.47,
    stepsThisFrame: 0,
    alpha: 0.42,
    accumulatorMs: 4.2,
    physicsMsPerStep: 1.234,
    physicsBudgetUse: 0.1234,
    interpolationUs: 56.4,
    bodies: 36,
    awake: 30,
    sleeping: 6,
    simOverReal: 0.4488,
    droppedSeconds: 0.07,
    clampedSeconds: 0.5,
    throttledSeconds: 0,
    timeScale: 1,
  });
  figures.rateWindow = { frames: 16, seconds: 1.0342, simSeconds: 0.4642, givenUpSeconds: 0.57 };
  return figures;
}

describe('Hud', () => {
  it('shows every figure as the rows and the banner word it', () => {
    const hud = new HudClass(body as unknown as HTMLElement);
    void hud;
    const root = body.children[body.children.length - 1] as FakeElement;
    hud.update(0, sourceOf(slowFigures()), true);
    expect(rowsOf(root)).toEqual({
      thread: 'main',
      fps: '15',
      stepsThisFrame: '0',
      alpha: '0.42',
      accumulatorMs: '4.20 ms',
      physicsMsPerStep: '1.23 ms (12% of dt)',
      interpolationUs: '56 µs',
      bodies: '36 (30 / 6)',
      simOverReal: '0.45× (1.0 s, 16 frames)',
      givenUp: '0.50 / 0.07 / 0.00 s',
    });
    const banner = root.children[root.children.length - 1] as FakeElement;
    expect(banner.textContent).toBe('slow motion ×0.45 — 0.6 s given up');
    expect(banner.hidden).toBe(false);
  });

  it('writes nothing when a refresh shows the same figures, one number when one changed', () => {
    const hud = new HudClass(body as unknown as HTMLElement);
    const root = body.children[body.children.length - 1] as FakeElement;
    const figures = slowFigures();
    hud.update(0, sourceOf(figures), true);
    const written = root.totalTextWrites();
    // The same figures, and ones that round to the same text: nothing is written.
    hud.update(1000, sourceOf(figures), true);
    hud.update(2000, sourceOf({ ...figures, alpha: 0.4213, fps: 15.2 }), true);
    expect(root.totalTextWrites()).toBe(written);
    hud.update(3000, sourceOf({ ...figures, alpha: 0.43, fps: 15.2 }), true);
    expect(root.totalTextWrites()).toBe(written + 1);
    expect(rowsOf(root).alpha).toBe('0.43');
  });

  it('refreshes at most every HUD_REFRESH_MS unless forced', async () => {
    const { HUD_REFRESH_MS } = await import('../../../src/ui/hud');
    const hud = new HudClass(body as unknown as HTMLElement);
    const source = sourceOf(slowFigures());
    hud.update(0, source);
    hud.update(HUD_REFRESH_MS - 1, source);
    expect(source.reads).toBe(1);
    hud.update(HUD_REFRESH_MS, source);
    hud.update(HUD_REFRESH_MS + 1, source, true);
    expect(source.reads).toBe(3);
  });

  it('names the worker on the thread row, with its transport and lag', () => {
    const hud = new HudClass(body as unknown as HTMLElement);
    const root = body.children[body.children.length - 1] as FakeElement;
    const worker = {
      ...slowFigures(),
      thread: 'worker' as const,
      transport: 'shared' as const,
      latencySteps: 2,
    };
    hud.update(0, sourceOf(worker), true);
    expect(rowsOf(root).thread).toBe('worker, shared, +2 steps');
    hud.update(1000, sourceOf({ ...worker, transport: 'transfer', latencySteps: 3 }), true);
    expect(rowsOf(root).thread).toBe('worker, transfer, +3 steps');
  });

  it('says paused, and nothing once running at full speed', () => {
    const hud = new HudClass(body as unknown as HTMLElement);
    const root = body.children[body.children.length - 1] as FakeElement;
    const banner = root.children[root.children.length - 1] as FakeElement;
    hud.update(0, sourceOf({ ...slowFigures(), paused: true }), true);
    expect(banner.textContent).toBe('paused');
    const steady = createHudFigures();
    steady.simOverReal = 1;
    hud.update(1000, sourceOf(steady), true);
    expect(banner.textContent).toBe('');
    expect(banner.hidden).toBe(true);
  });
});

describe('Hud in Korean and Chinese', () => {
  it('relabels in place: the rows, the words between the numbers and the banner follow the language', async () => {
    const { setLanguage } = await import('../../../src/i18n/language');
    const hud = new HudClass(body as unknown as HTMLElement);
    const root = body.children[body.children.length - 1] as FakeElement;
    const labels = (): string[] =>
      root.children.slice(0, -1).map((row) => row.children[0]?.textContent ?? '');
    const banner = root.children[root.children.length - 1] as FakeElement;
    try {
      setLanguage('ko');
      hud.relabel();
      hud.update(0, sourceOf(slowFigures()), true);
      expect(labels()[1]).toBe('초당 프레임');
      expect(labels()).toContain('축적기');
      expect(labels()).toContain('버린 시간: 클램프/스텝 상한/조절기');
      expect(rowsOf(root).physicsMsPerStep).toBe('1.23 ms (dt의 12%)');
      expect(rowsOf(root).simOverReal).toBe('0.45× (1.0초, 16 프레임)');
      expect(rowsOf(root).thread).toBe('메인');
      expect(banner.textContent).toBe('슬로 모션 ×0.45 — 0.6초 버림');

      setLanguage('zh');
      hud.relabel();
      hud.update(1000, sourceOf(slowFigures()), true);
      expect(labels()).toContain('累加器');
      expect(rowsOf(root).physicsMsPerStep).toBe('1.23 ms（占 dt 的 12%）');
      expect(rowsOf(root).givenUp).toBe('0.50 / 0.07 / 0.00 s');
      expect(labels()).toContain('放弃的时间：钳制/步数上限/调节器');
      expect(banner.textContent).toBe('慢动作 ×0.45 — 放弃了 0.6 秒');

      setLanguage('en');
      hud.relabel();
      hud.update(2000, sourceOf(slowFigures()), true);
      expect(labels()[1]).toBe('fps');
      expect(rowsOf(root).physicsMsPerStep).toBe('1.23 ms (12% of dt)');
    } finally {
      setLanguage('en');
    }
  });

  it('refuses a value template whose number slots are out of order or missing', async () => {
    const { readoutParts } = await import('../../../src/ui/hud');
    expect(readoutParts('{0} ms ({1}%)', [2, 0])).toEqual([2, ' ms (', 0, '%)']);
    expect(() => readoutParts('{1} then {0}', [2, 0])).toThrow(/out of order/);
    expect(() => readoutParts('{0} only', [2, 0])).toThrow(/has not 2 slots/);
  });
});

describe('the decimal separator of the browser locale', () => {
  it("is the locale's, or '.' where Intl rejects the tag", () => {
    expect(decimalSeparatorOf('de-DE')).toBe(',');
    expect(decimalSeparatorOf('ar-EG')).toBe('\u066b');
    expect(decimalSeparatorOf('en-US')).toBe('.');
    expect(decimalSeparatorOf('zh-CN')).toBe('.');
    expect(decimalSeparatorOf('en-US@posix')).toBe('.');
    expect(decimalSeparatorOf('de-DE@collation=phonebook')).toBe('.');
  });

  it('is put into texts as they are made, digits Latin; kept texts made before are dropped', () => {
    expect(fixedText(0.6, 2)).toBe('0.60');
    try {
      setDecimalSeparator(',');
      expect(fixedText(0.6, 2)).toBe('0,60');
      expect(fixedText(12.345, 1)).toBe('12,3');
      expect(fixedText(7, 0)).toBe('7');
      // Figures made each time (negative ones) take it too.
      expect(fixedText(-1.5, 1)).toBe('-1,5');
      setDecimalSeparator('\u066b');
      expect(fixedText(0.6, 2)).toBe('0\u066b60');
    } finally {
      setDecimalSeparator('.');
    }
    expect(fixedText(0.6, 2)).toBe('0.60');
  });

  it('the HUD shows it in its figures', () => {
    try {
      setDecimalSeparator(',');
      const hud = new HudClass(body as unknown as HTMLElement);
      const root = body.children[body.children.length - 1] as FakeElement;
      hud.update(0, sourceOf(slowFigures()), true);
      expect(rowsOf(root).simOverReal).toBe('0,45× (1,0 s, 16 frames)');
      expect(rowsOf(root).alpha).toBe('0,42');
    } finally {
      setDecimalSeparator('.');
    }
  });
});

describe('fixedText', () => {
  it('writes what toFixed writes, for kept and fresh values alike', () => {
    for (const decimals of [0, 1, 2, 3] as const) {
      for (let i = -300; i <= 3000; i++) {
        const value = i * 0.0137;
        expect(fixedText(value, decimals)).toBe(value.toFixed(decimals));
        expect(fixedText(value, decimals)).toBe(value.toFixed(decimals));
      }
    }
    expect(fixedText(Number.NaN, 2)).toBe('NaN');
    expect(fixedText(1e12, 1)).toBe('1000000000000.0');
  });

  it('hands back the same kept string for a value shown before', () => {
    const first = fixedText(12.34, 2);
    expect(fixedText(12.3449, 2)).toBe(first);
  });
});

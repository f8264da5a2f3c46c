// The tour's figures on the real simulation: the chains' energy where the scene starts them, a
// frame's steps as chapter 3 shows them (semi-fixed's shorter last step), the frame-time ring.
// (Chapter 2's energy against the frame rate: variableChapter.test.ts.)

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/config/settings';
import {
  CHART_FRAMES,
  chainEnergy,
  FrameHistory,
  startEnergy,
  stepsText,
} from '../../../src/tour/measurements';
import { localSim } from '../physicsHost/host/localSim';

describe('the chains’ start', () => {
  it('is the energy the scene builds them with, at rest (the card’s ×1.0)', () => {
    const { sim } = localSim('spring');
    expect(chainEnergy(sim.drawn.snapshots)).toBeCloseTo(startEnergy(), 6);
    expect(Number.isFinite(startEnergy())).toBe(true);
  });
});

describe('a frame’s steps, from its report', () => {
  const settings = {
    ...DEFAULT_SETTINGS,
    strategy: 'semi-fixed' as const,
    physicsThread: 'main' as const,
  };

  it('semi-fixed: steps of dt, the last one shorter (25 ms: 2 × 10 ms + 5 ms)', () => {
    const { sim } = localSim('carousel');
    sim.set(settings);
    expect(stepsText(sim.frame(0.025), settings)).toBe('2 × 10 ms + 5.0 ms');
    expect(stepsText(sim.frame(0.03), settings)).toBe('3 × 10 ms');
    expect(stepsText(sim.frame(0.004), settings)).toBe('4.0 ms');
    expect(stepsText(sim.frame(0), settings)).toBe('0');
  });

  it('capped: the whole steps taken; the rest was given up, not stepped', () => {
    const { sim } = localSim('carousel');
    const capped = { ...settings, maxStepsPerFrame: 5 };
    sim.set(capped);
    const report = sim.frame(0.077);
    expect(report.droppedSeconds).toBeCloseTo(0.027, 12);
    expect(stepsText(report, capped)).toBe('5 × 10 ms');
  });
});

describe('frame history', () => {
  it('keeps the newest frames, oldest first, and lists them in milliseconds', () => {
    const history = new FrameHistory();
    for (let i = 1; i <= CHART_FRAMES + 5; i++) history.add(i / 1000);
    expect(history.count).toBe(CHART_FRAMES);
    expect(history.at(0)).toBeCloseTo(6 / 1000, 12);
    expect(history.at(CHART_FRAMES - 1)).toBeCloseTo((CHART_FRAMES + 5) / 1000, 12);
    expect(history.text().split(',').slice(0, 3)).toEqual(['6', '7', '8']);
    history.clear();
    expect(history.count).toBe(0);
    expect(history.text()).toBe('');
  });
});

// When the second physics thread is sent off (src/physics/helperStandDown.ts): a window of steps
// whose meetings slept more than the rule allows starts a stand-down, which doubles after each
// failed retry up to the rule's longest and starts over after a whole window within the rule.

import { describe, expect, it } from 'vitest';
import { HelperStandDown, STAND_DOWN_RULE } from '../../../src/physics/helperStandDown';
import type { StandDownRule } from '../../../src/physics/helperStandDown';

/** Judged in windows of 4 steps, at most 6 sleeps a window; no grace; 4 steps off at first. */
const RULE: StandDownRule = {
  windowSteps: 4,
  sleepsLimit: 6,
  graceSteps: 0,
  firstSteps: 4,
  lastSteps: 16,
};

/** The judgements of `steps` steps; `sleeps[s]` sleeps are reported before step s is judged. */
function judgements(standDown: HelperStandDown, sleeps: Record<number, number>, steps: number) {
  const shared: boolean[] = [];
  for (let s = 0; s < steps; s++) {
    if (sleeps[s] !== undefined) standDown.slept(sleeps[s]);
    shared.push(standDown.judge());
  }
  return shared;
}

/** Runs of equal judgements, as [shared, length]. */
function runs(shared: readonly boolean[]): [boolean, number][] {
  const out: [boolean, number][] = [];
  for (const s of shared) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0] === s) last[1]++;
    else out.push([s, 1]);
  }
  return out;
}

describe('HelperStandDown', () => {
  it('shares while each window sleeps no more than the limit', () => {
    const standDown = new HelperStandDown(RULE);
    // 6 in the window of steps 0–3, 6 in 4–7, 5 in 8–11.
    const sleeps = { 0: 3, 3: 3, 4: 2, 5: 2, 7: 2, 9: 5 };
    expect(judgements(standDown, sleeps, 20).every((s) => s)).toBe(true);
    expect(standDown.stoodDown).toBe(0);
    expect(standDown.sharing).toBe(true);
  });

  it('the sleep past the limit sits out that step’s sweeps and the next firstSteps − 1 steps', () => {
    const standDown = new HelperStandDown(RULE);
    // 4 + 3 in the window of steps 4–7: past the limit at step 6.
    const shared = judgements(standDown, { 5: 4, 6: 3 }, 20);
    expect(runs(shared)).toEqual([
      [true, 6],
      [false, 4],
      [true, 10],
    ]);
    expect(standDown.stoodDown).toBe(4);
    expect(standDown.standDowns).toBe(1);
  });

  it('sleeps across two windows are not added up', () => {
    const standDown = new HelperStandDown(RULE);
    expect(judgements(standDown, { 3: 6, 4: 6 }, 8).every((s) => s)).toBe(true);
  });

  it('sleeps reported while it sits out are not held against the retry', () => {
    const standDown = new HelperStandDown(RULE);
    const shared = judgements(standDown, { 0: 9, 2: 9, 3: 9 }, 10);
    expect(runs(shared)).toEqual([
      [false, 4],
      [true, 6],
    ]);
  });

  it('each failed retry doubles the stand-down up to the longest; a good window starts over', () => {
    const standDown = new HelperStandDown(RULE);
    // Sits out 0–3 (4 steps); its retry fails at 4: 4–11 (8); at 12: 12–27 (16); at 28: 28–43
    // (16, the longest). The window 44–47 is within the rule; a failure at 50 sits out 4 again.
    const sleeps: Record<number, number> = { 0: 7, 4: 7, 12: 7, 28: 7, 50: 7 };
    expect(runs(judgements(standDown, sleeps, 60))).toEqual([
      [false, 44],
      [true, 6],
      [false, 4],
      [true, 6],
    ]);
    expect(standDown.standDowns).toBe(5);
    expect(standDown.stoodDown).toBe(48);
  });

  it('a retry that fails before its first whole window doubles; one after it does not', () => {
    const standDown = new HelperStandDown(RULE);
    // Sits out 0–3; the retry's window 4–7 passes; the failure at 9 is a first again: 9–12.
    expect(runs(judgements(standDown, { 0: 7, 9: 7 }, 16))).toEqual([
      [false, 4],
      [true, 5],
      [false, 4],
      [true, 3],
    ]);
  });

  it('the grace steps at the start are not judged', () => {
    const standDown = new HelperStandDown({ ...RULE, graceSteps: 5 });
    // 100 sleeps in the cold steps 0–4 count for nothing; 7 at step 5 do.
    const shared = judgements(standDown, { 0: 100, 4: 100, 5: 7 }, 12);
    expect(runs(shared)).toEqual([
      [true, 5],
      [false, 4],
      [true, 3],
    ]);
  });

  it('the pair plan and set-up share exactly while the sweeps do, from the step after', () => {
    const standDown = new HelperStandDown({ ...RULE, firstSteps: 3 });
    standDown.slept(7);
    expect(standDown.judge()).toBe(false);
    expect(standDown.sharing).toBe(false);
    expect(standDown.judge()).toBe(false);
    expect(standDown.sharing).toBe(false);
    expect(standDown.judge()).toBe(false);
    // The stand-down's last step: the next shares from its pair plan on.
    expect(standDown.sharing).toBe(true);
    expect(standDown.judge()).toBe(true);
  });

  it("the app's rule: windows of 8 steps, 16 sleeps; half a second off at first at 100 Hz, 32 s at most", () => {
    expect(STAND_DOWN_RULE).toEqual({
      windowSteps: 8,
      sleepsLimit: 16,
      graceSteps: 16,
      firstSteps: 50,
      lastSteps: 3200,
    });
  });

  it.each([
    [{ ...RULE, windowSteps: 0 }],
    [{ ...RULE, sleepsLimit: -1 }],
    [{ ...RULE, graceSteps: Number.NaN }],
    [{ ...RULE, firstSteps: 0 }],
    [{ ...RULE, lastSteps: 2 }],
  ])('a rule out of range is refused, naming its values: %o', (rule) => {
    expect(() => new HelperStandDown(rule)).toThrow(
      /windowSteps ≥ 1, sleepsLimit ≥ 0, graceSteps ≥ 0 and lastSteps ≥ firstSteps ≥ 1 \(got /,
    );
  });
});

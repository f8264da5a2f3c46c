// The Record folder's status lines: what is recording, what is loaded, how far a replay got, and
// where it diverged (step, body, field), from the same status stats() reports.

import { describe, expect, it } from 'vitest';
import { describeDivergence, describeStatus } from '../../../src/ui/recordPanel';

const replay = { step: 412, endStep: 900, verifiedUpTo: 410, divergence: null };

describe('describeStatus', () => {
  it('nothing recorded or loaded', () => {
    expect(describeStatus({ recording: null, replay: null }, null)).toEqual([
      'Not recording; nothing recorded or loaded yet.',
      '',
    ]);
  });

  it('a recording under way counts its steps and inputs', () => {
    expect(describeStatus({ recording: { step: 312, inputs: 14 }, replay: null }, 90)[0]).toBe(
      '● Recording: 312 steps, 14 inputs',
    );
  });

  it('a replay shows its progress and how far it is verified', () => {
    expect(describeStatus({ recording: null, replay }, 900)).toEqual([
      'Not recording; a recording of 900 steps is loaded.',
      'Replay at step 412 of 900 · ✓ verified to step 410',
    ]);
    expect(
      describeStatus({ recording: null, replay: { ...replay, step: 0, verifiedUpTo: -1 } }, 900)[1],
    ).toBe('Replay at step 0 of 900 · nothing checked yet');
  });

  it('a divergence names its step, body and field, as far as they are known', () => {
    const divergence = { step: 51, body: 12, field: 'velocity[1]' };
    expect(describeStatus({ recording: null, replay: { ...replay, divergence } }, 900)[1]).toBe(
      'Replay at step 412 of 900 · ✗ diverged at step 51 · body 12 · velocity[1]',
    );
    expect(describeDivergence({ step: 60, body: null, field: null })).toBe('step 60');
    expect(describeDivergence({ step: 60, body: null, field: 'time' })).toBe('step 60 · time');
  });
});

// The determinism lab loads a state into both worlds from one reading of it (issue 44, finding
// 5): a state whose getter throws on a later read no longer loads the left world and not the right.

import { beforeAll, describe, expect, it } from 'vitest';
import { parseState } from '../../../src/state/stateSchema';
import { sandboxInNode } from '../../support/sandboxInNode';
import type { NodeSandbox } from '../../support/sandboxInNode';

let page: NodeSandbox;
beforeAll(async () => {
  page = await sandboxInNode('stack');
});

describe('the determinism lab reads a state once (finding 5)', () => {
  it('a state whose getter throws once read more than one check needs loads in both worlds', async () => {
    const { sandbox, app } = page;
    await sandbox.load('determinism');
    const lab = app.lab;
    if (!lab) throw new Error('the determinism scene has a lab');
    await sandbox.advance([1 / 60, 1 / 60, 1 / 60]);
    const saved = await sandbox.saveState();
    await sandbox.advance([1 / 60, 1 / 60, 1 / 60, 1 / 60]);
    let reads = 0;
    let limit = Number.POSITIVE_INFINITY;
    const input = { ...saved };
    Object.defineProperty(input, 'bodies', {
      enumerable: true,
      get() {
        if (++reads > limit) throw new Error('the caller’s getter, read again');
        return saved.bodies;
      },
    });
    // The reads one check of the state makes: the getter throws on any read after those.
    parseState(input, app.sim.host.tuning);
    limit = reads;
    reads = 0;
    await sandbox.loadState(input);
    expect(reads).toBe(limit);
    expect(app.sim.host.stepping.nextStep).toBe(lab.twin.host.stepping.nextStep);
    await sandbox.advance([1 / 60, 1 / 60, 1 / 60]);
    const report = sandbox.stats().twin;
    expect(report?.divergedAt).toBe(-1);
    expect(report?.agree).toBe(true);
  });
});

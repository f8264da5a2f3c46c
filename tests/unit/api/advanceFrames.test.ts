// `advance` reads the caller's array once (issue 44, finding 9): frames pushed or overwritten after
// the call, or items that change between reads, do not run around its checks and its cap.

import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxInNode } from '../../support/sandboxInNode';
import type { NodeSandbox } from '../../support/sandboxInNode';

let page: NodeSandbox;
beforeAll(async () => {
  page = await sandboxInNode('stack');
});

describe('advance reads its array once (finding 9)', () => {
  it('frames pushed or overwritten after the call are not run', async () => {
    const { sandbox } = page;
    await sandbox.load('stack');
    const frames = [1 / 60, 1 / 60];
    const reports = sandbox.advance(frames);
    for (let k = 0; k < 50; k++) frames.push(1 / 60);
    frames[1] = Number.NaN;
    frames[0] = -5;
    expect(await reports).toHaveLength(2);
    expect(sandbox.state().step).toBe(3);
  });

  it('an array whose items change between reads is judged and run by one read of each', async () => {
    const { sandbox } = page;
    await sandbox.load('stack');
    let reads = 0;
    const frames = new Proxy([1 / 60, 1 / 60], {
      get(target, key, receiver) {
        if (key === '0' && reads++ > 0) return 'x';
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(await sandbox.advance(frames)).toHaveLength(2);
    expect(reads).toBe(1);
    expect(sandbox.state().step).toBe(3);
  });
});

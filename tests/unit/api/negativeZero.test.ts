// −0 as a seed or a count (issue 44, finding 3): accepted by every door, it was saved as "-0" and
// then refused by the app's own readers. A seed or count of −0 is 0 wherever it is read, so what
// is saved, recorded and linked loads back. Through the real app and its `window.sandbox`.

import { beforeAll, describe, expect, it } from 'vitest';
import { decodeShareFragment, encodeShareFragment } from '../../../src/state/shareLink';
import { parseUrlParams } from '../../../src/api/urlParams';
import { sandboxInNode } from '../../support/sandboxInNode';
import type { NodeSandbox } from '../../support/sandboxInNode';

let page: NodeSandbox;
beforeAll(async () => {
  page = await sandboxInNode('stack');
});

describe('−0 as a seed or count (finding 3)', () => {
  it('load with seed −0 and count −0: what is saved, recorded and linked loads back', async () => {
    const { sandbox } = page;
    await sandbox.load('playground', { count: -0, seed: -0 });
    await sandbox.record();
    await sandbox.load('stack', { seed: -0 });
    await sandbox.advance([1 / 60, 1 / 60]);
    const state = await sandbox.saveState();
    const recording = await sandbox.stopRecording();
    expect(state.scene).toEqual({ id: 'stack', count: 36, seed: 0 });
    const loads = (recording.inputs as { type: string }[]).filter((input) => input.type === 'load');
    expect(loads).toEqual([{ step: 0, type: 'load', scene: 'stack', count: 36, seed: 0 }]);
    const hash = sandbox.state().hash;
    await sandbox.loadState(JSON.parse(JSON.stringify(state)));
    expect(sandbox.state().hash).toBe(hash);
    await sandbox.replay(JSON.parse(JSON.stringify(recording)));
    const link = await decodeShareFragment(await encodeShareFragment('state', state));
    await sandbox.loadState(link?.value);
    expect(sandbox.state().hash).toBe(hash);
  });

  it('a state object whose seed is the number −0 is saved again as 0', async () => {
    const { sandbox } = page;
    await sandbox.load('stack', { seed: 3 });
    const state = await sandbox.saveState();
    const scene = state.scene as { id: string; count: number; seed: number };
    await sandbox.loadState({ ...state, scene: { ...scene, seed: -0 } });
    const again = await sandbox.saveState();
    expect(again.scene).toEqual({ ...scene, seed: 0 });
  });

  it('a link with count=-0 and seed=-0 opens a page whose state loads back', async () => {
    const startup = parseUrlParams('?scene=playground&count=-0&seed=-0', 'stack');
    expect(startup.errors).toEqual([]);
    const opened = await sandboxInNode(startup.scene, { count: startup.count, seed: startup.seed });
    const state = await opened.sandbox.saveState();
    expect(state.scene).toEqual({ id: 'playground', count: 0, seed: 0 });
    await opened.sandbox.loadState(JSON.stringify(state));
    expect(opened.sandbox.state().bodies).toBe(0);
  });
});

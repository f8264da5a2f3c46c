// Nesting deeper than the stack (issue 44, finding 4): every entry point of `window.sandbox`, a
// dropped file and a link refuse it with a message that names the call, the file or the link,
// never a RangeError. Through the real app (BrowserApp on a fake DOM).

import { beforeAll, describe, expect, it } from 'vitest';
import { decodeShareFragment } from '../../../src/state/shareLink';
import { readDocument } from '../../../src/ui/fileIO';
import { fragmentOf, nested, thrown } from '../../support/hostile';
import { sandboxInNode } from '../../support/sandboxInNode';
import type { NodeSandbox } from '../../support/sandboxInNode';

let page: NodeSandbox;
beforeAll(async () => {
  page = await sandboxInNode('stack');
});

describe('nesting deeper than the stack (finding 4)', () => {
  const deep = nested(100_000);
  const calls: [string, () => unknown][] = [
    ['load', () => page.sandbox.load(deep as string)],
    ['load', () => page.sandbox.load('stack', deep as object)],
    ['load', () => page.sandbox.load('stack', { seed: deep as number })],
    ['Settings patch', () => page.sandbox.set(deep as object)],
    ['physicsHz', () => page.sandbox.set({ physicsHz: deep as number })],
    ['spawn', () => page.sandbox.spawn(deep as never)],
    ['remove', () => page.sandbox.remove(deep as number)],
    ['advance', () => page.sandbox.advance(deep as number[])],
    ['pose', () => page.sandbox.pose(deep as number)],
    ['hitch', () => page.sandbox.hitch(deep as number)],
    ['track', () => page.sandbox.track(deep as number)],
    ['Saved state', () => page.sandbox.loadState(deep)],
    ['record options', () => page.sandbox.record(deep as object)],
    ['Recording', () => page.sandbox.replay(deep)],
    ['language', () => page.sandbox.setLanguage(deep as 'en')],
    ['tour chapter', () => page.sandbox.tour.open(deep as string)],
  ];
  it.each(calls)('%s: refused with a message naming it, not a RangeError', async (name, call) => {
    const before = page.sandbox.state();
    const error = await thrown(call);
    expect(error).not.toBeInstanceOf(RangeError);
    expect(error.message).toContain(name);
    expect(error.message).toContain('[[[');
    expect(page.sandbox.state()).toEqual(before);
  });

  it('stopRecording and seek too, once a recording or a replay is under way', async () => {
    const { sandbox } = page;
    await sandbox.load('stack');
    await sandbox.record();
    await sandbox.advance([1 / 60]);
    const stop = await thrown(() => sandbox.stopRecording(deep as object));
    expect(stop.message).toMatch(/^stopRecording options: options = \[\[\[/);
    await sandbox.replay(await sandbox.stopRecording());
    const seek = await thrown(() => sandbox.seek(deep as number));
    expect(seek.message).toMatch(/^seek: step = \[\[\[/);
  });

  it('a dropped file or a link holding it is refused, naming the file or the link', async () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const file = await thrown(() => readDocument(new File([text], 'deep.json'), null));
    expect(file.message).toMatch(
      /^File "deep.json" is not a saved state or a recording: it holds \[\[\[/,
    );
    const link = await thrown(async () => decodeShareFragment(await fragmentOf('state', text)));
    expect(link.message).toMatch(
      /^Link #state=… is not a saved state or a recording: it holds \[\[\[/,
    );
    await page.sandbox.load('stack');
    const saved = await page.sandbox.saveState();
    const inside = JSON.stringify({ ...saved, scene: 0 }).replace('"scene":0', `"scene":${text}`);
    const shared = await decodeShareFragment(await fragmentOf('state', inside));
    const error = await thrown(() => page.sandbox.loadState(shared?.value));
    expect(error.message).toMatch(/^Saved state: scene = \[\[\[/);
  });
});

// The panel's Record folder in the built app, used as a person would: a session recorded with the
// panel and the mouse, saved as a file, opened after a reload by the file picker and by a dropped
// file, replayed to its end and scrubbed; links copied and opened in a new page; bad files and bad
// links refused by name while the scene keeps running.

import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { collectPageErrors, dragCentreUp, openSandbox } from './helpers';

interface RecordingFile {
  format: string;
  length: number;
  hashEvery: number;
  hashes: string[];
  endHash: string;
  inputs: { type: string; step: number }[];
}

function button(page: Page, name: string) {
  return page.getByTestId('panel').getByRole('button', { name, exact: true });
}

/** The lil-gui controller row around an element (it carries lil-disabled). */
function controllerOf(element: Locator): Locator {
  return element.locator('xpath=ancestor::div[contains(@class,"lil-controller")]');
}

function statusText(page: Page) {
  return page.getByTestId('record-status');
}

function timelineField(page: Page) {
  return page
    .getByTestId('record-folder')
    .locator('.lil-controller', { hasText: 'timeline (step)' })
    .locator('input');
}

/** Drives frames by `advance` (which stops the animation-frame drive) until the replay rests at its end. */
async function replayToEnd(page: Page) {
  return page.evaluate(async () => {
    const s = window.sandbox;
    for (let k = 0; k < 100; k++) {
      const replay = s.stats().replay;
      if (!replay || replay.step >= replay.endStep) break;
      await s.advance(new Array(20).fill(1 / 60));
    }
    return { replay: s.stats().replay, hash: s.state().hash };
  });
}

/** Dispatches a drop of one file with `text` (or `bytes` random bytes) on the canvas, as a browser does. */
async function dropFile(page: Page, name: string, content: { text?: string; bytes?: number }) {
  await page.evaluate(
    ({ name: fileName, text, bytes }) => {
      let part: BlobPart = text ?? '';
      if (bytes !== undefined) {
        const noise = new Uint8Array(bytes);
        let seed = 0x9e3779b9;
        for (let i = 0; i < noise.length; i++) {
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          noise[i] = seed & 255;
        }
        part = noise;
      }
      const data = new DataTransfer();
      data.items.add(new File([part], fileName, { type: 'application/json' }));
      const target = document.getElementById('view') as HTMLCanvasElement;
      const init = { dataTransfer: data, bubbles: true, cancelable: true };
      target.dispatchEvent(new DragEvent('dragenter', init));
      target.dispatchEvent(new DragEvent('dragover', init));
      target.dispatchEvent(new DragEvent('drop', init));
    },
    { name, ...content },
  );
}

/** The scene and body count now, and whether animation frames still step it over a second. */
async function runningScene(page: Page) {
  const before = await page.evaluate(async () => ({
    scene: ((await window.sandbox.saveState()) as { scene?: { id?: string } }).scene?.id,
    bodies: window.sandbox.state().bodies,
    step: window.sandbox.state().step,
  }));
  await page.waitForFunction((step) => window.sandbox.state().step > step + 5, before.step);
  return { scene: before.scene, bodies: before.bodies };
}

test('a session recorded through the panel, saved as a file, opened by the picker and by a drop after reloads, replays to its end and scrubs to its hashes', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  await page.evaluate(() => window.sandbox.advance([0]));
  await expect(controllerOf(button(page, '▶ replay from the start'))).toHaveClass(/lil-disabled/);

  await button(page, '● record').click();
  await expect(statusText(page)).toContainText('● Recording: 0 steps');
  await button(page, 'spawn (drop)').click();
  await page.evaluate(() => window.sandbox.advance(new Array(20).fill(1 / 60)));
  expect(await dragCentreUp(page)).toBeGreaterThan(0.5);
  await page.evaluate(() => window.sandbox.advance(new Array(30).fill(1 / 60)));
  const live = await page.evaluate(() => window.sandbox.stats().recording);
  expect(live?.inputs).toBeGreaterThan(5);
  await expect(statusText(page)).toContainText(
    `● Recording: ${live?.step} steps, ${live?.inputs} inputs`,
  );
  const endHash = await page.evaluate(() => window.sandbox.state().hash);
  await button(page, '■ stop recording').click();
  await expect(statusText(page)).toContainText(`a recording of ${live?.step} steps is loaded`);

  const download = page.waitForEvent('download');
  await button(page, 'save recording (file)').click();
  const file = testInfo.outputPath('session.json');
  await (await download).saveAs(file);
  const text = readFileSync(file, 'utf8');
  const recording = JSON.parse(text) as RecordingFile;
  expect(recording.format).toBe('fixed-step-sandbox/recording');
  expect(recording.length).toBe(live?.step);
  expect(recording.endHash).toBe(endHash);
  const types = new Set(recording.inputs.map((input) => input.type));
  for (const type of ['spawn', 'dragStart', 'dragMove', 'dragEnd']) expect(types).toContain(type);

  // After a reload, by the file picker.
  await page.reload();
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  await expect(controllerOf(timelineField(page))).toHaveClass(/lil-disabled/);
  const chooser = page.waitForEvent('filechooser');
  await button(page, 'load recording…').click();
  await (await chooser).setFiles(file);
  await page.waitForFunction(() => window.sandbox.stats().replay !== null, null, {
    timeout: 30_000,
  });
  const picked = await replayToEnd(page);
  expect(picked.replay).toEqual({
    step: recording.length,
    endStep: recording.length,
    verifiedUpTo: recording.length,
    divergence: null,
  });
  expect(picked.hash).toBe(recording.endHash);
  await expect(statusText(page)).toContainText(
    `Replay at step ${recording.length} of ${recording.length} · ✓ verified to step ${recording.length}`,
  );

  // Scrubbing back and forth: every seek lands on the hash recorded at that step.
  const every = recording.hashEvery;
  for (const target of [6 * every, 2 * every, recording.length, 4 * every, 0]) {
    await timelineField(page).fill(String(target));
    await timelineField(page).press('Enter');
    await page.waitForFunction((step) => window.sandbox.stats().replay?.step === step, target, {
      timeout: 30_000,
    });
    const hash = await page.evaluate(() => window.sandbox.state().hash);
    const recorded =
      target === recording.length ? recording.endHash : recording.hashes[target / every];
    expect(hash, `step ${target}`).toBe(recorded);
  }

  // After another reload, by dropping the file on the page.
  await page.reload();
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  await dropFile(page, 'session.json', { text });
  await page.waitForFunction(() => window.sandbox.stats().replay !== null, null, {
    timeout: 30_000,
  });
  const dropped = await replayToEnd(page);
  expect(dropped.replay?.divergence).toBeNull();
  expect(dropped.replay?.verifiedUpTo).toBe(recording.length);
  expect(dropped.hash).toBe(recording.endHash);

  // A copy whose fourth hash was altered: the replay says where it parted, in red.
  const altered = { ...recording, hashes: [...recording.hashes] };
  altered.hashes[3] = '0123456789abcdef';
  await dropFile(page, 'altered.json', { text: JSON.stringify(altered) });
  await page.waitForFunction(() => window.sandbox.stats().replay?.step === 0, null, {
    timeout: 30_000,
  });
  const parted = await replayToEnd(page);
  expect(parted.replay?.divergence?.step).toBe(3 * every);
  expect(parted.replay?.verifiedUpTo).toBe(2 * every);
  await expect(page.locator('.record-diverged')).toContainText(`✗ diverged at step ${3 * every}`);
  expect(errors).toEqual([]);
});

test('copy link: a recording and a moment open in a new page, replaying and loading exactly', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  await page.evaluate(() => window.sandbox.advance([0]));
  await button(page, '● record').click();
  await expect(statusText(page)).toContainText('● Recording');
  const made = await page.evaluate(async () => {
    window.sandbox.spawn({ kind: 'sphere', position: [-5, 3, 0], velocity: [14, 2, 0] });
    await window.sandbox.advance(new Array(80).fill(1 / 60));
    return { ...window.sandbox.state(), length: window.sandbox.stats().recording?.step };
  });
  // 80 frames of 1/60 s: 133 steps, or 134 with what the animation frames left in the accumulator.
  expect(made.length).toBeGreaterThanOrEqual(133);
  await button(page, '■ stop recording').click();
  await expect(controllerOf(button(page, 'copy link: recording'))).not.toHaveClass(/lil-disabled/);
  await button(page, 'copy link: recording').click();
  await expect(page.getByTestId('message').last()).toContainText('A link to the recording');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());
  expect(new URL(link).hash).toMatch(/^#recording=[A-Za-z0-9_-]+$/);

  const receiver = await context.newPage();
  const receiverErrors = collectPageErrors(receiver);
  await receiver.goto(link);
  await expect(receiver.locator('body[data-ready=true]')).toHaveCount(1);
  await receiver.waitForFunction(() => window.sandbox.stats().replay !== null, null, {
    timeout: 30_000,
  });
  const replayed = await replayToEnd(receiver);
  expect(replayed.replay).toEqual({
    step: made.length,
    endStep: made.length,
    verifiedUpTo: made.length,
    divergence: null,
  });
  expect(replayed.hash).toBe(made.hash);

  // The moment: opened paused (a URL parameter), so the loaded step stays to be compared.
  await button(page, 'copy link: this moment').click();
  await expect(page.getByTestId('message').last()).toContainText('A link to this moment');
  const stateLink = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(stateLink.hash).toMatch(/^#state=/);
  stateLink.search = '?paused=1';
  await receiver.goto(stateLink.href);
  await expect(receiver.locator('body[data-ready=true]')).toHaveCount(1);
  await receiver.waitForFunction((step) => window.sandbox.state().step === step, made.step, {
    timeout: 30_000,
  });
  const { length, ...moment } = made;
  expect(length).toBeGreaterThan(0);
  expect(await receiver.evaluate(() => window.sandbox.state())).toEqual(moment);
  expect(errors).toEqual([]);
  expect(receiverErrors).toEqual([]);
});

test('bad files and bad links are refused by name; the scene runs on unchanged', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  const scene = await runningScene(page);
  expect(scene).toEqual({ scene: 'stack', bodies: 36 });
  const messages = page.getByTestId('message');
  const saved = await page.evaluate(() => window.sandbox.saveState());

  const picked = async (label: string, path: string) => {
    const chooser = page.waitForEvent('filechooser');
    await button(page, label).click();
    await (await chooser).setFiles(path);
  };
  const cases: [string, () => Promise<void>, string | RegExp][] = [
    [
      'not JSON, by the picker',
      async () => {
        const path = testInfo.outputPath('notes.txt');
        writeFileSync(path, 'these are not the bodies you are looking for {');
        await picked('load state…', path);
      },
      'File "notes.txt" is not JSON, so not a saved state or a recording',
    ],
    [
      'larger than a state may be, by the picker: refused by size',
      async () => {
        const path = testInfo.outputPath('huge.json');
        writeFileSync(path, Buffer.alloc(17 * 2 ** 20, 0x20));
        await picked('load state…', path);
      },
      'File "huge.json" is 17825792 bytes; a saved state is at most 16777216 bytes (16 MiB), so it was not read.',
    ],
    [
      'a recording given to the state picker',
      async () => {
        const path = testInfo.outputPath('kind.json');
        writeFileSync(path, JSON.stringify({ format: 'fixed-step-sandbox/recording', version: 1 }));
        await picked('load state…', path);
      },
      'File "kind.json" is a recording, not a saved state',
    ],
    [
      '5 MB of garbage, dropped',
      () => dropFile(page, 'garbage.bin', { bytes: 5 * 2 ** 20 }),
      'File "garbage.bin" is not JSON',
    ],
    [
      'JSON of another kind, dropped',
      () => dropFile(page, 'other.json', { text: '{"format":"other/thing","version":1}' }),
      `File "other.json" is not a saved state or a recording: format = "other/thing"`,
    ],
    [
      'a state from a newer build, dropped',
      () => dropFile(page, 'future.json', { text: JSON.stringify({ ...saved, version: 2 }) }),
      /File "future\.json" was not opened\. Saved state: version = 2 is invalid: expected 1: it was written by a newer build/,
    ],
    [
      'a file name that is markup, dropped',
      () => dropFile(page, '<img src=x onerror="window.injected=1">.json', { text: '[]' }),
      'File "<img src=x onerror=\\"window.injected=1\\">.json" is not a saved state or a recording',
    ],
  ];
  for (const [what, act, expected] of cases) {
    // The newest message is this case's (each case's text is its own; the page keeps six).
    await act();
    await expect(messages.last(), what).toContainText(expected);
    expect(await runningScene(page), what).toEqual(scene);
  }
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();

  // Links: each page opens on its fragment, says what is wrong with it and runs the stack.
  const good = await page.evaluate(async () => {
    const text = JSON.stringify(await window.sandbox.saveState());
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  });
  const links: [string, string][] = [
    ['#scene=pile', 'Link: the URL fragment "#scene" is not one this page reads'],
    ['#state=abc$def', 'Link #state=…: character "$" at 3 is not base64url'],
    [`#state=${good.slice(0, 400)}`, 'Link #state=…: the data is damaged or cut short'],
    [`#recording=${good}`, 'Link #recording=… holds a saved state, not a recording'],
    [`#state=${'A'.repeat(600_000)}`, 'the fragment is 600006 characters long; at most 524288'],
    // A decompression bomb: 64 MiB of spaces deflate to a link of about 87 000 characters; the
    // page inflates it a KiB at a time and stops past 8 MiB instead of filling its memory.
    [
      `#state=${deflateRawSync(Buffer.alloc(64 * 2 ** 20, 0x20), { level: 9 }).toString('base64url')}`,
      'the data inflates to more than 8388608 bytes',
    ],
  ];
  for (const [fragment, expected] of links) {
    // From another document, so each link is a page load (not a fragment change in place).
    await page.goto('about:blank');
    await page.goto(`./?scene=stack${fragment}`);
    await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
    await expect(messages.first(), fragment.slice(0, 40)).toContainText(expected);
    expect(await runningScene(page), fragment.slice(0, 40)).toEqual(scene);
  }
  // A fragment changed in place (no reload) is read too.
  await page.evaluate(() => {
    window.location.hash = '#state=%%';
  });
  await expect(messages.last()).toContainText('Link #state=…: character "%" at 0 is not base64url');
  expect(errors).toEqual([]);
});

test("a replay's rest ends with it: the panel's replay and sandbox.replay both play after one, a load does not open paused, a pause the user set stays", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  // A recording of 40 frames, made and held by the panel (so its replay button has it).
  await button(page, '● record').click();
  await expect(statusText(page)).toContainText('● Recording');
  await page.evaluate(() => window.sandbox.advance(new Array(40).fill(1 / 60)));
  await button(page, '■ stop recording').click();
  await expect(statusText(page)).toContainText('a recording of');
  const recording = await page.evaluate(async () => {
    await window.sandbox.load('stack');
    await window.sandbox.record();
    await window.sandbox.advance(new Array(40).fill(1 / 60));
    return window.sandbox.stopRecording();
  });

  /** Steps the next 12 frames of 1/60 s take, and whether the sandbox reads paused before them. */
  const nextFrames = () =>
    page.evaluate(async () => {
      const paused = window.sandbox.settings().paused;
      const before = window.sandbox.state().step;
      await window.sandbox.advance(new Array(12).fill(1 / 60));
      return { paused, steps: window.sandbox.state().step - before };
    });
  const restAtEnd = async () => {
    const end = await replayToEnd(page);
    expect(end.replay?.step).toBe(end.replay?.endStep);
    expect(await nextFrames()).toEqual({ paused: true, steps: 0 });
  };

  // The API's door: a replay that rested, then a load, then another replay.
  await page.evaluate((r) => window.sandbox.replay(r), recording);
  await restAtEnd();
  await page.evaluate(() => window.sandbox.load('stack'));
  expect(await nextFrames()).toEqual({ paused: false, steps: 20 });
  await page.evaluate((r) => window.sandbox.replay(r), recording);
  expect(await nextFrames()).toEqual({ paused: false, steps: 20 });
  await restAtEnd();

  // The panel's door, right after that rest: the same.
  await button(page, '▶ replay from the start').click();
  await page.waitForFunction(() => window.sandbox.stats().replay?.step === 0);
  expect(await nextFrames()).toEqual({ paused: false, steps: 20 });
  await restAtEnd();
  await page
    .getByTestId('panel')
    .locator('.lil-controller', { hasText: 'scene' })
    .first()
    .locator('select')
    .selectOption({ label: 'Pile' });
  await page.waitForFunction(() => window.sandbox.stats().replay === null);
  expect(await nextFrames()).toEqual({ paused: false, steps: 20 });

  // A pause the user set stays: neither door plays through it.
  await page.evaluate(() => window.sandbox.pause());
  await button(page, '▶ replay from the start').click();
  await page.waitForFunction(() => window.sandbox.stats().replay?.step === 0);
  expect(await nextFrames()).toEqual({ paused: true, steps: 0 });
  await page.evaluate((r) => window.sandbox.replay(r), recording);
  expect(await nextFrames()).toEqual({ paused: true, steps: 0 });
  expect(errors).toEqual([]);
});

// The page's app without a browser: the real BrowserApp (Simulation, action layer, determinism
// lab, physics on this thread) on the fake DOM, with `window.sandbox` made by the same
// createScriptingApi as the page's and the real tour behind `sandbox.tour`. Nothing is drawn.

import { installFakeDom } from '../fakes/fakeDom';
import type { SandboxApi } from '../../src/api/scriptingApi';
import type { BrowserApp } from '../../src/app/browserApp';
import type { LoadOptions } from '../../src/app/simulation';

/** The app, its scripting API, and every message it showed the user (newest last). */
export interface NodeSandbox {
  app: BrowserApp;
  sandbox: SandboxApi;
  messages: { text: string; kind: string }[];
}

/**
 * Builds the app on the fake DOM (installed once per test file: the page's modules read
 * `document` and `window` as they run). Physics runs on this thread: a worker needs a browser.
 */
export async function sandboxInNode(
  scene = 'stack',
  options: LoadOptions = {},
): Promise<NodeSandbox> {
  const page = installFakeDom();
  const [{ BrowserApp }, { createScriptingApi }, { Tour }] = await Promise.all([
    import('../../src/app/browserApp'),
    import('../../src/api/scriptingApi'),
    import('../../src/tour/tour'),
  ]);
  const messages: { text: string; kind: string }[] = [];
  const canvas = page.document.createElement('canvas') as unknown as HTMLCanvasElement;
  const app = new BrowserApp(canvas, scene, options, (text, kind = 'error') => {
    messages.push({ text, kind });
    return { isConnected: true, remove: () => undefined };
  });
  const body = page.document.body as unknown as HTMLElement;
  const tour = new Tour(body, body, {
    actions: app.actions,
    lastFrame: () => app.sim.stats.lastFrame,
    snapshots: () => app.sim.drawn.snapshots,
  });
  app.actions.set({ physicsThread: 'main' });
  return { app, sandbox: createScriptingApi(app.actions, tour.api()), messages };
}

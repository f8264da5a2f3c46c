// Entry point and composition root: reads the URL, builds the app and the page's widgets (HUD,
// messages, panel, labels, input, `window.sandbox`), each given the action layer or a narrow
// part of it, and starts the requestAnimationFrame drive. A failure here is shown on the page,
// never left as a blank one.

import './styles.css';
import { createScriptingApi } from './api/scriptingApi';
import type { SandboxApi } from './api/scriptingApi';
import { parseUrlParams } from './api/urlParams';
import { BrowserApp } from './app/browserApp';
import { chooseLanguage, onLanguageChange, setLanguage, t } from './i18n/language';
import { compileContactKernels } from './physics/index';
import { chapterFromUrl } from './tour/chapters';
import { Tour } from './tour/tour';
import { Hud, HUD_REFRESH_MS } from './ui/hud';
import { bindInput } from './ui/input';
import { Messages } from './ui/messages';
import { showNotice } from './ui/notice';
import { Panel } from './ui/panel';
import { decimalSeparatorOf, setDecimalSeparator } from './ui/readout';
import { RecordPanel } from './ui/recordPanel';
import { StutterPanel } from './ui/stutterPanel';
import { TwinLabels } from './ui/twinLabels';
import { ViewLabels } from './ui/viewLabels';
import { ViewLayout } from './ui/viewLayout';
import type { ViewArea } from './render/stage';
import type { RendererProblem } from './render/webglSupport';

declare global {
  interface Window {
    sandbox: SandboxApi;
  }
}

/** The app on `canvas`, with the HUD and the message list it reports through, from the URL. */
function buildApp(
  root: HTMLElement,
  canvas: HTMLCanvasElement,
): { app: BrowserApp; hud: Hud; messages: Messages } {
  // The language first, so every widget and URL message is in it; a bad ?lang= is reported with
  // the other URL parameters.
  const chosen = chooseLanguage(window.location.search, navigator.languages);
  setLanguage(chosen.language);
  document.documentElement.lang = chosen.language;
  const startup = parseUrlParams(window.location.search, 'playground');
  if (chosen.error !== null) startup.errors.unshift(chosen.error);
  // Figures take the decimal separator of the browser's locale, read once (digits stay Latin).
  setDecimalSeparator(decimalSeparatorOf(navigator.language));
  const hud = new Hud(root);
  const messages = new Messages(root);
  const app = new BrowserApp(
    canvas,
    startup.scene,
    { count: startup.count, seed: startup.seed },
    (text, kind, lines) => messages.show(text, kind, lines),
  );
  app.onFrameShown = (nowMs, force) => hud.update(nowMs, app, force);
  const problem = app.stage.problem;
  if (problem) {
    // It stays on screen, so it is written again in each language the page switches to.
    let notice = showNoWebgl(root, problem);
    onLanguageChange(() => {
      notice.remove();
      notice = showNoWebgl(root, problem);
    });
  }
  // Each parameter was validated on its own, so the accepted ones are known to be good together.
  app.actions.set(startup.settings);
  // One message for them all: the panel keeps only the newest few, and a shared link with many
  // bad parameters must still name every one.
  const [first, ...rest] = startup.errors;
  if (first !== undefined && rest.length === 0) messages.show(first);
  else if (first !== undefined) {
    messages.show(
      t('message.urlErrors', { count: startup.errors.length }),
      'error',
      startup.errors,
    );
  }
  for (const note of startup.notes) messages.show(note, 'info');
  return { app, hud, messages };
}

/** The notice that nothing can be drawn, why, and what to do, in the page's language. */
function showNoWebgl(root: HTMLElement, problem: RendererProblem): HTMLElement {
  const why =
    problem.kind === 'webgl1'
      ? t('notice.webgl1')
      : problem.kind === 'failed'
        ? t('notice.rendererFailed', { detail: problem.detail })
        : problem.detail
          ? t('notice.noWebglWhy', { detail: problem.detail })
          : t('notice.noWebgl');
  return showNotice(root, 'no-webgl', t('notice.noWebglTitle'), [
    t('notice.noWebglBecause', { reason: why }),
    t('notice.noWebglFix'),
    t('notice.noWebglRuns'),
  ]);
}

/**
 * The key and touch help under the view, the page's title and the view's accessible name
 * (index.html's English until this runs), in the language now.
 */
function showHelp(root: HTMLElement): void {
  document.title = t('panel.title');
  root.querySelector('#view')?.setAttribute('aria-label', t('view.canvas'));
  const keys = root.querySelector('.help-keys');
  const touch = root.querySelector('.help-touch');
  if (keys) keys.textContent = t('help.keys');
  if (touch) touch.textContent = t('help.touch');
}

/**
 * The page's widgets, each handed the action layer (or the part of it it uses): the panel and
 * its Record folder, the view and stutter labels, the views' layout, keys and pointer. Returns
 * the Record folder (it opens links) and the layout (the tour's card joins it).
 */
function buildWidgets(
  root: HTMLElement,
  dock: HTMLElement,
  canvas: HTMLCanvasElement,
  { app, hud, messages }: { app: BrowserApp; hud: Hud; messages: Messages },
): { record: RecordPanel; layout: ViewLayout } {
  const actions = app.actions;
  const panel = new Panel(root, actions, {
    notify: (text) => messages.show(text),
    setHudVisible: (visible) => hud.setVisible(visible),
  });
  const record = new RecordPanel(panel.recordFolder, root, actions, messages);
  const labels = new ViewLabels(root);
  const stutter = new StutterPanel(dock, () => actions.removeTracked());
  const twinLabels = new TwinLabels(root);
  const refresh = (): void => {
    panel.refresh();
    labels.update(app.sim.settings);
    stutter.update(app.sim.meter, app.sim.trackedIndex);
    stutter.setVisible(app.sim.trackedIndex >= 0 || app.sim.meter.trackedRemoved);
    twinLabels.update(app.lab ? app.lab.report() : null);
  };
  app.onChange = refresh;
  refresh();
  // A switch of language relabels the widgets in place: the simulation never hears of it.
  showHelp(root);
  onLanguageChange((language) => {
    document.documentElement.lang = language;
    showHelp(root);
    panel.relabel();
    record.relabel();
    hud.relabel();
    hud.update(performance.now(), app, true);
    stutter.relabel();
    refresh();
  });
  const halves: ViewArea = { x: 0, y: 0, width: 0, height: 0 };
  const layout = new ViewLayout(canvas, panel.gui.domElement, (area, focus) => {
    app.stage.setSplitArea(area.x, area.y, area.width, area.height);
    app.stage.setFocusArea(focus);
    // The stutter panel stays above the settings where they lie below it (an upright phone).
    stutter.fitAbove(canvas.getBoundingClientRect().top + area.y + area.height);
    labels.place(app.stage.splitLayout(halves));
    app.redraw();
  });
  bindInput(actions, canvas, {
    throwShape: () => panel.spawnShape,
    onSettingsChanged: refresh,
  });
  window.setInterval(() => {
    panel.updateStats();
    stutter.update(app.sim.meter, app.sim.trackedIndex);
    twinLabels.update(app.lab ? app.lab.report() : null);
    void record.update();
  }, HUD_REFRESH_MS);
  return { record, layout };
}

/**
 * The guided tour's card over the view (its way back in in the dock), fed each drawn frame and
 * each HUD refresh (the card's figures read with the HUD's), relabelled on a switch of language;
 * Escape anywhere closes it. A bad `?tour=` is reported with the others.
 */
function buildTour(
  root: HTMLElement,
  dock: HTMLElement,
  { app, hud, messages }: { app: BrowserApp; hud: Hud; messages: Messages },
) {
  const tour = new Tour(root, dock, {
    actions: app.actions,
    lastFrame: () => app.sim.stats.lastFrame,
    snapshots: () => app.sim.drawn.snapshots,
  });
  const shown = app.onFrameShown;
  app.onFrameShown = (nowMs, force) => {
    // The frame's history and a lift's end first, so the refresh that follows shows both.
    tour.frame();
    shown?.(nowMs, force);
  };
  hud.onRefresh = () => tour.refresh();
  onLanguageChange(() => tour.relabel());
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && tour.current() !== null) tour.close();
  });
  const link = chapterFromUrl(window.location.search);
  if (link.error !== null) messages.show(link.error);
  return { tour, chapter: link.chapter };
}

async function main(): Promise<void> {
  const root = document.getElementById('app');
  const canvas = document.getElementById('view');
  if (!(root instanceof HTMLElement) || !(canvas instanceof HTMLCanvasElement)) {
    throw new Error('index.html must contain #app and canvas#view.');
  }
  // A world on this thread runs its contact kernels in WebAssembly only if they compile: some
  // browsers compile no module this large at once on a page's main thread (compileContactKernels).
  await compileContactKernels();
  const page = buildApp(root, canvas);
  const app = page.app;
  // The corner widgets (the stutter panel, the way into the tour) stacked, never over each other.
  const dock = document.createElement('div');
  dock.className = 'dock';
  root.append(dock);
  const { record, layout } = buildWidgets(root, dock, canvas, page);
  const { tour, chapter } = buildTour(root, dock, page);
  // While the card is up, single views frame their scene beside it (its measured box).
  layout.watchCard(tour.element);
  window.sandbox = createScriptingApi(app.actions, tour.api());
  // Physics moves to its worker (the default) before the drive starts and the page says it is
  // ready, so the first state a script reads, and the first step, are the worker's.
  await app.threads.use(app.sim.settings.physicsThread);
  app.start();
  // A tour link's chapter is in force before the page says it is ready.
  if (chapter !== null) await tour.open(chapter.id);
  document.body.dataset.ready = 'true';
  // A link made by "copy link" carries a state or a recording in its fragment.
  void record.openFragment(window.location.hash);
  window.addEventListener('hashchange', () => void record.openFragment(window.location.hash));
}

main().catch((error: unknown) => {
  // Whatever went wrong, say so where the view should be rather than leave a blank page.
  showNotice(
    document.getElementById('app') ?? document.body,
    'startup-error',
    t('notice.startupTitle'),
    [error instanceof Error ? error.message : String(error), t('notice.startupRetry')],
  );
  throw error;
});

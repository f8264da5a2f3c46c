// The lil-gui panel: folders Scene / Simulation / Rendering / Stats. It writes settings and
// issues actions through PanelControls (the action layer, validated like the API); it never
// touches the world itself. Its words come from i18n/ and are relabelled in place on a switch.

import GUI from 'lil-gui';
import { OptionController } from 'lil-gui';
import type { Controller } from 'lil-gui';
import 'lil-gui.css';
import { SETTING_SPECS } from '../config/settings';
import type { NumberSpec, Settings, Strategy } from '../config/settings';
import { SCENES, findScene } from '../scenes/registry';
import type { LoadedScene, SceneOptions } from '../scenes/registry';
import type { StatsSnapshot } from '../stats/statsSnapshot';
import { SHAPE_KINDS } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';
import { COMPACT_MEDIA } from './viewLayout';
import type { TextKey } from '../i18n/en';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage, t } from '../i18n/language';
import type { Language } from '../i18n/language';
import { choiceText } from '../i18n/names';
import { fixedText } from './readout';

/** What each strategy does to the picture, shown under the strategy picker. */
const STRATEGY_NOTES: Record<Strategy, TextKey> = {
  accumulator: 'why.accumulator',
  'semi-fixed': 'why.semiFixed',
  variable: 'why.variable',
  'fixed-per-frame': 'why.fixedPerFrame',
};

/** What the panel asks of the sandbox: the action layer's calls it makes. */
export interface PanelControls {
  settings(): Readonly<Settings>;
  scene(): LoadedScene;
  /** Validates the whole patch first; a bad key or value throws and changes nothing. */
  set(patch: Partial<Settings>): void;
  load(sceneId: string, options: SceneOptions): Promise<void>;
  reset(): Promise<void>;
  spawn(kind: ShapeKind): void;
  singleStep(): void;
  hitch(): void;
  stats(): StatsSnapshot;
}

/** What the panel does outside the sandbox: show a message, show or hide the HUD. */
export interface PanelPage {
  notify(text: string): void;
  setHudVisible(visible: boolean): void;
}

export class Panel {
  readonly gui: GUI;
  private readonly controls: PanelControls;
  private readonly page: PanelPage;
  private readonly sceneState = { scene: '', count: 0, seed: 1, hint: '' };
  private readonly spawnState: { shape: ShapeKind } = { shape: 'box' };
  private readonly countController: Controller;
  private readonly controllers: Controller[] = [];
  private readonly notes = { strategy: '' };
  private readonly statsState = { physicsMs: '', interpolationUs: '', simOverReal: '', bodies: '' };
  /** The "Record" folder, second from the top: ui/recordPanel.ts fills it. */
  readonly recordFolder: GUI;
  /** The Stats folder: its figures are read only while it is open. */
  private readonly statsFolder: GUI;
  /** Each folder's and row's words, written again in the new language on a switch. */
  private readonly labels: (() => void)[] = [];
  private readonly languageState: { language: Language } = { language: currentLanguage() };

  constructor(container: HTMLElement, controls: PanelControls, page: PanelPage) {
    this.controls = controls;
    this.page = page;
    this.gui = new GUI({ container, title: t('panel.title'), width: 330, injectStyles: false });
    this.gui.domElement.dataset.testid = 'panel';
    this.labels.push(() => this.gui.title(t('panel.title')));
    this.addLanguageRow();

    this.countController = this.addSceneFolder();
    this.recordFolder = this.folder(this.gui, 'folder.record');
    this.addSettingFolders();
    this.statsFolder = this.addStatsFolder();
    // On a phone the open panel would cover most of the view: it starts closed, its title bar a
    // button that opens it.
    if (window.matchMedia(COMPACT_MEDIA).matches) this.gui.close();
    this.refresh();
  }

  /** The language row, first: the panel, the HUD and the hints switch in place, state kept. */
  private addLanguageRow(): void {
    const names = Object.fromEntries(LANGUAGES.map((name) => [LANGUAGE_NAMES[name], name]));
    const row = this.gui
      .add(this.languageState, 'language', names)
      .onChange((language: Language) => setLanguage(language));
    this.named(row, 'label.language');
    this.controllers.push(row);
  }

  /** Scene: the scene, its body count and seed, reset, the spawn shape and button, a hint. */
  private addSceneFolder(): Controller {
    const scene = this.folder(this.gui, 'folder.scene');
    this.controllers.push(
      this.addOptions(
        scene.add(
          this.sceneState,
          'scene',
          SCENES.map((s) => s.id),
        ),
        'label.scene',
      ).onChange((id: string) => this.attempt(() => this.controls.load(id, {}))),
    );
    const count = scene.add(this.sceneState, 'count', 0, 5000, 1).onFinishChange((value: number) =>
      this.attempt(() =>
        this.controls.load(this.sceneState.scene, {
          count: Math.round(value),
          seed: this.sceneState.seed,
        }),
      ),
    );
    this.controllers.push(count);
    const seed = scene.add(this.sceneState, 'seed', 0, 9999, 1).onFinishChange((value: number) =>
      this.attempt(() =>
        this.controls.load(this.sceneState.scene, {
          count: this.controls.scene().count,
          seed: Math.round(value),
        }),
      ),
    );
    this.controllers.push(this.named(seed, 'label.seed'));
    this.named(scene.add({ reset: () => void this.controls.reset() }, 'reset'), 'label.reset');
    this.addOptions(scene.add(this.spawnState, 'shape', [...SHAPE_KINDS]), 'label.spawnShape');
    const spawn = scene.add({ spawn: () => this.controls.spawn(this.spawnState.shape) }, 'spawn');
    this.named(spawn, 'label.spawn');
    this.addNote(scene, this.sceneState, 'hint', 'label.hint');
    return count;
  }

  /** Simulation, Stutter lab and Rendering: the settings, single step, hitch, the HUD switch. */
  private addSettingFolders(): void {
    const sim = this.folder(this.gui, 'folder.simulation');
    this.addChoice(sim, 'physicsThread', 'label.physicsThread');
    this.addChoice(sim, 'strategy', 'label.strategy');
    this.addNote(sim, this.notes, 'strategy', 'label.why');
    this.addNumber(sim, 'physicsHz', 'label.physicsHz');
    this.addChoice(sim, 'interpolation', 'label.interpolation');
    this.addSetting(this.named(sim.add(this.settingsProxy(), 'paused'), 'label.paused'));
    this.named(sim.add({ step: () => this.controls.singleStep() }, 'step'), 'label.singleStep');
    this.addNumber(sim, 'timeScale', 'label.timeScale');
    this.addNumber(sim, 'maxFrameSeconds', 'label.maxFrameSeconds');
    this.addNumber(sim, 'maxStepsPerFrame', 'label.maxStepsPerFrame');
    this.addSetting(this.named(sim.add(this.settingsProxy(), 'governor'), 'label.governor'));

    const timing = this.folder(this.gui, 'folder.stutterLab');
    this.addChoice(timing, 'display', 'label.display');
    this.addNumber(timing, 'jitterMs', 'label.jitterMs');
    this.addNumber(timing, 'hitchSeconds', 'label.hitchSeconds');
    this.addNumber(timing, 'stepCostMs', 'label.stepCostMs');
    this.named(timing.add({ hitch: () => this.controls.hitch() }, 'hitch'), 'label.hitch');

    const rendering = this.folder(this.gui, 'folder.rendering');
    this.addChoice(rendering, 'view', 'label.view');
    this.addChoice(rendering, 'splitRight', 'label.splitRight');
    this.addSetting(this.named(rendering.add(this.settingsProxy(), 'shadows'), 'label.shadows'));
    const hud = { visible: true };
    this.named(rendering.add(hud, 'visible'), 'label.showHud').onChange((visible: boolean) =>
      this.page.setHudVisible(visible),
    );
  }

  /** Stats: a few figures, read only while the folder is open (it starts closed). */
  private addStatsFolder(): GUI {
    const stats = this.folder(this.gui, 'folder.stats');
    this.named(stats.add(this.statsState, 'physicsMs'), 'label.statsPhysics').disable().listen();
    const interpolation = stats.add(this.statsState, 'interpolationUs');
    this.named(interpolation, 'label.statsInterpolation').disable().listen();
    this.named(stats.add(this.statsState, 'bodies'), 'label.statsBodies').disable().listen();
    const rate = stats.add(this.statsState, 'simOverReal');
    this.named(rate, 'label.statsSimOverReal').disable().listen();
    stats.close();
    // Opened: show the figures now, not at the next refresh.
    stats.onOpenClose(() => this.updateStats());
    return stats;
  }

  get spawnShape(): ShapeKind {
    return this.spawnState.shape;
  }

  /**
   * Writes every folder title, row name and choice's shown name again in the page's language
   * (lil-gui relabels in place: no row is rebuilt, no value or open folder is lost).
   */
  relabel(): void {
    this.languageState.language = currentLanguage();
    for (const label of this.labels) label();
    this.refresh();
    this.updateStats();
  }

  /** Re-reads settings and scene after anything (API, keys, URL) changed them. */
  refresh(): void {
    const loaded = this.controls.scene();
    this.sceneState.scene = loaded.definition.id;
    this.sceneState.count = loaded.count;
    this.sceneState.seed = loaded.seed;
    this.sceneState.hint = t(loaded.definition.hint);
    this.notes.strategy = t(STRATEGY_NOTES[this.controls.settings().strategy]);
    const range = findScene(loaded.definition.id)?.count;
    this.countController.name(t(range?.counts === 'layers' ? 'label.layers' : 'label.bodyCount'));
    if (range) this.countController.min(range.min).max(range.max).enable();
    else this.countController.disable();
    for (const controller of this.controllers) controller.updateDisplay();
  }

  /** Copies the latest stats into the Stats folder (the caller throttles this like the HUD). */
  updateStats(): void {
    // Closed (as it starts), it shows nothing: reading the stats would only allocate.
    if (this.statsFolder._closed) return;
    const s = this.controls.stats();
    this.statsState.physicsMs = `${fixedText(s.physicsMsPerStep, 2)} ms`;
    this.statsState.interpolationUs = `${fixedText(s.interpolationUs, 0)} µs`;
    this.statsState.bodies = t('stats.bodies', { bodies: s.bodies, sleeping: s.sleeping });
    this.statsState.simOverReal = `${fixedText(s.simOverReal, 2)}×`;
  }

  /** A read-only row of text that wraps (a disabled input would cut a long hint short). */
  private addNote<T extends object>(folder: GUI, state: T, key: keyof T & string, label: TextKey) {
    const controller = this.named(folder.add(state, key), label).disable();
    const note = document.createElement('div');
    note.className = 'panel-note';
    controller.$widget.replaceChildren(note);
    controller.updateDisplay = () => {
      note.textContent = String(controller.getValue());
      return controller;
    };
    this.controllers.push(controller);
  }

  /** A folder whose title follows the language. */
  private folder(parent: GUI, key: TextKey): GUI {
    const folder = parent.addFolder(t(key));
    this.labels.push(() => folder.title(t(key)));
    return folder;
  }

  /** Names a row in the page's language, and again after each switch. */
  private named(controller: Controller, key: TextKey): Controller {
    controller.name(t(key));
    this.labels.push(() => controller.name(t(key)));
    return controller;
  }

  private addChoice(folder: GUI, key: keyof Settings, label: TextKey): void {
    const spec = SETTING_SPECS[key];
    if (spec.type !== 'choice') throw new Error(`Setting ${key} is not a choice.`);
    this.addSetting(
      this.addOptions(folder.add(this.settingsProxy(), key, [...spec.choices]), label),
    );
  }

  /**
   * Shows an option row's values by their names in the page's language (a scene's title key,
   * choiceText), or as themselves (a display rate's digits). The values, what the API and URL
   * use, stay English.
   */
  private addOptions(controller: Controller, label: TextKey): Controller {
    if (!(controller instanceof OptionController)) throw new Error('Not an option row.');
    const values = controller._values.map(String);
    // The scene row shows titles; the others, their values' names (or the values themselves).
    const textOf = (value: string): TextKey | undefined =>
      label === 'label.scene' ? findScene(value)?.title : choiceText(value);
    // Written over the list in place, in order: lil-gui's object form ({ name: value }) would
    // put names such as "30" first, as a JavaScript object orders integer-like keys.
    const show = (): void => {
      const names = values.map((value) => {
        const text = textOf(value);
        return text === undefined ? value : t(text);
      });
      controller._names = names;
      names.forEach((name, index) => {
        const option = controller.$select.options[index];
        if (option) option.textContent = name;
      });
      controller.updateDisplay();
    };
    show();
    this.labels.push(show);
    return this.named(controller, label);
  }

  private addNumber(folder: GUI, key: keyof Settings, label: TextKey): void {
    const spec = SETTING_SPECS[key] as NumberSpec;
    this.addSetting(
      this.named(folder.add(this.settingsProxy(), key, spec.min, spec.max, spec.step), label),
    );
  }

  private addSetting(controller: Controller): void {
    this.controllers.push(controller);
  }

  /**
   * lil-gui reads and writes plain properties; this object forwards them to the validated
   * `set`, so a rejected value shows a message and the control snaps back to the real setting.
   */
  private settingsProxy(): Settings {
    const controls = this.controls;
    const proxy = {} as Settings;
    for (const key of Object.keys(SETTING_SPECS) as (keyof Settings)[]) {
      Object.defineProperty(proxy, key, {
        enumerable: true,
        get: () => controls.settings()[key],
        set: (value: unknown) => this.attempt(() => controls.set({ [key]: value })),
      });
    }
    return proxy;
  }

  private attempt(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.page.notify(error instanceof Error ? error.message : String(error));
    }
    this.refresh();
  }
}

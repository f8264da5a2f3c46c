// The lil-gui panel: folders Scene / Simulation / Rendering / Stats. It writes settings and
// issues actions through PanelControls (the action layer, validated like the API); it never
// touches the world itself.

import GUI from 'lil-gui';
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

/** What each strategy does to the picture, shown under the strategy picker. */
const STRATEGY_NOTES: Record<Strategy, string> = {
  accumulator: 'fixed dt; alpha blends the picture',
  'semi-fixed': 'last step partial; no alpha: drawn as off',
  variable: 'dt = frame time; no alpha: drawn as off',
  'fixed-per-frame': 'speed follows display only; drawn as off',
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

  constructor(container: HTMLElement, controls: PanelControls, page: PanelPage) {
    this.controls = controls;
    this.page = page;
    this.gui = new GUI({ container, title: 'Fixed-Step Sandbox', width: 330, injectStyles: false });
    this.gui.domElement.dataset.testid = 'panel';

    this.countController = this.addSceneFolder();
    this.recordFolder = this.gui.addFolder('Record');
    this.addSettingFolders();
    this.statsFolder = this.addStatsFolder();
    // On a phone the open panel would cover most of the view: it starts closed, its title bar a
    // button that opens it.
    if (window.matchMedia(COMPACT_MEDIA).matches) this.gui.close();
    this.refresh();
  }

  /** Scene: the scene, its body count and seed, reset, the spawn shape and button, a hint. */
  private addSceneFolder(): Controller {
    const scene = this.gui.addFolder('Scene');
    this.controllers.push(
      scene
        .add(this.sceneState, 'scene', Object.fromEntries(SCENES.map((s) => [s.title, s.id])))
        .name('scene')
        .onChange((id: string) => this.attempt(() => this.controls.load(id, {}))),
    );
    const count = scene
      .add(this.sceneState, 'count', 0, 5000, 1)
      .name('body count')
      .onFinishChange((value: number) =>
        this.attempt(() =>
          this.controls.load(this.sceneState.scene, {
            count: Math.round(value),
            seed: this.sceneState.seed,
          }),
        ),
      );
    this.controllers.push(count);
    this.controllers.push(
      scene
        .add(this.sceneState, 'seed', 0, 9999, 1)
        .name('seed')
        .onFinishChange((seed: number) =>
          this.attempt(() =>
            this.controls.load(this.sceneState.scene, {
              count: this.controls.scene().count,
              seed: Math.round(seed),
            }),
          ),
        ),
    );
    scene.add({ reset: () => void this.controls.reset() }, 'reset').name('reset scene (R)');
    scene.add(this.spawnState, 'shape', [...SHAPE_KINDS]).name('spawn shape');
    scene
      .add({ spawn: () => this.controls.spawn(this.spawnState.shape) }, 'spawn')
      .name('spawn (drop)');
    this.controllers.push(scene.add(this.sceneState, 'hint').name('try').disable());
    return count;
  }

  /** Simulation, Stutter lab and Rendering: the settings, single step, hitch, the HUD switch. */
  private addSettingFolders(): void {
    const sim = this.gui.addFolder('Simulation');
    this.addChoice(sim, 'physicsThread', 'physics thread');
    this.addChoice(sim, 'strategy', 'timestep strategy');
    this.controllers.push(sim.add(this.notes, 'strategy').name('why').disable());
    this.addNumber(sim, 'physicsHz', 'physics rate (Hz)');
    this.addChoice(sim, 'interpolation', 'render mode (I)');
    this.addSetting(sim.add(this.settingsProxy(), 'paused').name('paused (space)'));
    sim.add({ step: () => this.controls.singleStep() }, 'step').name('single step (.)');
    this.addNumber(sim, 'timeScale', 'time scale');
    this.addNumber(sim, 'maxFrameSeconds', 'frame clamp (s)');
    this.addNumber(sim, 'maxStepsPerFrame', 'max steps / frame');

    const timing = this.gui.addFolder('Stutter lab');
    this.addChoice(timing, 'display', 'emulated display (Hz)');
    this.addNumber(timing, 'jitterMs', 'frame jitter ± (ms)');
    this.addNumber(timing, 'hitchSeconds', 'hitch length (s)');
    timing.add({ hitch: () => this.controls.hitch() }, 'hitch').name('inject hitch (H)');

    const rendering = this.gui.addFolder('Rendering');
    this.addChoice(rendering, 'view', 'view');
    this.addChoice(rendering, 'splitRight', 'split: right half');
    this.addSetting(rendering.add(this.settingsProxy(), 'shadows').name('shadows'));
    const hud = { visible: true };
    rendering
      .add(hud, 'visible')
      .name('show HUD')
      .onChange((visible: boolean) => this.page.setHudVisible(visible));
  }

  /** Stats: a few figures, read only while the folder is open (it starts closed). */
  private addStatsFolder(): GUI {
    const stats = this.gui.addFolder('Stats');
    stats.add(this.statsState, 'physicsMs').name('physics / step').disable().listen();
    stats.add(this.statsState, 'interpolationUs').name('interp / frame').disable().listen();
    stats.add(this.statsState, 'bodies').name('bodies').disable().listen();
    stats.add(this.statsState, 'simOverReal').name('sim ÷ real').disable().listen();
    stats.close();
    // Opened: show the figures now, not at the next refresh.
    stats.onOpenClose(() => this.updateStats());
    return stats;
  }

  get spawnShape(): ShapeKind {
    return this.spawnState.shape;
  }

  /** Re-reads settings and scene after anything (API, keys, URL) changed them. */
  refresh(): void {
    const loaded = this.controls.scene();
    this.sceneState.scene = loaded.definition.id;
    this.sceneState.count = loaded.count;
    this.sceneState.seed = loaded.seed;
    this.sceneState.hint = loaded.definition.hint;
    this.notes.strategy = STRATEGY_NOTES[this.controls.settings().strategy];
    const range = findScene(loaded.definition.id)?.count;
    this.countController.name(range?.counts === 'layers' ? 'layers' : 'body count');
    if (range) this.countController.min(range.min).max(range.max).enable();
    else this.countController.disable();
    for (const controller of this.controllers) controller.updateDisplay();
  }

  /** Copies the latest stats into the Stats folder (the caller throttles this like the HUD). */
  updateStats(): void {
    // Closed (as it starts), it shows nothing: reading the stats would only allocate.
    if (this.statsFolder._closed) return;
    const s = this.controls.stats();
    this.statsState.physicsMs = `${s.physicsMsPerStep.toFixed(2)} ms`;
    this.statsState.interpolationUs = `${s.interpolationUs.toFixed(0)} µs`;
    this.statsState.bodies = `${s.bodies} (${s.sleeping} asleep)`;
    this.statsState.simOverReal = `${s.simOverReal.toFixed(2)}×`;
  }

  private addChoice(folder: GUI, key: keyof Settings, label: string): void {
    const spec = SETTING_SPECS[key];
    if (spec.type !== 'choice') throw new Error(`Setting ${key} is not a choice.`);
    this.addSetting(folder.add(this.settingsProxy(), key, [...spec.choices]).name(label));
  }

  private addNumber(folder: GUI, key: keyof Settings, label: string): void {
    const spec = SETTING_SPECS[key] as NumberSpec;
    this.addSetting(
      folder.add(this.settingsProxy(), key, spec.min, spec.max, spec.step).name(label),
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

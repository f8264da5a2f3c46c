// The panel's "Record" folder: record and stop, replay, a timeline scrubber over the loaded
// replay, states and recordings saved as files, opened from a picker, a dropped file or a link.
// It acts only through RecordControls, whose calls may answer at once or with a Promise.

import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';
import type { Divergence } from '../state/divergence';
import type { DocumentKind } from '../state/documentKind';
import type { ReplayStatus } from '../state/replay';
import { decodeShareFragment, encodeShareFragment, firstKeyframeOnly } from '../state/shareLink';
import { bindFileDrop, downloadJson, fileLabel, FilePicker, readDocument } from './fileIO';
import type { Messages } from './messages';
import type { TextKey } from '../i18n/en';
import { t } from '../i18n/language';

/** A value now, or a Promise of it (physics in a worker answers asynchronously). */
export type Awaitable<T> = T | Promise<T>;

/** What the folder shows: the recording under way and the loaded replay (see stats()). */
export interface RecordStatus {
  recording: { step: number; inputs: number } | null;
  replay: ReplayStatus | null;
}

/** The calls the folder makes (the action layer's, as window.sandbox makes them), always awaited. */
export interface RecordControls {
  /** The state now, as JSON-ready data. */
  saveState(): Awaitable<unknown>;
  loadState(state: unknown): Awaitable<void>;
  record(): Awaitable<void>;
  /** The recording made, as JSON-ready data. */
  stopRecording(): Awaitable<unknown>;
  replay(recording: unknown): Awaitable<void>;
  seek(step: number): Awaitable<void>;
  recordStatus(): Awaitable<RecordStatus>;
}

/** "step 51 · body 12 · velocity[1]", as much of it as is known. */
export function describeDivergence(d: Divergence): string {
  const parts = [t('record.whereStep', { step: d.step })];
  if (d.body !== null) parts.push(t('record.whereBody', { body: d.body }));
  if (d.field !== null) parts.push(d.field);
  return parts.join(' · ');
}

/** The folder's two status lines for `status` (the second empty when nothing is loaded). */
export function describeStatus(status: RecordStatus, held: number | null): [string, string] {
  const { recording, replay } = status;
  const first = recording
    ? t('record.statusRecording', { steps: recording.step, inputs: recording.inputs })
    : held === null
      ? t('record.statusIdle')
      : t('record.statusHeld', { steps: held });
  if (!replay) return [first, ''];
  const progress = t('record.statusReplay', { step: replay.step, end: replay.endStep });
  if (replay.divergence) {
    const where = describeDivergence(replay.divergence);
    return [first, `${progress} · ${t('record.statusDiverged', { where })}`];
  }
  const verified =
    replay.verifiedUpTo < 0
      ? t('record.statusUnchecked')
      : t('record.statusVerified', { step: replay.verifiedUpTo });
  return [first, `${progress} · ${verified}`];
}

/** A nested field of untrusted data, or undefined (for naming files). */
function fieldAt(value: unknown, path: readonly (string | number)[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** `state-pile-step-312.json`, `recording-stack-500-steps.json`: what and where, at a glance. */
function fileNameFor(kind: DocumentKind, value: unknown): string {
  if (kind === 'state') {
    return `state-${String(fieldAt(value, ['scene', 'id']))}-step-${String(fieldAt(value, ['step']))}.json`;
  }
  const scene = fieldAt(value, ['keyframes', 0, 'state', 'scene', 'id']);
  return `recording-${String(scene)}-${String(fieldAt(value, ['length']))}-steps.json`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class RecordPanel {
  private readonly controls: RecordControls;
  private readonly messages: Messages;
  private readonly folder: GUI;
  private readonly picker: FilePicker;
  private readonly lines: readonly [HTMLElement, HTMLElement];
  private readonly view = { step: 0 };
  private readonly recordButton: Controller;
  private readonly replayButton: Controller;
  private readonly scrubber: Controller;
  /** Buttons that need a recording held. */
  private readonly withRecording: readonly Controller[];
  /** The recording the folder holds: the last one stopped or loaded (JSON-ready data). */
  private held: { value: Record<string, unknown>; length: number } | null = null;
  private recordingNow = false;
  /** Each row named from the texts, with its key: written again on a switch of language. */
  private readonly names: [Controller, TextKey][] = [];
  /** While the pointer holds the scrubber, the replay's progress does not move it. */
  private scrubbing = false;
  /** The step the scrubber asks for next, coalesced while a seek runs (null: none). */
  private seekTarget: number | null = null;
  private seeking = false;
  private updating = false;

  /** Fills `folder` (an empty lil-gui folder); the hidden file picker goes into `container`. */
  constructor(folder: GUI, container: HTMLElement, controls: RecordControls, messages: Messages) {
    this.controls = controls;
    this.messages = messages;
    this.picker = new FilePicker(container);
    this.folder = folder;
    folder.domElement.dataset.testid = 'record-folder';
    const status = document.createElement('div');
    status.className = 'record-status';
    status.dataset.testid = 'record-status';
    status.setAttribute('role', 'status');
    const first = document.createElement('div');
    const second = document.createElement('div');
    status.append(first, second);
    this.lines = [first, second];
    folder.$children.prepend(status);

    this.recordButton = folder
      .add({ toggle: () => this.run(() => this.toggleRecording()) }, 'toggle')
      .name(t('record.start'));
    this.replayButton = this.named(
      folder.add({ replay: () => this.run(() => this.replayHeld()) }, 'replay'),
      'record.replay',
    );
    this.scrubber = this.named(folder.add(this.view, 'step', 0, 1, 1), 'record.timeline').onChange(
      (step: number) => this.seekTo(Math.round(step)),
    );
    this.scrubber.domElement.addEventListener('pointerdown', () => {
      this.scrubbing = true;
    });
    window.addEventListener('pointerup', () => {
      this.scrubbing = false;
    });
    const save = folder.add({ save: () => this.run(() => this.saveState()) }, 'save');
    this.named(save, 'record.saveState');
    this.named(folder.add({ load: () => this.pick('state') }, 'load'), 'record.loadState');
    const saveRecording = this.named(
      folder.add({ save: () => this.run(() => this.saveRecording()) }, 'save'),
      'record.saveRecording',
    );
    this.named(folder.add({ load: () => this.pick('recording') }, 'load'), 'record.loadRecording');
    const link = folder.add({ link: () => this.run(() => this.copyLink('state')) }, 'link');
    this.named(link, 'record.linkState');
    const linkRecording = this.named(
      folder.add({ link: () => this.run(() => this.copyLink('recording')) }, 'link'),
      'record.linkRecording',
    );
    this.withRecording = [saveRecording, linkRecording];

    bindFileDrop(
      window,
      (file, count) => this.run(() => this.openFile(file, null, count)),
      () => this.messages.show(t('record.dropNoFile')),
    );
    this.render({ recording: null, replay: null });
  }

  /** Writes the rows' names again in the page's language (the title follows at the next update). */
  relabel(): void {
    for (const [controller, key] of this.names) controller.name(t(key));
    this.recordButton.name(t(this.recordingNow ? 'record.stop' : 'record.start'));
  }

  /** Names a row in the page's language, and keeps it for `relabel`. */
  private named(controller: Controller, key: TextKey): Controller {
    this.names.push([controller, key]);
    return controller.name(t(key));
  }

  /** Reads the recording and replay status and shows it (call it a few times a second). */
  async update(): Promise<void> {
    if (this.updating) return;
    this.updating = true;
    try {
      this.render(await this.controls.recordStatus());
    } finally {
      this.updating = false;
    }
  }

  /**
   * Opens what the URL fragment carries (`location.hash`: at start-up, or when it changes); a bad
   * one gets a message naming it, and the scene that runs goes on.
   */
  async openFragment(hash: string): Promise<void> {
    try {
      const shared = await decodeShareFragment(hash);
      if (shared) await this.open(shared.kind, shared.value, t('record.theLink'));
    } catch (error) {
      this.messages.show(messageOf(error));
    }
    await this.update();
  }

  private render(status: RecordStatus): void {
    const recording = status.recording;
    const now = recording !== null;
    if (now !== this.recordingNow) {
      this.recordingNow = now;
      this.recordButton.name(t(now ? 'record.stop' : 'record.start'));
      this.recordButton.domElement.classList.toggle('record-on', now);
    }
    this.folder.title(
      recording ? t('record.titleRecording', { steps: recording.step }) : t('folder.record'),
    );
    this.replayButton.enable(this.held !== null && !now);
    for (const controller of this.withRecording) controller.enable(this.held !== null);
    const replay = status.replay;
    if (replay && replay.endStep > 0) {
      this.scrubber.max(replay.endStep).enable();
      if (!this.scrubbing && !this.seeking) {
        this.view.step = replay.step;
        this.scrubber.updateDisplay();
      }
    } else this.scrubber.disable();
    const [first, second] = describeStatus(status, this.held ? this.held.length : null);
    this.lines[0].textContent = first;
    this.lines[1].textContent = second;
    this.lines[1].className = replay?.divergence ? 'record-diverged' : '';
  }

  /** Runs a click's work; whatever it throws becomes a message, and the folder refreshes. */
  private run(action: () => Promise<void>): void {
    action()
      .catch((error: unknown) => this.messages.show(messageOf(error)))
      .finally(() => void this.update());
  }

  private async toggleRecording(): Promise<void> {
    if (!this.recordingNow) {
      await this.controls.record();
      return;
    }
    const value = (await this.controls.stopRecording()) as Record<string, unknown>;
    this.held = { value, length: Number(value.length) };
  }

  /** Plays the held recording from its start (as `sandbox.replay` does: see TimelineControls). */
  private async replayHeld(): Promise<void> {
    if (this.held) await this.replay(this.held.value);
  }

  private async replay(value: unknown): Promise<void> {
    await this.controls.replay(value);
    const record = value as Record<string, unknown>;
    this.held = { value: record, length: Number(record.length) };
  }

  private async saveState(): Promise<void> {
    const value = await this.controls.saveState();
    downloadJson(fileNameFor('state', value), value);
  }

  private async saveRecording(): Promise<void> {
    if (this.held) downloadJson(fileNameFor('recording', this.held.value), this.held.value);
  }

  /** The picker for one kind (inside the click: browsers open pickers only for a user's act). */
  private pick(kind: DocumentKind): void {
    this.picker.open((file) => this.run(() => this.openFile(file, kind, 1)));
  }

  private async openFile(file: File, expected: DocumentKind | null, count: number): Promise<void> {
    if (count > 1) {
      this.messages.show(t('record.droppedMany', { count }), 'info');
    }
    const { kind, value } = await readDocument(file, expected);
    await this.open(kind, value, fileLabel(file));
  }

  /** Loads a state, or replays a recording, after its kind was told; `source` names it. */
  private async open(kind: DocumentKind, value: unknown, source: string): Promise<void> {
    try {
      if (kind === 'state') await this.controls.loadState(value);
      else await this.replay(value);
    } catch (error) {
      throw new Error(t('record.notOpened', { source, reason: messageOf(error) }));
    }
  }

  /**
   * Puts the state now, or the held recording with its first keyframe only (a replay makes the
   * others as it plays), into the URL fragment, and copies the link.
   */
  private async copyLink(kind: DocumentKind): Promise<void> {
    let value: unknown;
    if (kind === 'state') value = await this.controls.saveState();
    else if (this.held) value = firstKeyframeOnly(this.held.value);
    else return;
    const fragment = await encodeShareFragment(kind, value);
    window.history.replaceState(window.history.state, '', fragment);
    const url = window.location.href;
    let copied = t('record.linkCopied');
    try {
      await navigator.clipboard.writeText(url);
    } catch (error) {
      copied = t('record.linkNotCopied', { reason: messageOf(error).slice(0, 80) });
    }
    const what = kind === 'state' ? t('record.linkWhatState') : t('record.linkWhatRecording');
    this.messages.show(t('record.linkMade', { what, length: url.length, copied }), 'info');
  }

  /** Seeks to `step`; steps asked for while a seek runs are coalesced into the latest one. */
  private seekTo(step: number): void {
    this.seekTarget = step;
    if (this.seeking) return;
    this.seeking = true;
    // On the next task, so the scrubber's queued moves land first and only the last one seeks.
    window.setTimeout(() => void this.runSeeks(), 0);
  }

  private async runSeeks(): Promise<void> {
    try {
      for (let target = this.seekTarget; target !== null; target = this.seekTarget) {
        this.seekTarget = null;
        await this.controls.seek(target);
      }
    } catch (error) {
      this.messages.show(messageOf(error));
    } finally {
      this.seekTarget = null;
      this.seeking = false;
      await this.update();
    }
  }
}

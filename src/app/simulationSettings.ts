// A Simulation's settings: whole patches validated before any is taken, the rate a loaded state
// or replay sets, a replay's rest at its end (a pause that is the replay's, not the user's), and,
// at each frame's start, what of them the loop takes.

import { DEFAULT_SETTINGS, validatePatch, validateValue } from '../config/settings';
import type { Settings } from '../config/settings';
import type { FixedStepLoop } from 'fixed-step/loop';

/** Settings that change what the stutter meter measures. */
const METER_SETTINGS = [
  'strategy',
  'interpolation',
  'physicsHz',
  'timeScale',
  'display',
  'jitterMs',
] as const;

/** Told what a settings change means for the rest of the simulation. */
export interface SettingsListener {
  /** A setting the stutter meter's window depends on changed. */
  meterSettingChanged(): void;
  /** The loop was unpaused: its next frame starts a new timeline. */
  unpaused(): void;
}

export class SimulationSettings {
  /** The settings now; replaced, never changed in place (readers may keep the object). */
  current: Settings = { ...DEFAULT_SETTINGS };
  /**
   * True while the pause in force is a replay's rest at its end: it ends with the replay (a
   * load, a loaded state, another replay, a recording). A pause the user set is never this.
   */
  private resting = false;
  private readonly listener: SettingsListener;

  constructor(listener: SettingsListener) {
    this.listener = listener;
  }

  /** Validates the whole patch first (throws, changing nothing, on any bad key or value). */
  set(patch: unknown): void {
    const accepted = validatePatch(patch);
    // Whatever the user says of pausing, the pause (or the play) is theirs from now on.
    if (accepted.paused !== undefined) this.resting = false;
    const before = this.current;
    this.current = { ...before, ...accepted };
    if (before.paused && !this.current.paused) this.listener.unpaused();
    // The meter's window would otherwise mix frames from before and after the change.
    for (const key of METER_SETTINGS) {
      if (before[key] !== this.current[key]) this.listener.meterSettingChanged();
    }
  }

  /** A physics rate set by a loaded state or a replay (ignored when out of the settings' range). */
  setRate(physicsHz: number): void {
    if (physicsHz !== this.current.physicsHz && validateValue('physicsHz', physicsHz).ok) {
      this.current = { ...this.current, physicsHz };
    }
  }

  /** A replay rests at its end: paused, unless the user has paused already (then it stays theirs). */
  rest(): void {
    if (this.current.paused) return;
    this.current = { ...this.current, paused: true };
    this.resting = true;
  }

  /** The replay ended: its rest ends with it (a pause the user set stays). */
  endRest(): void {
    if (!this.resting) return;
    this.resting = false;
    this.current = { ...this.current, paused: false };
    this.listener.unpaused();
  }

  /** Gives the loop the settings it steps by. */
  applyTo(loop: FixedStepLoop): void {
    const s = this.current;
    const dt = 1 / s.physicsHz;
    if (dt !== loop.dt) loop.setDt(dt);
    // Only what changed is written: a double stored anew into a field V8 keeps boxed allocates.
    if (loop.timeScale !== s.timeScale) loop.timeScale = s.timeScale;
    if (loop.maxFrameSeconds !== s.maxFrameSeconds) loop.maxFrameSeconds = s.maxFrameSeconds;
    loop.maxStepsPerFrame = s.maxStepsPerFrame;
    loop.paused = s.paused;
    loop.strategy = s.strategy;
  }
}

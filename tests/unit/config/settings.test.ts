import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTING_SPECS,
  validatePatch,
  withoutRetiredSettings,
} from '../../../src/config/settings';

describe('validatePatch', () => {
  it('accepts a good patch and returns only what it was given', () => {
    expect(validatePatch({ physicsHz: 60, interpolation: 'off', paused: true })).toEqual({
      physicsHz: 60,
      interpolation: 'off',
      paused: true,
    });
  });

  it.each([
    [{ physicsHz: 4 }, "'physicsHz' = 4", 'a number from 5 to 240'],
    [{ physicsHz: 241 }, "'physicsHz' = 241", 'from 5 to 240'],
    [{ physicsHz: Number.NaN }, "'physicsHz' = NaN", 'from 5 to 240'],
    [{ physicsHz: Infinity }, "'physicsHz' = Infinity", 'from 5 to 240'],
    [{ physicsHz: '60' }, '\'physicsHz\' = "60"', 'a number'],
    [{ maxStepsPerFrame: 2.5 }, "'maxStepsPerFrame' = 2.5", 'an integer from 1 to 100'],
    [{ timeScale: 0 }, "'timeScale' = 0", 'from 0.05 to 2'],
    [
      { interpolation: 'smooth' },
      '\'interpolation\' = "smooth"',
      "one of 'interpolate', 'off', 'extrapolate', 'hermite'",
    ],
    [{ paused: 1 }, "'paused' = 1", 'true or false'],
  ])('rejects %j with a message naming the setting, value and range', (patch, named, valid) => {
    expect(() => validatePatch(patch)).toThrowError(named);
    expect(() => validatePatch(patch)).toThrowError(valid);
  });

  it('rejects unknown keys and lists the valid ones', () => {
    expect(() => validatePatch({ gravity: 3 })).toThrowError(
      /Unknown setting "gravity"; valid settings are physicsThread, physicsHz, .*paused/,
    );
  });

  it('rejects non-objects', () => {
    for (const bad of [null, 5, 'hz', [1]])
      expect(() => validatePatch(bad)).toThrowError(/must be an object/);
  });

  it('rejects the whole patch when one entry is bad', () => {
    expect(() => validatePatch({ physicsHz: 60, timeScale: -1 })).toThrowError(/timeScale/);
  });

  it('keeps very long user text out of messages', () => {
    const long = 'x'.repeat(5000);
    let message = '';
    try {
      validatePatch({ interpolation: long });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.length).toBeLessThan(200);
  });

  it('every default is valid under its own spec', () => {
    expect(validatePatch({ ...DEFAULT_SETTINGS })).toEqual({ ...DEFAULT_SETTINGS });
    expect(Object.keys(SETTING_SPECS).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });
});

describe('withoutRetiredSettings', () => {
  it('leaves out solverThreads (retired: one solver thread), with a note where it asked for two', () => {
    // A patch saved from an older settings(), which carried solverThreads.
    const saved = { ...DEFAULT_SETTINGS, physicsHz: 60, solverThreads: '2' };
    const { patch, notes } = withoutRetiredSettings(saved);
    expect(patch).toEqual({ ...DEFAULT_SETTINGS, physicsHz: 60 });
    expect(validatePatch(patch)).toEqual({ ...DEFAULT_SETTINGS, physicsHz: 60 });
    expect(notes).toEqual([
      `Setting 'solverThreads' = "2" is retired: the contact solver now runs on one thread, with the same physics bit for bit, so the other settings applied.`,
    ]);
    // One thread asked for is what happens: left out without a word.
    expect(withoutRetiredSettings({ solverThreads: '1', paused: true })).toEqual({
      patch: { paused: true },
      notes: [],
    });
    // The caller's object is not changed, and what is not a patch goes on to be refused.
    expect(saved.solverThreads).toBe('2');
    expect(withoutRetiredSettings({ physicsHz: 60 })).toEqual({
      patch: { physicsHz: 60 },
      notes: [],
    });
    expect(withoutRetiredSettings(null)).toEqual({ patch: null, notes: [] });
    expect(() => validatePatch(withoutRetiredSettings('fast').patch)).toThrow(
      /Settings patch must be an object/,
    );
  });
});

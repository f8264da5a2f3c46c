// The settings validator (config/settings.ts), which the panel, the URL and `sandbox.set` all go
// through, fed generated keys and values: it accepts exactly what each setting's spec allows,
// returns the value unchanged, and otherwise names the setting, the value and what is valid.

import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  SETTING_SPECS,
  validatePatch,
  validateValue,
  withoutRetiredSettings,
} from '../../../src/config/settings';
import type { SettingSpec } from '../../../src/config/settings';
import { expectRefusal, hostile, oddNumber, prototypeName } from './generators';

const KEYS = Object.keys(SETTING_SPECS);

/** Whether `value` is what `spec` allows, written out from the spec's own words. */
function allowed(spec: SettingSpec, value: unknown): boolean {
  if (spec.type === 'boolean') return typeof value === 'boolean';
  if (spec.type === 'choice') return typeof value === 'string' && spec.choices.includes(value);
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= spec.min &&
    value <= spec.max &&
    (!spec.integer || Number.isInteger(value))
  );
}

/** A value for `key`'s spec: in range, at its edges, just past them, or anything. */
function valueFor(key: string): fc.Arbitrary<unknown> {
  const spec = SETTING_SPECS[key as keyof typeof SETTING_SPECS];
  const near =
    spec.type === 'number'
      ? fc.oneof(
          fc.double({ min: spec.min, max: spec.max, noNaN: true }),
          fc.integer({ min: Math.floor(spec.min) - 2, max: Math.ceil(spec.max) + 2 }),
          fc.constantFrom(spec.min, spec.max, spec.min - 1e-9, spec.max + 1e-9),
        )
      : spec.type === 'choice'
        ? fc.oneof(
            fc.constantFrom(...spec.choices),
            fc.constantFrom(...spec.choices).map((c) => c.toUpperCase()),
          )
        : fc.oneof(fc.boolean(), fc.constantFrom(0, 1, 'true'));
  return fc.oneof(near, oddNumber, hostile);
}

const keyAndValue = fc.oneof(
  fc.constantFrom(...KEYS).chain((key) => fc.tuple(fc.constant(key), valueFor(key))),
  fc.tuple(fc.oneof(prototypeName, fc.string({ maxLength: 20 })), hostile),
);

describe('settings validator', () => {
  it.prop([keyAndValue], { numRuns: 300 })(
    'validateValue accepts exactly what the spec allows, the value as given',
    ([key, value]) => {
      const result = validateValue(key, value);
      const known = Object.hasOwn(SETTING_SPECS, key);
      const spec = SETTING_SPECS[key as keyof typeof SETTING_SPECS];
      expect(result.ok).toBe(known && allowed(spec, value));
      if (result.ok) expect(Object.is(result.value, value)).toBe(true);
      else
        expectRefusal(
          new Error(result.message),
          known ? new RegExp(`^Setting '${key}' = .* expected `) : /^Unknown setting /,
        );
    },
  );

  it.prop(
    [
      fc.oneof(
        fc.array(keyAndValue, { maxLength: 5 }).map((entries) => Object.fromEntries(entries)),
        hostile,
      ),
    ],
    { numRuns: 200 },
  )('validatePatch: all of a patch or none, never the patch itself changed', (patch) => {
    let before: string | null = null;
    try {
      before = JSON.stringify(patch);
    } catch {
      before = null;
    }
    let accepted: Record<string, unknown>;
    try {
      accepted = validatePatch(withoutRetiredSettings(patch).patch);
    } catch (error) {
      expectRefusal(error, /^(Unknown setting|Setting '|Settings patch)/);
      return;
    }
    for (const [key, value] of Object.entries(accepted)) {
      expect(allowed(SETTING_SPECS[key as keyof typeof SETTING_SPECS], value)).toBe(true);
    }
    if (before !== null) expect(JSON.stringify(patch)).toBe(before);
  });
});

// Every choice the panel offers shows a name in the page's language — a setting's choices (a
// display rate's digits show as themselves) and the shape kinds — read from the settings' table.

import { describe, expect, it } from 'vitest';
import { SETTING_SPECS } from '../../../src/config/settings';
import { EN } from '../../../src/i18n/en';
import { SHAPE_KINDS } from '../../../src/shapes/shapeKinds';
import { choiceText } from '../../../src/i18n/names';

describe('choice names', () => {
  it("every setting choice but a rate's digits, and every shape kind, has its text", () => {
    const choices = Object.values(SETTING_SPECS).flatMap((spec) =>
      spec.type === 'choice' ? [...spec.choices] : [],
    );
    expect(choices.length).toBeGreaterThan(15);
    const unnamed = [...choices, ...SHAPE_KINDS].filter((value) => {
      const key = choiceText(value);
      return /^[0-9]+$/.test(value) ? key !== undefined : key === undefined || !EN[key];
    });
    expect(unnamed).toEqual([]);
    expect(choiceText('toString')).toBeUndefined();
  });
});

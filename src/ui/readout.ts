// One line of HUD text: fixed words around numbers, each number in an element of its own. A
// number's text is made once per shown value and kept, so a refresh that shows figures already
// on screen writes nothing, and one that shows figures seen before allocates nothing.

/**
 * Shown values whose text is kept, per number of decimals. A HUD figure wanders over a few
 * hundred values in a session (fps, alpha in hundredths, milliseconds in hundredths up to a
 * frame's clamp of 250 ms is 25,000); past this many a figure's text is made each time it
 * changes, which allocates but never grows memory without bound.
 */
const KEPT_TEXTS = 32_768;

const keptTexts: Map<number, string>[] = [];
const SCALES = [1, 10, 100, 1000] as const;

/** The decimal separator figures are shown with: '.' until `setDecimalSeparator` sets another. */
let separator = '.';

/**
 * The decimal separator of the browser's language `tag` (',' for de-DE, '٫' for ar-EG); '.'
 * when Intl rejects the tag (`en-US@posix`). Digits stay Latin: only the separator is the
 * locale's.
 */
export function decimalSeparatorOf(tag: string): string {
  try {
    const parts = new Intl.NumberFormat(tag).formatToParts(1.5);
    return parts.find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
}

/**
 * Shows every figure with `value` as its decimal separator from now on (set once at start): the
 * kept texts are dropped, and each is made again with it when next shown.
 */
export function setDecimalSeparator(value: string): void {
  separator = value;
  keptTexts.length = 0;
}

/** `value.toFixed(decimals)` with the separator in use: applied when a text is made, not per frame. */
function made(value: number, decimals: Decimals): string {
  const text = value.toFixed(decimals);
  return separator === '.' ? text : text.replace('.', separator);
}

/** Decimals a number is shown with: 0 to 3. */
export type Decimals = 0 | 1 | 2 | 3;

/** Where `fixedText` puts its value: doubles pass through typed arrays, never boxed. */
const scratch = new Float64Array(1);

/**
 * `value` with `decimals` decimals, as `toFixed` writes it (with the separator in use), from kept
 * texts where it can.
 * @param value the number to show (any; negative, non-finite and huge values are formatted each
 *   time, which allocates).
 * @param decimals digits after the point.
 * @returns the text, identical to `value.toFixed(decimals)` but for the separator.
 */
export function fixedText(value: number, decimals: Decimals): string {
  scratch[0] = value;
  return keptText(scratch, 0, decimals);
}

/**
 * `fixedText` of `values[index]`. Reads its double from the array: a double passed to or
 * returned from a call V8 does not inline is boxed (a 16-byte allocation).
 */
function keptText(values: Float64Array, index: number, decimals: Decimals): string {
  const value = values[index];
  const scaled = value * SCALES[decimals];
  const rounded = Math.round(scaled);
  // Negative figures (toFixed writes "-0.00" for a small one), huge ones, and values within
  // rounding error of a tie (toFixed rounds the exact decimal, which may fall either side) are
  // made each time.
  if (!(value >= 0 && rounded < 1e9) || nearTie(scaled)) return made(value, decimals);
  // An int32 key is a small integer to V8, so the lookup allocates nothing.
  const key = rounded | 0;
  let kept = keptTexts[decimals];
  if (!kept) {
    kept = new Map();
    keptTexts[decimals] = kept;
  }
  const text = kept.get(key);
  if (text !== undefined) return text;
  const fresh = made(value, decimals);
  if (kept.size < KEPT_TEXTS) kept.set(key, fresh);
  return fresh;
}

/**
 * Whether a scaled value lies so close to halfway between two integers that the rounding of its
 * product may differ from toFixed's (which rounds the exact decimal value of the double).
 */
function nearTie(scaled: number): boolean {
  const fraction = scaled - Math.floor(scaled);
  return fraction > 0.5 - 1e-6 && fraction < 0.5 + 1e-6;
}

/** A part of a readout: fixed text, or the number of decimals of a number's slot. */
export type ReadoutPart = string | Decimals;

/**
 * Text such as "12.34 ms (5% of dt)" built from parts — `['', 2, ' ms (', 0, '% of dt)']` —
 * whose numbers are written into `values` by slot, in order. Writes an element only when what it
 * shows changes.
 */
export class Readout {
  /** The element holding the whole text (its textContent is the line). */
  readonly element: HTMLElement;
  private readonly numbers: HTMLElement[] = [];
  private readonly decimals: Decimals[] = [];
  /** The figures to show, one per number slot in order: written by the caller, then `refresh`. */
  readonly values: Float64Array;
  /** What each number slot shows, as its rounded integer key (NaN before the first refresh). */
  private readonly shown: Float64Array;

  /**
   * @param element where the parts go (emptied first).
   * @param parts fixed texts and number slots, in reading order.
   */
  constructor(element: HTMLElement, parts: readonly ReadoutPart[]) {
    this.element = element;
    element.textContent = '';
    for (const part of parts) {
      const span = document.createElement('span');
      if (typeof part === 'string') span.textContent = part;
      else {
        this.numbers.push(span);
        this.decimals.push(part);
      }
      element.appendChild(span);
    }
    this.values = new Float64Array(this.numbers.length);
    this.shown = new Float64Array(this.numbers.length).fill(Number.NaN);
  }

  /**
   * Shows the figures written into `values` since, writing only the numbers whose shown value
   * changed.
   */
  refresh(): void {
    const values = this.values;
    const shown = this.shown;
    for (let slot = 0; slot < values.length; slot++) {
      const decimals = this.decimals[slot];
      const element = this.numbers[slot];
      if (decimals === undefined || element === undefined) continue;
      const scaled = values[slot] * SCALES[decimals];
      // A value at a tie is written each time (its text may not be its key's); NaN never
      // equals itself, so a NaN figure is too.
      const key = nearTie(scaled) ? Number.NaN : Math.round(scaled);
      if (key === shown[slot]) continue;
      shown[slot] = key;
      element.textContent = keptText(values, slot, decimals);
    }
  }
}

// A user's value as a message shows it: quoted, and cut short, in every language alike (a value
// is never translated, so a message in any language names exactly what was given).

/** The longest quoted value, in characters. */
const MAX_CHARS = 60;
/** Items (or fields) shown per array (or object); the rest are written `...`. */
const MAX_ITEMS = 8;
/** Levels of nesting shown: deeper arrays and objects are written `[...]` and `{...}`. */
const MAX_DEPTH = 3;

/**
 * Shortens user text for messages so a 5000-character value cannot flood the page. It reads at
 * most MAX_DEPTH levels of MAX_ITEMS items, so no value (nested 100 000 deep, a million items
 * long) costs more than a few hundred reads; a getter or proxy that throws shows its type.
 */
export function quoteValue(value: unknown): string {
  let text: string;
  try {
    text = shown(value, 0);
  } catch {
    text = typeof value;
  }
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 3)}...` : text;
}

/** `value` written out to MAX_DEPTH levels: strings as JSON, −0 as -0, NaN as NaN. */
function shown(value: unknown, depth: number): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, MAX_CHARS));
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  // A function or a symbol: its type (its text is code, or may not convert at all).
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return '[...]';
    // Element by element, so [NaN, 0, 0] reads as such (JSON would print [null,0,0]).
    const items: string[] = [];
    const length = Math.min(value.length, MAX_ITEMS);
    for (let k = 0; k < length; k++) items.push(shown(value[k], depth + 1));
    return `[${items.join(',')}${value.length > MAX_ITEMS ? ',...' : ''}]`;
  }
  if (depth >= MAX_DEPTH) return '{...}';
  const keys = Object.keys(value);
  const fields = keys
    .slice(0, MAX_ITEMS)
    .map(
      (key) =>
        `${JSON.stringify(key)}:${shown((value as Record<string, unknown>)[key], depth + 1)}`,
    );
  return `{${fields.join(',')}${keys.length > MAX_ITEMS ? ',...' : ''}}`;
}

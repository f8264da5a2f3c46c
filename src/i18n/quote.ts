// A user's value as a message shows it: quoted, and cut short, in every language alike (a value
// is never translated, so a message in any language names exactly what was given).

/** Shortens user text for messages so a 5000-character value cannot flood the page. */
export function quoteValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    text = String(value);
  } else if (value === undefined) text = 'undefined';
  else if (Array.isArray(value)) {
    // Element by element, so [NaN, 0, 0] reads as such (JSON would print [null,0,0]).
    const shown = value.slice(0, 8).map((item: unknown) => quoteValue(item));
    text = `[${shown.join(',')}${value.length > 8 ? ',...' : ''}]`;
  } else {
    try {
      text = JSON.stringify(value) ?? typeof value;
    } catch {
      text = typeof value;
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

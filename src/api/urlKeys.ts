// The URL's keys as a whole: a key the page does not read (a near-miss of one it does is named
// with the key meant) and a key given more than once are reported; the keys that links pick up
// on their way (campaign tags, click ids) pass without a word.

import { t } from '../i18n/language';
import { quoteValue } from '../i18n/quote';

/** Most keys or values a message names one by one; the rest are counted. */
const MAX_NAMED = 8;

/** Keys that sites, mail and ads add to links: never the user's typo, so never reported. */
const CARRIED_KEYS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref',
  'ref_src',
]);

function carried(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.startsWith('utm_') || CARRIED_KEYS.has(lower);
}

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, or `limit` + 1 as soon as
 * it is sure to be more: the lengths alone rule out most pairs, so a long key costs nothing.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Rows of the table: two back (for a swap), the last, and the one being filled.
  let before = new Array<number>(b.length + 1).fill(0);
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((last[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (last[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    before = last;
    last = row;
  }
  return last[b.length] ?? limit + 1;
}

/**
 * The known key `key` was most likely meant for: the same but for case, or a typo away (one edit
 * for keys of up to four letters, two for longer ones); null when none is that close.
 */
export function meantKey(key: string, known: readonly string[]): string | null {
  const lower = key.toLowerCase();
  const limit = lower.length <= 4 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const name of known) {
    const distance = editDistance(lower, name, limit);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** `items` quoted and listed, the first MAX_NAMED of them, then "…" for the rest. */
function listed(items: readonly string[]): string {
  const named = items.slice(0, MAX_NAMED).map((item) => quoteValue(item));
  return `${named.join(', ')}${items.length > MAX_NAMED ? ', …' : ''}`;
}

/**
 * What to tell the user about the URL's keys as a whole, in the page's language: each near-miss
 * of a key it reads (`known`; at most MAX_NAMED), the other keys it does not read in one message,
 * and each known key given more than once (the first value is the one read: URLSearchParams.get).
 * `retired` keys are read for a note of their own (see urlParams.ts): only a repeat is named here.
 */
export function urlKeyMessages(
  params: URLSearchParams,
  known: readonly string[],
  retired: readonly string[],
): string[] {
  const messages: string[] = [];
  const knownSet = new Set(known);
  const retiredSet = new Set(retired);
  const seen = new Set<string>();
  const unread: string[] = [];
  let nearMisses = 0;
  for (const key of params.keys()) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (knownSet.has(key) || retiredSet.has(key)) {
      const values = params.getAll(key);
      if (values.length > 1) {
        messages.push(
          t('url.repeated', { param: key, count: values.length, values: listed(values) }),
        );
      }
      continue;
    }
    if (carried(key)) continue;
    const meant = nearMisses < MAX_NAMED ? meantKey(key, known) : null;
    if (meant === null) unread.push(key);
    else {
      nearMisses++;
      messages.push(t('url.nearMiss', { param: quoteValue(key), known: meant }));
    }
  }
  if (unread.length > 0) {
    messages.push(
      t('url.unread', { count: unread.length, names: listed(unread), valid: known.join(', ') }),
    );
  }
  return messages;
}

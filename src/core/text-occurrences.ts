/**
 * Substring search in time linear in the text and the needle. `String.prototype.indexOf` compares a needle
 * character by character at each candidate position: fast for short needles, but a long one that almost matches
 * everywhere (`a…ab…a` in a text of `a`) costs its length at every position, 0.16 s for a 4,000-character search
 * text in one 256 KB item, and the same for every overlapping occurrence found.
 */

/** Needles up to this length are searched by `indexOf`: its worst case is then a few dozen compares a character. */
const nativeMaxLength = 64;

/** Knuth–Morris–Pratt: for each prefix of `needle`, the length of its longest proper prefix that is also its suffix. */
function prefixTable(needle: string): Int32Array {
  const table = new Int32Array(needle.length);
  let k = 0;
  for (let i = 1; i < needle.length; i++) {
    const c = needle.charCodeAt(i);
    while (k > 0 && c !== needle.charCodeAt(k)) k = table[k - 1]!;
    if (c === needle.charCodeAt(k)) k++;
    table[i] = k;
  }
  return table;
}

/**
 * Start offsets of the occurrences of `needle` in `text`, overlapping ones included, ascending, at most `max`:
 * what `indexOf` from each occurrence's start plus one finds (code unit by code unit, as `indexOf` compares), in
 * one pass over the text.
 */
export function occurrencesOf(text: string, needle: string, max = Number.POSITIVE_INFINITY): number[] {
  const at: number[] = [];
  if (needle.length <= nativeMaxLength) {
    for (let i = text.indexOf(needle); i !== -1 && at.length < max; i = text.indexOf(needle, i + 1))
      at.push(i);
    return at;
  }
  const table = prefixTable(needle);
  const m = needle.length;
  let k = 0; // how many of the needle's characters match, ending at the current one
  for (let i = 0; i < text.length && at.length < max; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== needle.charCodeAt(k)) k = table[k - 1]!;
    if (c === needle.charCodeAt(k)) k++;
    if (k === m) {
      at.push(i - m + 1);
      k = table[m - 1]!;
    }
  }
  return at;
}

/** `text.indexOf(needle)` in time linear in both (see {@link occurrencesOf}). */
export function indexOfText(text: string, needle: string): number {
  return needle.length <= nativeMaxLength ? text.indexOf(needle) : (occurrencesOf(text, needle, 1)[0] ?? -1);
}

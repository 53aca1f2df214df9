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
  return search(text, needle, max, true);
}

/**
 * Start offsets of the occurrences of `needle` in `text` that do not overlap, ascending: the leftmost, then the
 * leftmost after its end, and so on, as `text.split(needle)` and Python's `str.count` count them (`aa` occurs once
 * in `aaa`, twice in `aaaa`). Linear time, as {@link occurrencesOf}.
 */
export function disjointOccurrencesOf(text: string, needle: string): number[] {
  return search(text, needle, Number.POSITIVE_INFINITY, false);
}

/** The occurrences of `needle`, at most `max`: each one found (`overlapping`) or each after the last one's end. */
function search(text: string, needle: string, max: number, overlapping: boolean): number[] {
  const at: number[] = [];
  const m = needle.length;
  if (m <= nativeMaxLength) {
    const step = overlapping ? 1 : Math.max(1, m);
    for (let i = text.indexOf(needle); i !== -1 && at.length < max; i = text.indexOf(needle, i + step))
      at.push(i);
    return at;
  }
  const table = prefixTable(needle);
  let k = 0; // how many of the needle's characters match, ending at the current one
  for (let i = 0; i < text.length && at.length < max; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== needle.charCodeAt(k)) k = table[k - 1]!;
    if (c === needle.charCodeAt(k)) k++;
    if (k === m) {
      at.push(i - m + 1);
      // Overlapping: the next occurrence may reuse the longest end of this one that starts the needle; else none.
      k = overlapping ? table[m - 1]! : 0;
    }
  }
  return at;
}

/** `text.indexOf(needle)` in time linear in both (see {@link occurrencesOf}). */
export function indexOfText(text: string, needle: string): number {
  return needle.length <= nativeMaxLength ? text.indexOf(needle) : (occurrencesOf(text, needle, 1)[0] ?? -1);
}

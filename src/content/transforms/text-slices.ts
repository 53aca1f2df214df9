import { groupDigits } from '../../core/group-digits.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';

const format = groupDigits;

/** Moves a cut index off the middle of a surrogate pair: backward (to keep less before it) or forward. */
export function safeCut(text: string, at: number, direction: 'backward' | 'forward' = 'backward'): number {
  const i = Math.max(0, Math.min(text.length, at));
  const code = text.charCodeAt(i - 1);
  const inside = i > 0 && i < text.length && code >= 0xd800 && code <= 0xdbff;
  return inside ? (direction === 'backward' ? i - 1 : i + 1) : i;
}

/**
 * Where each line of a text starts and ends (its `\n` or `\r\n` left out). A line break ends a line: a final one
 * starts no empty line after it (`a\nb\n` has two lines, as `wc -l` and `tail` count them), and an empty text has
 * none.
 */
export function lineSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const breaks = /\r?\n/g;
  let start = 0;
  for (let m = breaks.exec(text); m !== null; m = breaks.exec(text)) {
    spans.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  if (start < text.length) spans.push({ start, end: text.length });
  return spans;
}

/** The lines of a text ({@link lineSpans}), without their line breaks. */
export function lines(text: string): string[] {
  return lineSpans(text).map((s) => text.slice(s.start, s.end));
}

/** The first or last `n` lines, characters or tokens of a text, and what was taken. */
export function takeEnd(
  text: string,
  n: number,
  unit: 'lines' | 'chars' | 'tokens',
  end: 'first' | 'last',
  counter: TokenCounter,
): { text: string; complete: boolean; description: string } {
  if (unit === 'lines') {
    // Cut from the text itself, so its line breaks (`\r\n`, a final one) stay as they are.
    const all = lineSpans(text);
    if (all.length <= n) return { text, complete: true, description: `all ${format(all.length)} lines` };
    const from = end === 'first' ? 1 : all.length - n + 1;
    return {
      text: end === 'first' ? text.slice(0, all[n - 1]!.end) : text.slice(all[all.length - n]!.start),
      complete: false,
      description: `lines ${format(from)}–${format(from + n - 1)} of ${format(all.length)}`,
    };
  }
  if (unit === 'chars') {
    if (text.length <= n)
      return { text, complete: true, description: `all ${format(text.length)} characters` };
    const cut =
      end === 'first'
        ? text.slice(0, safeCut(text, n))
        : text.slice(safeCut(text, text.length - n, 'forward'));
    const from = end === 'first' ? 1 : text.length - cut.length + 1;
    return {
      text: cut,
      complete: false,
      description: `characters ${format(from)}–${format(from + cut.length - 1)} of ${format(text.length)}`,
    };
  }
  const total = counter.countText(text);
  if (total <= n) return { text, complete: true, description: `all ${format(total)} tokens` };
  // The longest prefix (suffix) whose count is at most n, by binary search on its character length.
  let lo = 0;
  let hi = Math.min(text.length, n * 16);
  const piece = (len: number) =>
    end === 'first'
      ? text.slice(0, safeCut(text, len))
      : text.slice(safeCut(text, text.length - len, 'forward'));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (counter.countText(piece(mid)) <= n) lo = mid;
    else hi = mid - 1;
  }
  const kept = piece(lo);
  return {
    text: kept,
    complete: false,
    description: `${end} ${format(counter.countText(kept))} of ${format(total)} tokens`,
  };
}

/**
 * The index in `text` of the first case-insensitive occurrence of `query` (-1 when none). Matched by a
 * case-insensitive search of the literal query, not in a lower-cased copy: lower-casing can lengthen a text
 * (`İ` becomes two code units), so an index in the copy is not one in the text.
 */
function indexIgnoringCase(text: string, query: string): number {
  return text.search(new RegExp(query.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'iu'));
}

/**
 * A window of `length` characters from `offset`, or centred on the first case-insensitive match of `query`;
 * nothing, saying so, for an offset at or past the end. Cuts never split a surrogate pair (a window ending
 * inside one takes the whole pair, one starting inside it starts after it: consecutive pages hold each once).
 */
export function excerpt(
  text: string,
  options: { query?: string; offset?: number; length?: number },
): { text: string; complete: boolean; description: string } {
  const length = options.length ?? 2000;
  let start = options.offset ?? 0;
  let note = '';
  if (options.query !== undefined) {
    const at = indexIgnoringCase(text, options.query);
    if (at < 0) note = `no match for ${JSON.stringify(options.query)}; `;
    else start = Math.max(0, at - Math.floor((length - options.query.length) / 2));
  }
  // Both cuts move forward off a surrogate pair: a window ending inside one takes the whole pair, and the window
  // starting there (the next page, `offset` + `length`) starts after it, so pages by offset cover the text once.
  const asked = start;
  start = safeCut(text, start, 'forward');
  // An empty text from offset 0 is whole (below); any other offset is past its end.
  if (start >= text.length && (text.length > 0 || asked > 0))
    return {
      text: '',
      complete: false,
      description: `${note}no characters: offset ${format(asked)} is at or past the end of the ${format(text.length)} characters`,
    };
  // The window's end from the offset asked, not from the moved start: page `offset` + `length` starts where this one
  // stops. A window that lies inside one pair (one character, two code units) holds nothing: the page before has it.
  const stop = safeCut(text, Math.min(text.length, asked + length), 'forward');
  if (start === 0 && stop === text.length)
    return { text, complete: true, description: `${note}all ${format(text.length)} characters` };
  if (stop <= start)
    return {
      text: '',
      complete: false,
      description: `${note}no characters: characters ${format(asked + 1)}–${format(asked + length)} are inside one character, which the window before holds`,
    };
  const body = `${start > 0 ? '…' : ''}${text.slice(start, stop)}${stop < text.length ? '…' : ''}`;
  return {
    text: body,
    complete: false,
    description: `${note}characters ${format(start + 1)}–${format(stop)} of ${format(text.length)}`,
  };
}

import { groupDigits } from '../../core/group-digits.ts';

/** Shared helpers of the deterministic compactors. */

const format = groupDigits;

/** Collapses whitespace runs to one space. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts to at most `max` characters (never inside a surrogate pair), ending with `…` when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** The head and tail of a text within `max` characters, the cut marked `[… N characters omitted …]`. */
export function headTail(text: string, max: number): string {
  if (text.length <= max) return text;
  return cutHeadTail(
    text.length,
    max,
    (n) => text.slice(0, n),
    (n) => text.slice(text.length - n),
  );
}

/**
 * {@link headTail} of a text of `length` characters (more than `max`) given by its first `n` characters
 * (`first(n)`) and its last (`last(n)`): what it keeps, and where it cuts (never inside a surrogate pair), depend
 * on the length alone, so a caller that has not made the whole text makes only those.
 */
export function cutHeadTail(
  length: number,
  max: number,
  first: (n: number) => string,
  last: (n: number) => string,
): string {
  const room = Math.max(0, max - ` [… ${format(length)} characters omitted …] `.length);
  const headLength = Math.ceil(room * 0.7);
  const tailLength = Math.floor(room * 0.3);
  let head = first(headLength);
  const code = head.charCodeAt(headLength - 1);
  if (headLength > 0 && code >= 0xd800 && code <= 0xdbff) head = head.slice(0, headLength - 1);
  let tail = last(tailLength);
  const low = tail.charCodeAt(0);
  if (tailLength > 0 && low >= 0xdc00 && low <= 0xdfff) tail = tail.slice(1);
  return `${head} [… ${format(length - head.length - tail.length)} characters omitted …] ${tail}`;
}

/** `52,340 characters, 1,203 lines`. */
export function sizeLine(text: string): string {
  // indexOf finds each line feed natively: a tenth of the time of a loop over the characters on 16 KB texts.
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return `${format(text.length)} characters, ${format(lines)} lines`;
}

export { format };

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
  const room = Math.max(0, max - ` [… ${format(text.length)} characters omitted …] `.length);
  let headLength = Math.ceil(room * 0.7);
  const code = text.charCodeAt(headLength - 1);
  if (headLength > 0 && code >= 0xd800 && code <= 0xdbff) headLength--;
  let tailStart = text.length - Math.floor(room * 0.3);
  const low = text.charCodeAt(tailStart);
  if (tailStart < text.length && low >= 0xdc00 && low <= 0xdfff) tailStart++;
  const head = text.slice(0, headLength);
  const tail = text.slice(tailStart);
  return `${head} [… ${format(text.length - head.length - tail.length)} characters omitted …] ${tail}`;
}

/** `52,340 characters, 1,203 lines`. */
export function sizeLine(text: string): string {
  let lines = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  return `${format(text.length)} characters, ${format(lines)} lines`;
}

export { format };

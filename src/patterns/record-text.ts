/**
 * Text a pattern stores as a long-term record's `text` (what search reads), from message text the log took as
 * it came: at most `max` UTF-16 code units, cut off a surrogate pair, lone surrogates as U+FFFD and NUL as a
 * space, since a record's text must be well-formed and without NUL.
 */
export function recordText(text: string, max: number): string {
  let end = Math.min(text.length, max);
  const code = text.charCodeAt(end - 1);
  if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end).toWellFormed().replaceAll('\u0000', ' ');
}

/**
 * Text quoted inside a block engram builds for a model (`<long_term_memory>`, `<observations>`, …), encoded so it
 * can neither close the block nor pose as a line of it. Encoding, not a blacklist: every character that could form
 * a tag (`<`, `>`, and `&`, which starts an entity) is encoded, whatever tag or case or spacing the text tries.
 */

/** Line terminators of any kind (Unicode's, C0/C1 separators), other controls, and format characters (bidi overrides, zero-width). */
const unsafeInLine = /[\p{Cc}\p{Zl}\p{Zp}\p{Cf}<>&]/gu;

const hex = (c: string) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`;

/**
 * A text as one JSON string literal that stays on one line and forms no tag: JSON's own escapes, plus `\uXXXX` for
 * `<`, `>`, `&`, every control, line or paragraph separator (U+0085, U+2028, U+2029, …) and format character.
 * `JSON.parse` gives the text back exactly.
 */
export function quoteLine(text: string): string {
  return JSON.stringify(text).replace(unsafeInLine, hex);
}

/**
 * A text for a multi-line block: `&` and `<` as the entities `&amp;` and `&lt;`, so no tag (closing the block or
 * opening another, of any case or spacing) can be formed — every tag starts with `<`. `>` stays (a Markdown quote);
 * line breaks stay, since the block's lines are the text's own.
 */
export function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

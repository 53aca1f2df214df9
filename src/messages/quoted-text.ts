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
  const json = JSON.stringify(text);
  // Most texts hold none of those characters: a scan by table finds the first (a regex with Unicode properties
  // costs several times the scan), and the rest of the text is encoded from there as the regex encodes it.
  const unsafe = unsafeTable();
  for (let i = 0; i < json.length; i++)
    if (unsafe[json.charCodeAt(i)] === 1) return json.slice(0, i) + json.slice(i).replace(unsafeInLine, hex);
  return json;
}

let unsafeCodeUnits: Uint8Array | undefined;

/**
 * 1 for each UTF-16 code unit `unsafeInLine` matches alone, and for every surrogate (a pair may encode an unsafe
 * code point: the regex decides; `JSON.stringify` escapes lone ones), 0 otherwise. Made once, by one pass of the
 * regex over every other code unit, so the table is the regex's own set.
 */
function unsafeTable(): Uint8Array {
  if (unsafeCodeUnits) return unsafeCodeUnits;
  const table = new Uint8Array(0x10000);
  table.fill(1, 0xd800, 0xe000);
  const units: string[] = [];
  for (let c = 0; c < 0x10000; c++) units.push(c >= 0xd800 && c < 0xe000 ? ' ' : String.fromCharCode(c));
  for (const m of units.join('').matchAll(unsafeInLine)) table[m.index] = 1;
  unsafeCodeUnits = table;
  return table;
}

/**
 * A text for a multi-line block: `&` and `<` as the entities `&amp;` and `&lt;`, so no tag (closing the block or
 * opening another, of any case or spacing) can be formed — every tag starts with `<`. `>` stays (a Markdown quote);
 * line breaks stay, since the block's lines are the text's own.
 */
export function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

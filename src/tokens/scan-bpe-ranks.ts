import type { RankBytesSink } from './rank-table.ts';

/**
 * A reader of gpt-tokenizer's generated rank module (`const c0 = [ … ]; const c1 = [ … ]; const bpe =
 * c0.concat(c1);`, a token a line: a JS string literal, or an array of byte values) that decodes each token
 * straight into its UTF-8 bytes: no JSON parse, no JS string or array per token. Loading o200k this way took
 * 156 ms CPU in a fresh process against 216 ms for the module parsed in slices, and 116 against 198 ms against
 * requiring it (the whole load: the read, the scan, the rank table, the first count).
 */
export interface BpeRankScan {
  /**
   * Feeds up to `max` more tokens to `sink`, in rank order: `'more'` when tokens are left, `'done'` after the
   * last, `'invalid'` (nothing more fed) where the text is not in the form described (the caller then loads the
   * module another way, from the start).
   */
  next(sink: RankBytesSink, max: number): 'more' | 'done' | 'invalid';
}

/** One array literal of the module: where its first token line starts and where its closing `\n];` is. */
interface Block {
  start: number;
  end: number;
}

/**
 * A {@link BpeRankScan} of the rank module's `text`, or undefined when its arrays and their concatenation are not
 * in the generated form.
 */
export function scanBpeRanks(text: string): BpeRankScan | undefined {
  const blocks: Block[] = [];
  const names: string[] = [];
  // Each array opens on a line `const cN = [` and closes on a line `];` (searched by indexOf, not a regex: the
  // text is 2.4 MB).
  /** The start of the next line from `from` on that begins `const c`, or -1. */
  const opening = (from: number) => {
    if (from === 0 && text.startsWith('const c')) return 0;
    const at = text.indexOf('\nconst c', Math.max(0, from - 1));
    return at < 0 ? -1 : at + 1;
  };
  for (let line = opening(0); line >= 0; line = opening(line + 1)) {
    const open = text.indexOf(' = [\n', line);
    const name = text.slice(line + 6, open);
    if (open < 0 || !/^c\d+$/.test(name)) continue;
    const start = open + 5;
    const end = text.indexOf('\n];', start - 1);
    if (end < 0) return undefined;
    names.push(name);
    blocks.push({ start, end });
    line = end;
  }
  if (names.length === 0) return undefined;
  const joined = names.length > 1 ? `${names[0]}.concat(${names.slice(1).join(', ')})` : names[0];
  if (!text.includes(`\nconst bpe = ${joined};\n`)) return undefined;
  let block = 0;
  let at = (blocks[0] as Block).start;
  const out: Bytes = { buffer: new Uint8Array(256), length: 0 };
  return {
    next(sink, max) {
      for (let fed = 0; fed < max; fed++) {
        let current = blocks[block];
        while (current && at >= current.end) {
          current = blocks[++block];
          if (current) at = current.start;
        }
        if (!current) return 'done';
        const end = readToken(text, at, current.end, out);
        if (end < 0) return 'invalid';
        sink.addBytes(out.buffer, out.length);
        at = end;
      }
      return 'more';
    },
  };
}

/** A growing byte buffer: the token being decoded. */
export interface Bytes {
  buffer: Uint8Array;
  length: number;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/**
 * Decodes the token line at `at` (a tab, then a string literal or an array of bytes, a comma unless it is the
 * block's last, a line feed) into `out`; returns where the next line starts, or -1 when the line is in no such form.
 */
export function readToken(text: string, at: number, end: number, out: Bytes): number {
  out.length = 0;
  if (text.charCodeAt(at) !== TAB) return -1;
  let i = at + 1;
  const first = text.charCodeAt(i);
  if (first === QUOTE) i = readString(text, i + 1, end, out);
  else if (first === OPEN) i = readByteArray(text, i + 1, end, out);
  else return -1;
  if (i < 0) return -1;
  // A comma ends every token but the block's last (where one may stand too); tokens are a line each.
  if (text.charCodeAt(i) !== COMMA) return i === end ? end : -1;
  i++;
  if (i === end) return end;
  return text.charCodeAt(i) === LF ? i + 1 : -1;
}

/** The byte values of an array literal (its lines may be indented), to its `]`; -1 past `end` or on anything else. */
function readByteArray(text: string, at: number, end: number, out: Bytes): number {
  let i = at;
  for (;;) {
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === CLOSE) return i + 1;
    // Decimal only: a leading 0 before another digit is a legacy octal literal outside strict mode (`010` is 8).
    if (text.charCodeAt(i) === 0x30 && isDigit(text.charCodeAt(i + 1))) return -1;
    let value = -1;
    for (let c = text.charCodeAt(i); c >= 0x30 && c <= 0x39 && i < end; c = text.charCodeAt(++i))
      value = (value < 0 ? 0 : value * 10) + (c - 0x30);
    if (value < 0 || value > 255) return -1;
    push(out, value);
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    const c = text.charCodeAt(i);
    if (c === COMMA) i++;
    else if (c !== CLOSE) return -1;
  }
}

const isSpace = (c: number) => c === SPACE || c === TAB || c === LF || c === CR;

/**
 * A JS string literal's characters from `at` (after its opening quote) to its closing quote, as UTF-8 (a lone
 * surrogate as U+FFFD, as `TextEncoder` writes it); returns the index after the quote, or -1 for what this
 * reader does not take (a line break, an octal or malformed escape, no closing quote before `end`).
 */
export function readString(text: string, at: number, end: number, out: Bytes): number {
  // Most tokens are printable ASCII without escapes: copied as they are.
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 0x20 || c >= 0x7f || c === BACKSLASH || i >= end) break;
    if (out.length === out.buffer.length) grow(out);
    out.buffer[out.length++] = c;
    i++;
  }
  let high = -1; // a high surrogate waiting for its low half
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (high >= 0) pushCodePoint(out, 0xfffd);
      return i + 1;
    }
    if (c === LF || c === CR) return -1;
    if (c !== BACKSLASH) {
      high = pushUnit(out, high, c);
      i++;
      continue;
    }
    const e = text.charCodeAt(i + 1);
    i += 2;
    let u = e < 0x80 ? (namedEscapes[e] as number) : -1;
    if (u >= 0) {
      high = pushUnit(out, high, u);
      continue;
    }
    switch (e) {
      case 0x30: // 0, not followed by a digit (an octal escape otherwise)
        if (isDigit(text.charCodeAt(i))) return -1;
        u = 0;
        break;
      case 0x78: // xHH
        u = hexValue(text, i, 2);
        if (u < 0) return -1;
        i += 2;
        break;
      case 0x75: {
        // uXXXX or u{X…}
        if (text.charCodeAt(i) !== 0x7b) {
          u = hexValue(text, i, 4);
          if (u < 0) return -1;
          i += 4;
          break;
        }
        const close = text.indexOf('}', i);
        const digits = close - i - 1;
        if (close < 0 || close > end || digits < 1 || digits > 6) return -1;
        const value = hexValue(text, i + 1, digits);
        if (value < 0 || value > 0x10ffff) return -1;
        i = close + 1;
        if (value <= 0xffff) u = value;
        else {
          high = pushUnit(out, high, 0xd800 + ((value - 0x10000) >> 10));
          u = 0xdc00 + ((value - 0x10000) & 0x3ff);
        }
        break;
      }
      default:
        // `\"`, `\\`, `\'` and other characters escaped as themselves; a digit (octal) or a line break is not taken
        if (Number.isNaN(e) || isDigit(e) || e === LF || e === CR || e === 0x2028 || e === 0x2029) return -1;
        u = e;
    }
    high = pushUnit(out, high, u);
  }
  return -1;
}

/**
 * Appends UTF-16 code unit `u` as UTF-8 after `high` (a high surrogate waiting for its low half, or -1): a pair
 * as its code point, a lone surrogate as U+FFFD. Returns the high surrogate now waiting, or -1.
 */
function pushUnit(out: Bytes, high: number, u: number): number {
  if (high >= 0) {
    if (u >= 0xdc00 && u <= 0xdfff) {
      pushCodePoint(out, 0x10000 + ((high - 0xd800) << 10) + (u - 0xdc00));
      return -1;
    }
    pushCodePoint(out, 0xfffd);
  }
  if (u >= 0xd800 && u <= 0xdbff) return u;
  pushCodePoint(out, u >= 0xdc00 && u <= 0xdfff ? 0xfffd : u);
  return -1;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** The code unit of each one-letter escape (`\n` `\r` `\t` `\b` `\f` `\v`) by its letter, -1 for the others. */
const namedEscapes = new Int32Array(0x80).fill(-1);
for (const [letter, unit] of [
  ['n', 0x0a],
  ['r', 0x0d],
  ['t', 0x09],
  ['b', 0x08],
  ['f', 0x0c],
  ['v', 0x0b],
] as const)
  namedEscapes[letter.charCodeAt(0)] = unit;

/** The value of `count` hex digits at `at`, or -1. */
function hexValue(text: string, at: number, count: number): number {
  let value = 0;
  for (let k = 0; k < count; k++) {
    const c = text.charCodeAt(at + k);
    const d =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x61 && c <= 0x66
          ? c - 0x57
          : c >= 0x41 && c <= 0x46
            ? c - 0x37
            : -1;
    if (d < 0) return -1;
    value = value * 16 + d;
  }
  return value;
}

/** Doubles the buffer. */
function grow(out: Bytes): void {
  const grown = new Uint8Array(out.buffer.length * 2);
  grown.set(out.buffer);
  out.buffer = grown;
}

function push(out: Bytes, byte: number): void {
  if (out.length === out.buffer.length) grow(out);
  out.buffer[out.length++] = byte;
}

/** Appends a code point (not a surrogate) as UTF-8. */
function pushCodePoint(out: Bytes, cp: number): void {
  if (cp < 0x80) push(out, cp);
  else if (cp < 0x800) {
    push(out, 0xc0 | (cp >> 6));
    push(out, 0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    push(out, 0xe0 | (cp >> 12));
    push(out, 0x80 | ((cp >> 6) & 0x3f));
    push(out, 0x80 | (cp & 0x3f));
  } else {
    push(out, 0xf0 | (cp >> 18));
    push(out, 0x80 | ((cp >> 12) & 0x3f));
    push(out, 0x80 | ((cp >> 6) & 0x3f));
    push(out, 0x80 | (cp & 0x3f));
  }
}

import type { BpeEncoding } from './model-encodings.ts';

/**
 * Where the encoding's split regex ends its match at `at`, found by hand for ASCII text, or -1 when the answer
 * depends on a character outside ASCII (the caller then asks the regex itself). Both encodings' regexes match at
 * every position (their alternatives cover letters, numbers, whitespace and everything else), so a scan from 0
 * that moves to each match's end yields exactly the regex's matches. Written for the split regexes of
 * gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX` and `CL100K_TOKEN_SPLIT_REGEX`; a property test checks every end
 * against them.
 */
export type AsciiPreTokenEnd = (text: string, at: number) => number;

// ASCII classes as the regexes see them: \p{Lu}, \p{Ll}, \p{N}, \s.
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isLetter = (c: number) => isUpper(c) || isLower(c);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
const isNewline = (c: number) => c === 10 || c === 13;
/** Neither whitespace, a letter nor a number (`[^\s\p{L}\p{N}]`). */
const isOther = (c: number) => c < 128 && !isSpace(c) && !isLetter(c) && !isDigit(c);
const NON_ASCII = 128;

/** The end of `'s|'d|'m|'t|'ll|'ve|'re` (any case) at `at`, or `at` when none starts there. */
function contractionEnd(text: string, at: number): number {
  if (text.charCodeAt(at) !== 39) return at;
  const a = text.charCodeAt(at + 1) | 0x20;
  if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return at + 2; // s d m t
  const b = text.charCodeAt(at + 2) | 0x20;
  if ((a === 0x6c && b === 0x6c) || ((a === 0x76 || a === 0x72) && b === 0x65)) return at + 3; // ll ve re
  return at;
}

/** The end of the run of characters matching `test` from `from`, or -1 when a non-ASCII character ends it. */
function runEnd(text: string, from: number, test: (c: number) => boolean): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= NON_ASCII) return -1;
    if (!test(c)) break;
  }
  return i;
}

/**
 * `\p{N}{1,3}` from the digit at `at`; -1 when a non-ASCII character (a number to the regex, maybe) comes before
 * the third digit.
 */
function digitsEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < at + 3 && i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= NON_ASCII) return -1;
    if (!isDigit(c)) break;
    i++;
  }
  return i;
}

/**
 * o200k: `U*L+'x?` (an upper-case run, then lower case, then a contraction) else `U+L*'x?`, from the letter at
 * `from`; -1 when a non-ASCII character (a letter or mark to the regex, maybe) ends a run.
 */
function o200kWordEnd(text: string, from: number): number {
  const upper = runEnd(text, from, isUpper);
  if (upper < 0) return -1;
  const lower = runEnd(text, upper, isLower);
  if (lower < 0) return -1;
  return contractionEnd(text, lower);
}

/** ` ?[^\s\p{L}\p{N}]+` then `tail` characters, from the first "other" character at `from`. */
function otherRunEnd(text: string, from: number, tail: (c: number) => boolean): number {
  const end = runEnd(text, from, isOther);
  if (end < 0) return -1;
  let i = end;
  while (i < text.length && tail(text.charCodeAt(i))) i++;
  return i;
}

/** Where the two regexes differ. */
interface Rules {
  /** The word after an optional leading character: o200k `U*L+'x?` else `U+L*'x?`, cl100k `\p{L}+`. */
  wordEnd: (text: string, from: number) => number;
  /** What may follow a run of other characters: o200k `[\r\n/]*`, cl100k `[\r\n]*`. */
  tail: (c: number) => boolean;
  /** cl100k: a contraction is a pre-token of its own (its first alternative). */
  contractionFirst: boolean;
  /** cl100k: `\s+$` comes before the line-break alternative. */
  spaceToEndFirst: boolean;
}

/**
 * The whitespace alternatives at `at` (when nothing else matched there): the whole run when it reaches the end
 * (cl100k `\s+$` first; o200k after line breaks), else to the run's last line break (`\s*[\r\n]+`, cl100k
 * `\s*[\r\n]`), else `\s+(?!\S)` (the run but its last character), else one character.
 */
function spaceEnd(text: string, at: number, rules: Rules): number {
  let lastBreak = -1;
  let i = at;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= NON_ASCII) return -1;
    if (!isSpace(c)) break;
    if (isNewline(c)) lastBreak = i;
  }
  if (i === text.length && rules.spaceToEndFirst) return i;
  if (lastBreak >= 0) return lastBreak + 1;
  if (i === text.length) return i;
  return i - at >= 2 ? i - 1 : at + 1;
}

/** {@link AsciiPreTokenEnd} of the regex `rules` describe. */
function preTokenEnd(text: string, at: number, rules: Rules): number {
  const c = text.charCodeAt(at);
  if (c >= NON_ASCII) return -1;
  if (c === 39 && rules.contractionFirst) {
    const end = contractionEnd(text, at);
    if (end > at) return end;
  }
  if (isLetter(c)) return rules.wordEnd(text, at);
  if (isDigit(c)) return digitsEnd(text, at);
  if (isNewline(c)) return spaceEnd(text, at, rules);
  // c may lead a word (`[^\r\n\p{L}\p{N}]?`).
  // A non-ASCII d leads nowhere below but to -1 (it is no ASCII letter, `otherRunEnd` and `spaceEnd` refuse it).
  const d = at + 1 < text.length ? text.charCodeAt(at + 1) : -1;
  if (d >= 0 && isLetter(d)) return rules.wordEnd(text, at + 1);
  // ` ?[^\s\p{L}\p{N}]+` and its tail.
  if (isOther(c)) return otherRunEnd(text, at + 1, rules.tail);
  if (c === 32 && d >= 0 && isOther(d)) return otherRunEnd(text, at + 2, rules.tail);
  return spaceEnd(text, at, rules);
}

const o200k: Rules = {
  wordEnd: o200kWordEnd,
  tail: (c) => c === 10 || c === 13 || c === 47,
  contractionFirst: false,
  spaceToEndFirst: false,
};
const cl100k: Rules = {
  wordEnd: (text, from) => runEnd(text, from, isLetter),
  tail: (c) => c === 10 || c === 13,
  contractionFirst: true,
  spaceToEndFirst: true,
};

/** The hand scanner of each encoding's split regex. */
const asciiPreTokenEnds: Record<BpeEncoding, AsciiPreTokenEnd> = {
  o200k_base: (text, at) => preTokenEnd(text, at, o200k),
  cl100k_base: (text, at) => preTokenEnd(text, at, cl100k),
};

/**
 * The end of the pre-token at `at` (a match of the encoding's split regex `split`, which must start there): found by
 * {@link AsciiPreTokenEnd} where the text around it is ASCII, else by the regex (sticky at `at`), in which case the
 * end is returned negated (`-end`: the piece may hold characters outside ASCII). A positive end's piece is ASCII
 * only, so its characters are its UTF-8 bytes (the counter relies on it). Splitting a text from 0, each
 * pre-token starting where the last ended, gives what `text.matchAll(split)` gives, several times faster.
 */
export type PreTokenSplitter = (text: string, at: number) => number;

/** A {@link PreTokenSplitter} of `encoding`, whose split regex is `split`. */
export function createPreTokenSplitter(encoding: BpeEncoding, split: RegExp): PreTokenSplitter {
  const fast = asciiPreTokenEnds[encoding];
  const sticky = new RegExp(split.source, 'uy');
  return (text, at) => {
    const end = fast(text, at);
    if (end > at) return end;
    sticky.lastIndex = at;
    const match = sticky.exec(text);
    // Unreachable: every code point is whitespace, a letter, a number or none of these, and each regex has an
    // alternative for each; a code unit on its own keeps the split moving if that ever failed.
    return -(match ? at + match[0].length : at + 1);
  };
}

import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { pageText } from './compactors/html-scan.ts';
import { withoutUrls } from './without-urls.ts';

/** Options of {@link extractKeyTerms}. */
export interface KeyTermsOptions {
  /** At most this many terms. @default 30 */
  max?: number;
  /** Only the first this many characters of the text are read. @default 262,144 (what a text query indexes) */
  maxChars?: number;
}

/** The most terms {@link extractKeyTerms} returns by default. */
export const defaultKeyTerms = 30;
/** The longest term kept, in characters (longer runs are hashes, base64, URLs: they say nothing to a reader). */
const maxTermChars = 48;

/**
 * Function words of four letters or more (shorter words are never keywords): they say what a sentence does,
 * not what a text is about.
 */
const commonWords = new Set(
  `about above after again against also been before being below between both could does doing down during each
from further have having here into just like more most much must only other over same should some such than
that their them then there these they this those through under until very were what when where which while
whom will with would your yours true false null undefined none`.split(/\s+/),
);

/**
 * A run of letters and digits, joined by single separators (`service-7`, `v1.2.3`, `2026-03-14`, `user_id`). A letter
 * or digit is `[A-Za-z0-9]` or else `[\p{L}\p{N}]` — the same characters (the first is part of the second), tried
 * ASCII first: the Unicode class alone costs about twice the time on mostly-ASCII text (measured on 360 KB of npm
 * READMEs: 8.7 vs 4.9 ms for the matches, the same matches).
 */
export const runPattern =
  /[$€£¥]?(?:[A-Za-z0-9]|[\p{L}\p{N}])+(?:[-_.:/@#](?:[A-Za-z0-9]|[\p{L}\p{N}])+|,\d{3}(?!\d))*%?/gu;

/** {@link runPattern}'s own copy for {@link forEachRun}: its `lastIndex` is set before each use. */
const runFrom = new RegExp(runPattern.source, 'gu');

const isAsciiAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
/** `[-_.:/@#]`: what joins the parts of one run. */
const isJoiner = (c: number) =>
  c === 45 || c === 95 || c === 46 || c === 58 || c === 47 || c === 64 || c === 35;
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Calls `visit` with where each match of {@link runPattern} in `text` starts and ends, in order (no string made
 * of it): what `text.matchAll(runPattern)` yields, found by hand in ASCII text (no match object per run: about twice as fast on
 * the pages tool results hold) and by the pattern itself wherever a character outside ASCII decides a match (a
 * letter or digit to the pattern, maybe): from that character when it comes before any run, else from the start of
 * the run it would extend (its `$` included), to the end of the match the pattern finds there. A property test
 * holds it to `matchAll`.
 */
export function forEachRun(text: string, visit: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  /** The pattern's next match from `at` (where a character outside ASCII decides it); returns where to go on. */
  const byPattern = (at: number): number => {
    runFrom.lastIndex = at;
    const m = runFrom.exec(text);
    if (!m) return n;
    const end = m.index + m[0].length;
    visit(m.index, end);
    return end;
  };
  /** The end of the letters and digits from `at`, or -1 when a character outside ASCII stops them. */
  const alnumEnd = (at: number): number => {
    let j = at;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c >= 128) return -1;
      if (!isAsciiAlnum(c)) break;
    }
    return j;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 128) {
      i = byPattern(i);
      continue;
    }
    // A run starts at a letter or digit, or at `$` before one.
    let first = i;
    if (c === 36) {
      const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (d >= 128) {
        i = byPattern(i);
        continue;
      }
      if (!isAsciiAlnum(d)) {
        i++;
        continue;
      }
      first = i + 1;
    } else if (!isAsciiAlnum(c)) {
      i++;
      continue;
    }
    let end = alnumEnd(first);
    for (;;) {
      if (end < 0 || end >= n) break;
      const s = text.charCodeAt(end);
      if (isJoiner(s)) {
        const a = end + 1 < n ? text.charCodeAt(end + 1) : 0;
        if (a >= 128) end = -1;
        else if (isAsciiAlnum(a)) end = alnumEnd(end + 1);
        else break;
      } else if (
        s === 44 &&
        end + 3 < n &&
        isAsciiDigit(text.charCodeAt(end + 1)) &&
        isAsciiDigit(text.charCodeAt(end + 2)) &&
        isAsciiDigit(text.charCodeAt(end + 3)) &&
        !(end + 4 < n && isAsciiDigit(text.charCodeAt(end + 4)))
      )
        end += 4;
      else break;
    }
    if (end < 0) {
      i = byPattern(i);
      continue;
    }
    if (end < n && text.charCodeAt(end) === 37) end++;
    visit(i, end);
    i = end;
  }
}

type Kind = 'identifier' | 'entity' | 'keyword';

/**
 * What a run is as a term: its kind (`name`: an entity where it does not start a sentence, no term where it does)
 * and its candidate (the run's lower-case key's, once it counted).
 */
interface RunTerm {
  kind: Kind | 'name';
  candidate: Candidate | undefined;
}

interface Candidate {
  term: string;
  kind: Kind;
  count: number;
  first: number;
}

/** Share of the terms each kind gets first; unused slots go to the best of the others. */
const quota: Record<Kind, number> = { identifier: 0.4, entity: 0.3, keyword: 0.3 };
const kindOrder = ['identifier', 'entity', 'keyword'] as const;

/** What ends a sentence or a block: the next word starts one. */
const boundaries = new Set(['.', '!', '?', '\n', '>', '"', "'", '(', '[', '*', '#', ':', ';', '|', '-']);

/** Whether the run at `index` starts a sentence: the text's start, or a boundary before it (spaces aside). */
function startsSentence(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i < 0 || boundaries.has(text[i]!);
}

/** Whether the text's characters from `start` to `end` are all lower-case ASCII letters. */
function isShortWord(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

const hasDigit = (s: string) => /\p{N}/u.test(s);
const hasLetter = (s: string) => /\p{L}/u.test(s);
const isUpper = (s: string) => /^\p{Lu}/u.test(s);

/**
 * What a run is: an `identifier` or number (digits with letters or separators: keys, ids, versions, dates,
 * amounts, percentages; bare numbers of three digits or more), a `name` (a capitalized or all-caps word: an
 * entity where it does not start a sentence), a `keyword` (a lower-case word of four letters or more that is not
 * a function word), or nothing. Exported for its test.
 */
export function kindOf(run: string): Kind | 'name' | undefined {
  if (hasDigit(run)) {
    const separated = /[-_.:/@#$€£¥%,]/u.test(run);
    if (hasLetter(run) || separated) return 'identifier';
    return run.length >= 3 ? 'identifier' : undefined;
  }
  if (/[-_.:/@#]/u.test(run))
    return /[\p{Lu}_]/u.test(run.slice(1)) || run.includes('_') ? 'identifier' : 'keyword';
  if (run.length < 2) return undefined;
  const lower = run.toLowerCase();
  if (commonWords.has(lower)) return undefined;
  if (/\p{Lu}/u.test(run.slice(1)) && /\p{Ll}/u.test(run)) return 'identifier'; // camelCase, iPhone
  if (isUpper(run)) return 'name';
  return run.length >= 4 ? 'keyword' : undefined;
}

/**
 * The key terms of a text, for a searcher that has not read it: identifiers and numbers (keys, ids, versions,
 * dates, amounts), named entities (capitalized words not starting a sentence) and the most frequent keywords,
 * each kind up to its share of `max` (40%, 30%, 30%; slots one kind leaves go to the others), the more
 * frequent first and, among equals, the earlier; listed best first with the kinds taking turns (identifier,
 * entity, keyword, identifier, …), so the first few terms are the best of each kind. Deterministic (a function of the text and the options, no
 * model), bounded (at most `max` distinct terms of at most 48 characters, compared case-insensitively, each
 * as written where it first occurs), and every term occurs in the text. Throws `INVALID_ARGUMENT` for a text
 * that is not a string or a bad option.
 * @example extractKeyTerms('Internal note: the deployment key for service-7 is K7-5433X.') // ['service-7', 'K7-5433X', 'Internal', …]
 */
export function extractKeyTerms(text: string, options: KeyTermsOptions = {}): string[] {
  const bad = (message: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'content', message });
  if (typeof text !== 'string')
    throw bad(`extractKeyTerms(text): expected a string, got ${describeValue(text)}`);
  if (typeof options !== 'object' || options === null)
    throw bad(`extractKeyTerms(text, options): expected an object, got ${describeValue(options)}`);
  const max = options.max ?? defaultKeyTerms;
  const maxChars = options.maxChars ?? 256 * 1024;
  for (const [name, value] of [
    ['max', max],
    ['maxChars', maxChars],
  ] as const)
    if (!Number.isSafeInteger(value) || value < 0)
      throw bad(
        `extractKeyTerms(options): ${name} must be a non-negative integer, got ${describeValue(value)}`,
      );
  if (max === 0) return [];
  const head = text.slice(0, maxChars);
  // URLs: their scheme and path say little to a reader (and `https` would top every page's keywords).
  const read = withoutUrls(head);
  const byKey = new Map<string, Candidate>();
  // A text repeats its words: each run's kind (and candidate) is decided once, null when it is no term; whether it
  // starts a sentence is asked only of a name. Candidates are ordered by where they first occur.
  const seen = new Map<string, RunTerm | null>();
  forEachRun(read, (index, end) => {
    const length = end - index;
    // Most runs of a text are single characters and short lower-case words, no term (keywords have four letters or
    // more, bare numbers three digits): not looked up.
    if (length > maxTermChars || length === 1 || (length <= 3 && isShortWord(read, index, end))) return;
    const run = read.slice(index, end);
    let term = seen.get(run);
    if (term === undefined) {
      const kind = kindOf(run);
      term = kind === undefined ? null : { kind, candidate: undefined };
      seen.set(run, term);
    }
    if (term === null) return;
    let kind = term.kind;
    if (kind === 'name') {
      if (startsSentence(read, index)) return;
      kind = 'entity';
    }
    let candidate = term.candidate;
    if (candidate === undefined) {
      const key = run.toLowerCase();
      candidate = byKey.get(key);
      if (candidate === undefined) {
        candidate = { term: run, kind, count: 0, first: index };
        byKey.set(key, candidate);
      }
      term.candidate = candidate;
    }
    candidate.count++;
    // A word seen capitalized mid-sentence is an entity wherever else it stands.
    if (kind === 'entity' && candidate.kind === 'keyword') candidate.kind = 'entity';
  });
  const ranked = [...byKey.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  const chosen = new Set<Candidate>();
  for (const kind of kindOrder) {
    let room = Math.floor(max * quota[kind]);
    for (const c of ranked) {
      if (room === 0) break;
      if (c.kind !== kind) continue;
      chosen.add(c);
      room--;
    }
  }
  for (const c of ranked) {
    if (chosen.size >= max) break;
    chosen.add(c);
  }
  // Best first, the kinds taking turns: any prefix of the list is a balanced shorter one (a citation shows one).
  const byKind = kindOrder.map((kind) => ranked.filter((c) => c.kind === kind && chosen.has(c)));
  const out: string[] = [];
  for (let i = 0; out.length < chosen.size; i++)
    for (const list of byKind) if (i < list.length) out.push(list[i]!.term);
  return out;
}

/** The key terms an item's metadata holds (its `terms`, when a list of strings), else none. */
export function storedTerms(metadata: Record<string, JSONValue> | undefined): string[] {
  const terms = metadata?.terms;
  return Array.isArray(terms) ? terms.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * The key terms of a content item (see {@link extractKeyTerms}), read from what a reader would read: a JSON
 * item's values (its keys once each, not once per row), a markup page's text without its tags, scripts and
 * styles.
 */
export function itemKeyTerms(
  format: 'text' | 'json',
  content: string | JSONValue,
  options: KeyTermsOptions = {},
): string[] {
  if (format === 'json') {
    const values: string[] = [];
    const keys = new Set<string>();
    const walk = (v: JSONValue): void => {
      if (typeof v === 'string') values.push(v);
      else if (typeof v === 'number' || typeof v === 'boolean') values.push(String(v));
      else if (Array.isArray(v)) for (const x of v) walk(x);
      else if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          if (x !== undefined) walk(x);
        }
    };
    walk(content as JSONValue);
    return extractKeyTerms(`${values.join('\n')}\n${[...keys].join('\n')}`, options);
  }
  const text = typeof content === 'string' ? content : '';
  if (!/<\/?[a-z][^>]*>/i.test(text.slice(0, 4096))) return extractKeyTerms(text, options);
  return extractKeyTerms(pageText(text), options);
}

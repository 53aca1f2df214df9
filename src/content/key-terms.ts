import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

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

/** A run of letters and digits, joined by single separators (`service-7`, `v1.2.3`, `2026-03-14`, `user_id`). */
const runPattern = /[$€£¥]?[\p{L}\p{N}]+(?:[-_.:/@#][\p{L}\p{N}]+|,\d{3}(?!\d))*%?/gu;

type Kind = 'identifier' | 'entity' | 'keyword';

interface Candidate {
  term: string;
  kind: Kind;
  count: number;
  first: number;
}

/** Share of the terms each kind gets first; unused slots go to the best of the others. */
const quota: Record<Kind, number> = { identifier: 0.4, entity: 0.3, keyword: 0.3 };

const hasDigit = (s: string) => /\p{N}/u.test(s);
const hasLetter = (s: string) => /\p{L}/u.test(s);
const isUpper = (s: string) => /^\p{Lu}/u.test(s);

/**
 * What a run is: an `identifier` or number (digits with letters or separators: keys, ids, versions, dates,
 * amounts, percentages; bare numbers of three digits or more), an `entity` (a capitalized or all-caps word
 * that does not start a sentence), a `keyword` (a lower-case word of four letters or more that is not a
 * function word), or nothing.
 */
function kindOf(run: string, sentenceStart: boolean): Kind | undefined {
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
  if (isUpper(run) && !sentenceStart) return 'entity';
  if (run.length >= 4 && !isUpper(run)) return 'keyword';
  return undefined;
}

/**
 * The key terms of a text, for a searcher that has not read it: identifiers and numbers (keys, ids, versions,
 * dates, amounts), named entities (capitalized words not starting a sentence) and the most frequent keywords,
 * each kind up to its share of `max` (40%, 30%, 30%; slots one kind leaves go to the others), the more
 * frequent first and, among equals, the earlier. Deterministic (a function of the text and the options, no
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
  const read = text.slice(0, maxChars);
  const byKey = new Map<string, Candidate>();
  let position = 0;
  for (const match of read.matchAll(runPattern)) {
    const run = match[0].replace(/[.:/@#_-]+$/u, '');
    if (run.length === 0 || run.length > maxTermChars) continue;
    const before = read.slice(Math.max(0, match.index - 3), match.index);
    const sentenceStart = match.index === 0 || /(?:[.!?]\s*|\n\s*|^\s*|[>"'([*#]\s*)$/u.test(before);
    const kind = kindOf(run, sentenceStart);
    position++;
    if (!kind) continue;
    const key = run.toLowerCase();
    const known = byKey.get(key);
    if (known) {
      known.count++;
      // A word seen capitalized mid-sentence is an entity wherever else it stands.
      if (kind === 'entity' && known.kind === 'keyword') known.kind = 'entity';
    } else byKey.set(key, { term: run, kind, count: 1, first: position });
  }
  const ranked = [...byKey.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  const chosen = new Set<Candidate>();
  for (const kind of ['identifier', 'entity', 'keyword'] as const) {
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
  return [...chosen].sort((a, b) => a.first - b.first).map((c) => c.term);
}

/** The key terms an item's metadata holds (its `terms`, when a list of strings), else none. */
export function storedTerms(metadata: Record<string, JSONValue> | undefined): string[] {
  const terms = metadata?.terms;
  return Array.isArray(terms) ? terms.filter((t): t is string => typeof t === 'string') : [];
}

import { stemmer } from 'stemmer';
import { safeCut } from '../content/transforms/text-slices.ts';
import { englishStopwords } from '../longterm/analyze-text.ts';
import { bm25B, bm25K1 } from '../longterm/bm25.ts';
import { toSearchWords } from '../messages/search-text.ts';

/** A run of letters and digits, joined by single separators: `service-7`, `v1.2.3`, `user_id`, `don't`. */
const runPattern = /[\p{L}\p{N}]+(?:[-_.:/@#'’][\p{L}\p{N}]+)*/gu;
const separators = /[-_.:/@#'’]/u;
/** Longest part and compound kept as a term (longer runs are hashes or base64). */
const maxPartChars = 40;
const maxCompoundChars = 64;
/** Width, in terms, of the window whose query terms make the proximity score. */
const windowTerms = 16;

const stems = new Map<string, string>();
/** A part's term: numbers as they are, words Porter-stemmed (memoized: a text repeats its words). */
function stemOf(part: string): string {
  let s = stems.get(part);
  if (s === undefined) {
    s = /^\p{N}+$/u.test(part) ? part : stemmer(part);
    if (stems.size >= 100_000) stems.clear();
    stems.set(part, s);
  }
  return s;
}

/**
 * Walks the terms of a text in order: each part of a run (lower-cased, stopwords dropped, stemmed) at its
 * position, and a run joined by separators also as one compound term (`service-7`) at its first part's
 * position, so a query naming `service-7` prefers it to a text holding `service` and `7` apart. `at` is the
 * character index of the term's run in `text`. Returns the number of positions (the text's length in terms).
 */
export function scanTerms(text: string, visit: (term: string, position: number, at: number) => void): number {
  let position = 0;
  // Runs are found in the text itself and lower-cased one by one: lower-casing the whole text first would
  // make `at` an index in a copy that lower-casing can lengthen (`İ` becomes two code units).
  for (const match of text.matchAll(runPattern)) {
    const run = match[0].toLowerCase();
    const at = match.index;
    if (!separators.test(run)) {
      if (run.length <= maxPartChars && !englishStopwords.has(run)) visit(stemOf(run), position++, at);
      continue;
    }
    const first = position;
    for (const part of run.split(separators))
      if (part && part.length <= maxPartChars && !englishStopwords.has(part))
        visit(stemOf(part), position++, at);
    if (run.length <= maxCompoundChars && !englishStopwords.has(run)) visit(run, first, at);
    if (position === first) position++;
  }
  return position;
}

/** What a relevance search looks for. */
export interface RelevanceQuery {
  /** The distinct terms scored (stems and compounds, see {@link scanTerms}). */
  terms: string[];
  /** The words a store's text criterion is given: the query's words less stopwords (all of them if none is left). */
  words: string[];
}

/** The terms and store words of a query text. */
export function relevanceQuery(text: string): RelevanceQuery {
  const terms = new Set<string>();
  scanTerms(text, (t) => terms.add(t));
  const all = toSearchWords(text);
  const words = all.filter((w) => !englishStopwords.has(w.toLowerCase()));
  return { terms: [...terms], words: words.length > 0 ? words : all };
}

/** One ranked document. */
export interface Ranked<T> {
  /** The document. */
  doc: T;
  /** Its score: BM25 (scaled to the best document's) plus proximity, both from 0 to 1. */
  score: number;
  /** How many distinct query terms it holds. */
  held: number;
  /** The character index where its best window of query terms starts (0 when it holds none). */
  at: number;
}

interface Stats {
  tf: Map<string, number>;
  length: number;
  hits: { term: string; position: number; at: number }[];
}

/** Smoothed inverse document frequency (Lucene's): positive even for a term every document holds. */
const idfOf = (docs: number, withTerm: number) => Math.log(1 + (docs - withTerm + 0.5) / (withTerm + 0.5));

/**
 * The best window of `windowTerms` consecutive positions: the largest idf sum of the distinct query terms
 * inside it, and where it starts.
 */
function bestWindow(hits: Stats['hits'], idf: Map<string, number>): { weight: number; at: number } {
  const inside = new Map<string, number>();
  let weight = 0;
  let best = { weight: 0, at: hits[0]?.at ?? 0 };
  let start = 0;
  for (const hit of hits) {
    const n = inside.get(hit.term) ?? 0;
    if (n === 0) weight += idf.get(hit.term) ?? 0;
    inside.set(hit.term, n + 1);
    while (hit.position - hits[start]!.position >= windowTerms) {
      const out = hits[start++]!;
      const left = inside.get(out.term)! - 1;
      inside.set(out.term, left);
      if (left === 0) weight -= idf.get(out.term) ?? 0;
    }
    if (weight > best.weight + 1e-12) best = { weight, at: hits[start]!.at };
  }
  return best;
}

/**
 * Ranks documents for a query, best first: BM25 over the query's terms (collection statistics from the
 * documents themselves, FTS5's k1 and b), scaled so the best document scores 1, plus proximity: the share of
 * the query's idf weight that one window of 16 consecutive terms holds (a sentence naming what was asked for
 * outranks a long text that mentions each word somewhere). Equal scores keep the given order. Every document
 * is returned (a permutation of `docs`), so ranking never drops a match; `textOf` is read once per document.
 */
export function rankByRelevance<T>(
  docs: readonly T[],
  textOf: (doc: T) => string,
  query: RelevanceQuery,
): Ranked<T>[] {
  const wanted = new Set(query.terms);
  const stats: Stats[] = docs.map((doc) => {
    const tf = new Map<string, number>();
    const hits: Stats['hits'] = [];
    const length = scanTerms(textOf(doc), (term, position, at) => {
      if (!wanted.has(term)) return;
      tf.set(term, (tf.get(term) ?? 0) + 1);
      hits.push({ term, position, at });
    });
    hits.sort((a, b) => a.position - b.position || a.at - b.at);
    return { tf, length, hits };
  });
  const n = docs.length;
  const avg = stats.reduce((sum, s) => sum + s.length, 0) / Math.max(1, n) || 1;
  const idf = new Map(query.terms.map((t) => [t, idfOf(n, stats.filter((s) => s.tf.has(t)).length)]));
  const totalIdf = [...idf.values()].reduce((a, b) => a + b, 0) || 1;
  const bm25 = stats.map((s) => {
    let score = 0;
    for (const [term, f] of s.tf)
      score += idf.get(term)! * ((f * (bm25K1 + 1)) / (f + bm25K1 * (1 - bm25B + (bm25B * s.length) / avg)));
    return score;
  });
  const top = Math.max(0, ...bm25) || 1;
  const ranked = stats.map((s, i) => {
    const window = bestWindow(s.hits, idf);
    return {
      doc: docs[i]!,
      score: bm25[i]! / top + window.weight / totalIdf,
      held: s.tf.size,
      at: window.at,
      i,
    };
  });
  ranked.sort((a, b) => b.score - a.score || a.i - b.i);
  return ranked.map(({ i: _i, ...r }) => r);
}

/**
 * About `length` characters of `text` from a little before `at`, marked with `…` where cut. A cut never splits a
 * surrogate pair (it widens the excerpt by the pair's other half instead).
 */
export function excerptAt(text: string, at: number, length: number): string {
  if (text.length <= length) return text;
  const from = Math.max(0, Math.min(at - Math.floor(length / 4), text.length - length));
  const start = safeCut(text, from, 'backward');
  const end = safeCut(text, from + length, 'forward');
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

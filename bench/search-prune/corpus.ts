/**
 * A deterministic synthetic chat corpus for the search benchmarks: messages of 8–40 pseudo-words drawn from a
 * 30,000-word vocabulary with a Zipf (s = 1) distribution, as words are in natural text, and search queries of
 * one or two words taken from a random message of a session, leaving out the 100 most frequent words (the
 * stop words people do not search for). The most frequent word is measured separately, as the worst case.
 */

import { createPrng } from '../../src/testing/prng.ts';

/** The corpus's PRNG (mulberry32), so every run and every code version builds the same data. */
export const prng = createPrng;

const syllables = [
  'ka',
  'lo',
  'mi',
  'nu',
  'ru',
  'ta',
  'vo',
  'si',
  'po',
  'da',
  'go',
  'hu',
  'ji',
  'bo',
  'fa',
  'zu',
];
const vocabularySize = 30_000;
/** Words this frequent or more are stop words, never picked for a query. */
export const stopWords = 100;

/** The `i`-th word of the vocabulary (0 is the most frequent): two or more syllables. */
export function word(i: number): string {
  let out = '';
  let n = i + syllables.length; // at least two syllables
  while (n > 0) {
    out += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  }
  return out;
}

/** Cumulative Zipf weights, for drawing a word rank by binary search. */
const cdf = (() => {
  const weights = Array.from({ length: vocabularySize }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();

/** A word rank drawn from the Zipf distribution. */
function rank(random: () => number): number {
  const u = random();
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The word ranks of one message. */
export function messageRanks(random: () => number): number[] {
  return Array.from({ length: 8 + Math.floor(random() * 33) }, () => rank(random));
}

/** The text of a message from its ranks. */
export const textOf = (ranks: readonly number[]): string => ranks.map(word).join(' ');

/** `count` queries of one or two non-stop words, each from a random message among `messages` (by ranks). */
export function pickQueries(messages: readonly (readonly number[])[], count: number, seed: number): string[] {
  const random = prng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const ranks = messages[Math.floor(random() * messages.length)]!.filter((r) => r >= stopWords);
    if (ranks.length === 0) continue;
    const picked = new Set<number>();
    const want = random() < 0.5 ? 1 : 2;
    while (picked.size < Math.min(want, ranks.length))
      picked.add(ranks[Math.floor(random() * ranks.length)]!);
    out.push([...picked].map(word).join(' '));
  }
  return out;
}

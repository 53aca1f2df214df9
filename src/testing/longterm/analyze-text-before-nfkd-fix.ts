import { stemmer } from 'stemmer';
import { englishStopwords, maxTermLength } from '../../longterm/analyze-text.ts';

/**
 * `analyzeText` as it was before it lowercased after NFKD (frozen here, do not change): it lowercased first, so a
 * compatibility character that decomposes to capitals ('ℐ' → 'I', '🄰' → 'A') escaped the stopword check and
 * was indexed as a stopword term ('i', 'a'). Databases written by it hold these terms; tests check that the
 * current analyser still finds their records.
 */
export function analyzeTextBeforeNfkdFix(text: string): string[] {
  const out: string[] = [];
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^\p{L}\p{N}']+/u);
  for (const raw of words) {
    const word = raw.replace(/^'+|'+$/g, '');
    if (!word || englishStopwords.has(word)) continue;
    for (const part of word.split("'")) {
      if (!part || part.length > maxTermLength || englishStopwords.has(part)) continue;
      out.push(/^\p{N}+$/u.test(part) ? part : stemmer(part));
    }
  }
  return out;
}

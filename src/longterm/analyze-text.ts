import { stemmer } from 'stemmer';
import { checkMethods } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/** The `INVALID_ARGUMENT` of a text helper given something other than a string. */
export const notText = (what: string, value: unknown) =>
  new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'longterm',
    message: `${what} must be a string, got ${describeValue(value)}`,
  });

/**
 * English stopwords: function words, auxiliaries and chat fillers that carry no topic. Question words are
 * included, so "when did she go" searches for "go" only.
 */
export const englishStopwords: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't
my myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd
she'll she's should shouldn't so some such than that that's the their theirs them themselves then there there's
these they they'd they'll they're they've this those through to too under until up very was wasn't we we'd we'll
we're we've were weren't what what's when when's where where's which while who who's whom why why's with won't
would wouldn't you you'd you'll you're you've your yours yourself yourselves s t d ll m re ve just also really
yeah oh hey`.split(/\s+/),
);

/** The longest term kept; longer runs of letters and digits (hashes, base64) are dropped. */
export const maxTermLength = 40;

/**
 * The terms full-text search indexes and queries: compatibility-decomposed (NFKD) and lowercased, accents
 * removed, split on anything but letters and digits (apostrophes inside words kept for the stopword check),
 * stopwords dropped, Porter-stemmed. Every driver uses these terms, so SQLite, PostgreSQL and the in-process
 * stores rank the same words. Lowercased after NFKD too: a character that decomposes to capitals ('℡' → 'TEL',
 * 'ℐ' → 'I', '🄰' → 'A') is a word in lower case like any other, so 'ℐ' is the stopword 'i' (before, it was
 * lowercased first only and indexed as the term 'i'). Also lowercased before NFKD, as before, so every term
 * earlier versions made is made again ('Ϲ' stays 'ς'), and databases they wrote find the same records.
 * @example analyzeText("When did Caroline go to the LGBTQ support groups?") // ['carolin', 'go', 'lgbtq', 'support', 'group']
 */
export function analyzeText(text: string, stopwords: ReadonlySet<string> = englishStopwords): string[] {
  if (typeof text !== 'string') throw notText('analyzeText(text)', text);
  checkMethods(stopwords, 'analyzeText(text, stopwords)', 'longterm', ['has']);
  const out: string[] = [];
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^\p{L}\p{N}']+/u);
  for (const raw of words) {
    const word = raw.replace(/^'+|'+$/g, '');
    if (!word || stopwords.has(word)) continue;
    for (const part of word.split("'")) {
      if (!part || part.length > maxTermLength || stopwords.has(part)) continue;
      out.push(/^\p{N}+$/u.test(part) ? part : stemmer(part));
    }
  }
  return out;
}

/**
 * Name resolution for a question about the user's family or closest friends: "what does my husband do?" asks about
 * the person the user named as their husband ("my husband Tom"), and the turns about that person say "Tom", not
 * "husband". The user's self facts (src/longterm/self-facts/) hold who is who; a question naming a relative in the
 * first person searches for the relative's current name(s) too.
 */

import { analyzeText } from './analyze-text.ts';
import type { Ranker } from './ranked-retrieval.ts';
import { kin, singular } from './self-facts/self-fact-values.ts';
import { kinAdjectives, relatives } from './self-facts/self-fact-words.ts';
import { inFamily } from './self-facts/self-statement.ts';
import { storedSelfFact } from './self-facts/stored-self-fact.ts';

/** "my" / "our", optional adjectives, a relation word, a plural or possessive ending; not an in-law ("my son-in-law"). */
const askedPattern = new RegExp(
  String.raw`\b(?:my|our)\s+${kinAdjectives}(children|${relatives})(?:s|['’]s|s['’])?(?![\p{L}\p{N}]|[-‐‑]in[-‐‑]law)`,
  'giu',
);

/** A relative a question names: the self-fact key family (`user.partner`, `user.child`…) and the words for it. */
export interface RelativeAsked {
  /** The key family of the user's self facts about that relative. */
  family: string;
  /** The relation's canonical noun and its other words ("husband partner spouse"), as a fact's text says them. */
  words: string;
}

/**
 * The relatives a question names in the first person ("my husband's job", "our kids", "my older sister"), each
 * family once, in order. Deterministic and cheap (one regular expression).
 * @example relativesAsked("what does my husband do?") // [{ family: 'user.partner', words: 'husband partner, spouse' }]
 */
export function relativesAsked(question: string): RelativeAsked[] {
  const out = new Map<string, RelativeAsked>();
  for (const m of question.slice(0, 4096).matchAll(askedPattern)) {
    const k = kin(singular(m[1] ?? ''));
    if (!out.has(k.key)) out.set(k.key, { family: k.key, words: `${k.noun} ${k.gloss}` });
  }
  return [...out.values()];
}

/** The most names one question adds. */
const maxNames = 4;

/**
 * The names of the user's relatives that `question` names (see {@link relativesAsked}), from the scope's self
 * facts valid at `at` (a fact the user corrected or ended is not read): `['Tom']` for "what does my husband do?"
 * after "my husband Tom…". At most four; `[]` when the question names no relative (no search is made) or no fact
 * names one. One full-text search of fact records per question that names a relative, and the load of its hits.
 */
export async function namesOfRelativesAsked(ranker: Ranker, question: string, at: Date): Promise<string[]> {
  const asked = relativesAsked(question);
  if (asked.length === 0) return [];
  const terms = [...new Set(asked.flatMap((a) => analyzeText(a.words)))];
  // Facts valid at `at` only (the store's `asOf`), so ended ones cannot crowd the current name out of the 20 hits.
  const hits = await ranker.text({ terms, limit: 20, filter: { kinds: ['fact'], asOf: at } });
  const loaded = await ranker.load(hits);
  const names: string[] = [];
  for (const entry of loaded) {
    // Read as the extractor writes facts now (a name stored with a possessive `'s` before 239f263, without it).
    const fact = entry && storedSelfFact(entry.record);
    if (!fact || typeof entry.record.metadata.value !== 'string') continue;
    const { key, value } = fact;
    if (!asked.some((a) => inFamily(key, a.family))) continue;
    if (!names.includes(value)) names.push(value);
    if (names.length === maxNames) break;
  }
  return names;
}

import { analyzeText } from './analyze-text.ts';
import { type PersonalTopic, personalTopics } from './personal-topics.ts';

/**
 * Finding the personal topics (`personalTopics`) a text names: each cue list is compiled once into single terms
 * (a set of stems), phrases of several terms (consecutive stems) and literal cues (entries whose words are
 * stopwords or a symbol, "call me", "for a living", "they/them", "c++", matched as written on word boundaries;
 * `{n}` in an entry stands for a number, "turning {n}", "{n}:{n}"). Literal
 * cues are looked for first and their words taken out, so "for a living" names work and not where one lives.
 */

/** One compiled cue list. */
interface CueList {
  terms: ReadonlySet<string>;
  phrases: readonly (readonly string[])[];
  literal: RegExp | undefined;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function compile(list: string): CueList {
  const terms = new Set<string>();
  const phrases: string[][] = [];
  const literal: string[] = [];
  for (const entry of list.split(',')) {
    const cue = entry.trim().toLowerCase();
    if (!cue) continue;
    const stems = analyzeText(cue);
    const words = cue.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
    if (cue.includes('{n}')) literal.push(escapeRegExp(cue).replaceAll('\\{n\\}', '\\d{1,4}'));
    else if (stems.length === 0 || stems.length !== words.length || /[^\p{L}\p{N}\s'-]/u.test(cue))
      literal.push(escapeRegExp(cue));
    else if (stems.length === 1) terms.add(stems[0] as string);
    else phrases.push(stems);
  }
  const pattern = literal.sort((a, b) => b.length - a.length).join('|');
  return {
    terms,
    phrases,
    literal: pattern ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'gu') : undefined,
  };
}

/** A text prepared for cue lookups: its lower-cased form with literal cues taken out is analysed lazily. */
export interface CueText {
  /** The text, lower-cased, curly apostrophes straightened. */
  readonly lower: string;
}

/** Prepares `text` for {@link topicsNamed}. */
export const cueText = (text: string): CueText => ({ lower: text.toLowerCase().replace(/[’‘]/g, "'") });

interface CompiledTopic {
  topic: PersonalTopic;
  cues: CueList;
}

/**
 * Each side's cue lists, compiled on its first use: a process that only searches (questions: `asked`) never
 * compiles the statements' side (`said`, about three times as many cues), nor one that only records the other.
 */
const compiled: Partial<Record<'asked' | 'said', readonly CompiledTopic[]>> = {};
const topics = (side: 'asked' | 'said') =>
  (compiled[side] ??= personalTopics.map((topic) => ({ topic, cues: compile(topic[side]) })));

function hasPhrase(stems: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= stems.length; i++) {
    for (let k = 0; k < phrase.length; k++) if (stems[i + k] !== phrase[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * The topics `text` names, by their `asked` cues (a question) or their `said` cues (a statement), in the
 * lexicon's order. Deterministic; cheap (one analysis of the text; literal cues by one regular expression each).
 */
export function topicsNamed(text: CueText, side: 'asked' | 'said'): PersonalTopic[] {
  const found: PersonalTopic[] = [];
  const literalHit = new Set<CompiledTopic>();
  let rest = text.lower;
  for (const t of topics(side)) {
    const literal = t.cues.literal;
    if (!literal) continue;
    literal.lastIndex = 0;
    if (literal.test(rest)) {
      literalHit.add(t);
      literal.lastIndex = 0;
      rest = rest.replace(literal, ' ');
    }
  }
  const stems = analyzeText(rest);
  const stemSet = new Set(stems);
  for (const t of topics(side)) {
    const { cues } = t;
    if (
      literalHit.has(t) ||
      stems.some((s) => cues.terms.has(s)) ||
      cues.phrases.some((p) => stemSet.has(p[0] as string) && hasPhrase(stems, p))
    )
      found.push(t.topic);
  }
  return found;
}

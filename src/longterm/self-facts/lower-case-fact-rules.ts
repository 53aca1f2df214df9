/**
 * Self-fact rules for messages typed all in lower case ("i live in leeds", "my name is sam"), where the other rules,
 * which know a name or a place by its capital, read nothing. Only after the strongest cues (living in, moving to,
 * growing up in, working at, "my name is"), a value of one or two lower-case words that is not a
 * common word of that slot ("i live in fear", "i work at night", "i work for a startup") is taken as the name and
 * stored capitalised ("Leeds"). Tried only on a sentence with no capital letter.
 */

import { englishStopwords } from '../analyze-text.ts';
import { employer, home, hometown, userName } from './self-fact-values.ts';
import { notNames } from './self-fact-words.ts';
import type { SelfFactRule } from './self-statement.ts';

/** Words that fill these slots without being a name ("in fear", "at night", "for a startup", "from work"). */
const notProper = new Set(
  `a an the my our his her their this that these those some any home work school college uni university night nights
day days weekend weekends morning mornings evening evenings fear peace hope style luxury comfort denial debt town city
country countryside suburbs suburb village abroad overseas there here nowhere somewhere everywhere remote remotely
bed hospital office company startup start-up bank shop store restaurant cafe hotel place area house flat apartment
way time moment present future past general pretty bit lot while part full-time part-time freelance myself
ourselves it them`.split(/\s+/),
);

/** Words that end a lower-case name ("leeds now", "gdansk so", "london and"). */
const after =
  'now|and|but|so|since|because|for|with|at|in|on|near|these|this|last|until|where|which|who|though|btw|lol|haha';
/**
 * One or two lower-case words, not opening with an article or possessive, then the end of the phrase
 * (punctuation, the end, or a word of `after`).
 */
const lowerName = String.raw`(?!(?:a|an|the|my|our|his|her|their)\s)(\p{Ll}[\p{Ll}'-]+(?:\s+(?!(?:${after})\b)\p{Ll}[\p{Ll}'-]+)?)(?=\s*(?:[,.;:!?)]|$)|\s+(?:${after})\b)`;

/** Whether each word of a lower-case value may be a name: not a function word nor a common word of the slot. */
const mayBeName = (v: string) => v.split(/\s+/).every((w) => !englishStopwords.has(w) && !notProper.has(w));
/** `v` as a name is written ("new york" → "New York"). */
const capitalised = (v: string) =>
  v.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

const named =
  (make: (v: string) => ReturnType<SelfFactRule['make']>) =>
  ([v = '']: readonly string[]) =>
    mayBeName(v) ? make(capitalised(v)) : [];

/** The rules, for a sentence with no capital letter. */
export const lowerCaseFactRules: readonly SelfFactRule[] = [
  {
    name: 'home (lower case)',
    cue: /\bliv(?:e|ing)\b|\bmoved\b|\brelocated\b|\bbased\b/,
    pattern: String.raw`\b(?:(?:i|we)\s+(?:currently\s+|now\s+|still\s+)?(?:live|am living|are living|have been living|am based|are based)\s+in|(?:i|we)\s+(?:have\s+)?(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+to)\s+${lowerName}`,
    make: named(home),
  },
  {
    name: 'hometown (lower case)',
    cue: /grew up|raised|originally|hometown/,
    pattern: String.raw`\b(?:i (?:grew up|was raised|was born and raised) in|i am originally from|my hometown is)\s+${lowerName}`,
    make: named(hometown),
  },
  {
    name: 'employer (lower case)',
    cue: /\bwork|\bjoined\b|\bstarted\b/,
    pattern: String.raw`\bi\s+(?:currently\s+|now\s+|still\s+)?(?:work|am working|have been working)\s+(?:at|for)\s+${lowerName}`,
    make: named(employer),
  },
  {
    // Only "my name is": a lower-case "im X btw" cannot tell a name from a state ("im exhausted btw").
    name: 'name (lower case)',
    cue: /\bname is\b/,
    pattern: String.raw`\bmy name is\s+(\p{Ll}[\p{Ll}'-]+)(?=\s*(?:[,.;:!?)]|$)|\s+(?:and|btw|but|so|lol|haha)\b)`,
    make: named((v) => (notNames.has(v.toLowerCase()) ? [] : userName(v))),
  },
];

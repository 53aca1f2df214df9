import { englishStopwords } from '../analyze-text.ts';
import { lowerCaseFactRules } from './lower-case-fact-rules.ts';
import { selfFactRules } from './self-fact-rules.ts';
import { leadingFiller } from './self-fact-words.ts';
import type { SelfFactRule, SelfStatement } from './self-statement.ts';
import { sentencesOf } from './sentences-of.ts';

const contractions: [RegExp, string][] = [
  [/[\u2018\u2019]/g, "'"],
  [/\bI'm\b/gi, 'i am'],
  [/\bI've\b/gi, 'i have'],
  [/\bI'd\b/gi, 'i would'],
  [/\bI'll\b/gi, 'i will'],
  // Typed without the apostrophe ("im moving", "ive got", "dont eat"): read as with it.
  [/\bim\b/g, 'i am'],
  [/\bive\b/g, 'i have'],
  [/\b(do|does|did|is|was|were|have|has)nt\b/g, '$1 not'],
  [/\bcant\b/g, 'cannot'],
  [/\bwe're\b/gi, 'we are'],
  [/\bwe've\b/gi, 'we have'],
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\b(do|does|did|is|are|was|were|have|has)n't\b/gi, '$1 not'],
  [/\b(birthday|name|job|home|hobby|bday)'s\b/gi, '$1 is'],
  [/\bI\b/g, 'i'],
  [/\s+/g, ' '],
];

/** Words a sentence may open with that are not names (lowercased at the start, so a rule's keywords match). */
const openers = new Set([
  'oh',
  'also',
  'now',
  'lately',
  'honestly',
  'actually',
  'btw',
  'well',
  'by',
  'funny',
  'heads',
  'anyway',
  'plus',
  'okay',
  'ok',
  'so',
  'and',
  'but',
  'yes',
  'yeah',
  'no',
  'big',
  'news',
  'fun',
  'these',
  'since',
  'ever',
  'currently',
  'nowadays',
  'hi',
  'hello',
  'hey',
  'guess',
  'first',
  'nothing',
  'things',
  'stuff',
  'update',
  'quick',
  'small',
  'today',
  'definitely',
  'totally',
  'total',
]);

/** Family words a user says as a name ("Dad", "Mum"), read as "my dad", "my mum" when they open a sentence. */
const kinNames = new Set([
  'mum',
  'mom',
  'dad',
  'nan',
  'nana',
  'gran',
  'granny',
  'grandma',
  'grandpa',
  'mama',
  'papa',
]);

/**
 * A sentence as the rules read it: contractions expanded ("I'm" → "i am", "can't" → "cannot"), the pronoun "I"
 * lowercased, a function word opening it lowercased (and a family word used as a name read as "my dad"), so names
 * keep their capitals and keywords match.
 */
export function normalizeSentence(sentence: string): string {
  let s = sentence;
  for (const [from, to] of contractions) s = s.replace(from, to);
  s = s.trim();
  const first = /^\p{L}+/u.exec(s)?.[0] ?? '';
  const lower = first.toLowerCase();
  if (first !== lower && (englishStopwords.has(lower) || openers.has(lower)))
    s = lower + s.slice(first.length);
  // A family word used as a name opens it ("Dad's coeliac", "Mum was a midwife"): read as "my dad", "my mum".
  else if (first !== lower && kinNames.has(lower)) s = `my ${lower}${s.slice(first.length)}`;
  return s;
}

/** Words before a statement that make it a supposition, not a fact. */
const hypothetical = /\b(?:if|unless|whether|suppose|supposing|imagine|hypothetically|what if)\b/;

const compile = (rules: readonly SelfFactRule[]) =>
  rules.map((rule) => ({ rule, re: new RegExp(rule.pattern, 'gu') }));
/**
 * The rules compiled at the first statement read, not at import (~15 ms for their 27,000 characters of patterns):
 * `cased` for a sentence with a capital letter; `lower`, for one without, the others then those that know a name
 * without its capital.
 */
let compiled: { cased: ReturnType<typeof compile>; lower: ReturnType<typeof compile> } | undefined;
const compiledRules = () => {
  if (compiled) return compiled;
  const cased = compile(selfFactRules);
  compiled = { cased, lower: [...cased, ...compile(lowerCaseFactRules)] };
  return compiled;
};

const clean = (v: string | undefined) =>
  (v ?? '')
    .trim()
    .replace(/[\s,.;:!?'’-]+$/u, '')
    .replace(leadingFiller, '')
    .trim();

/**
 * What a user's text states about the user, sentence by sentence, in the order said: every rule of
 * {@link selfFactRules} that matches adds its statements. Deterministic (no model); a statement of a key said
 * twice in one text keeps the last. Never call it with assistant or tool text: only the user speaks for the user.
 * @example extractSelfStatements("Hi! Please call me Ada. I'm allergic to peanuts.")
 * // [{ type: 'fact', key: 'user.name', value: 'Ada', … }, { type: 'fact', key: 'user.allergy:peanuts', … }]
 */
export function extractSelfStatements(text: string): SelfStatement[] {
  const out: SelfStatement[] = [];
  const rules = compiledRules();
  for (const raw of sentencesOf(text.slice(0, 16_384))) {
    const sentence = normalizeSentence(raw);
    const question = sentence.endsWith('?');
    for (const { rule, re } of /\p{Lu}/u.test(sentence) ? rules.cased : rules.lower) {
      if (!rule.cue.test(sentence)) continue;
      re.lastIndex = 0;
      for (const m of sentence.matchAll(re)) {
        // A condition states nothing ("if I moved to Canada, would I need a visa?").
        if (hypothetical.test(sentence.slice(0, m.index))) continue;
        const groups = m.slice(1).map(clean);
        for (const s of rule.make(groups, sentence)) {
          // A question ends nothing ("I eat meat again? Maybe someday.").
          if (s.type === 'end' && question) continue;
          if (s.type === 'fact') {
            const at = out.findIndex((o) => o.type === 'fact' && o.key === s.key);
            if (at >= 0) out.splice(at, 1);
          }
          out.push(s);
        }
      }
    }
  }
  return out;
}

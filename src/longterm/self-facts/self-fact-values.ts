/**
 * What a rule's match states: the keyed statements (with their canonical sentences) the self-fact rules build
 * from the values they read, shared by every rule file.
 */

import {
  animals,
  conditions,
  dogBreeds,
  drinkKind,
  exercises,
  leadingFiller,
  occupations,
} from './self-fact-words.ts';
import { multiKey, type SelfStatement } from './self-statement.ts';

/** A fact of `key` (none for an empty value). */
export const fact = (key: string, value: string, text: string): SelfStatement[] =>
  value ? [{ type: 'fact', key, value, text }] : [];

/** The end of the current facts of `families` whose value holds `value`'s words. */
export const end = (families: readonly string[], value: string): SelfStatement[] => [
  { type: 'end', families, value: value.toLowerCase() },
];

/** A value's last word, lowercase. */
export const lastWord = (v: string) => v.toLowerCase().split(/\s+/).at(-1) ?? '';
const article = (v: string) => (/^[aeiou]/i.test(v) ? 'an' : 'a');

/** Whether a value is a pronoun standing for something said elsewhere. */
export const isPronoun = (v: string) => /^(?:it|them|that|this|those|these|him|her)$/i.test(v);

/** The user's job, when `v` ends with an occupation (or `known`: the sentence says it is one, "promoted to …"). */
export const role = (v: string, known = false): SelfStatement[] =>
  known || occupations.has(lastWord(v))
    ? fact(
        'user.role',
        v,
        `The user works as ${article(v)} ${v} (the user's job, job title, position, occupation, profession: what the user does for a living).`,
      )
    : [];

/** The user's name. */
export const userName = (v: string): SelfStatement[] =>
  fact('user.name', v, `The user's name is ${v}; the user is called ${v}.`);

/** Where the user lives now. */
export const home = (v: string): SelfStatement[] =>
  fact('user.home', v, `The user lives in ${v} (the user's home, the city where the user is based now).`);

/** Where the user grew up. */
export const hometown = (v: string): SelfStatement[] =>
  fact('user.hometown', v, `The user is originally from ${v} (grew up in ${v}; the user's hometown).`);

/** The user's employer. */
export const employer = (v: string): SelfStatement[] =>
  fact('user.employer', v, `The user works at ${v} (the user's employer, company, workplace, job).`);

/** One of the user's hobbies. */
export const hobby = (v: string): SelfStatement[] =>
  fact(
    multiKey('user.hobby', v),
    v,
    `The user's hobby is ${v} (a pastime the user is into, in their free time, to relax and unwind${exercises.has(lastWord(v)) || exercises.has(v.split(' ')[0] ?? '') ? '; exercise, sport' : ''}).`,
  );

/**
 * The key family of a relation word, whether it holds many values, the noun a canonical sentence names it by
 * ("mom" is named "mother") and the other words a question may use for it.
 */
export function kin(r: string): { key: string; multi: boolean; noun: string; gloss: string } {
  if (/^(?:son|daughter|kid|child|boy|girl|baby|stepson|stepdaughter|twin)$/.test(r))
    return { key: 'user.child', multi: true, noun: r, gloss: 'child' };
  if (/^(?:mom|mum|mother|mama|mommy)$/.test(r))
    return { key: 'user.mother', multi: false, noun: 'mother', gloss: 'mom, mum, parent' };
  if (/^(?:dad|father|papa|daddy)$/.test(r))
    return { key: 'user.father', multi: false, noun: 'father', gloss: 'dad, parent' };
  if (/^(?:brother|sister|sibling)$/.test(r))
    return { key: 'user.sibling', multi: true, noun: r, gloss: 'sibling' };
  if (/^(?:grandma|grandmother|grandpa|grandfather|nan|nana|gran|granny)$/.test(r))
    return { key: 'user.grandparent', multi: true, noun: r, gloss: 'grandparent' };
  if (/^(?:(?:best|closest|oldest) (?:friend|mate)|bestie)$/.test(r))
    return { key: 'user.best-friend', multi: true, noun: r, gloss: 'best friend, closest friend' };
  return { key: 'user.partner', multi: false, noun: r, gloss: 'partner, spouse' };
}

/** A singular relation word ("brothers" → "brother", "children" → "child"). */
export const singular = (rel: string) => {
  const r = rel.toLowerCase();
  return r === 'children' ? 'child' : r.replace(/(?<!s)s$/, '');
};

/** A family member (or close friend) of the user, by name. */
export const relative = (rel: string, name: string): SelfStatement[] => {
  const k = kin(singular(rel));
  const key = k.multi ? multiKey(k.key, name) : k.key;
  if (k.key === 'user.partner') return fact(key, name, `The user's ${k.noun} (${k.gloss}) is ${name}.`);
  return fact(key, name, `The user's ${k.noun} (${k.gloss}) is named ${name}.`);
};

/** The job of a family member, when `v` ends with an occupation ("my mum was a midwife"). */
export const relativeRole = (rel: string, v: string): SelfStatement[] => {
  const r = singular(rel);
  const k = kin(r);
  return occupations.has(lastWord(v))
    ? fact(
        multiKey(`${k.key}-role`, v),
        v,
        `The user's ${k.noun} (${k.gloss}) works or worked as ${article(v)} ${v} (their job, occupation).`,
      )
    : [];
};

/** A health condition, allergy or diet of a family member: its key and its sentence. */
export const relativeHealth = (rel: string, v: string): SelfStatement[] => {
  const r = singular(rel);
  const k = kin(r);
  const avoid = avoidOf(v);
  return fact(
    multiKey(`${k.key}-health`, v),
    v,
    `The user's ${k.noun} (${k.gloss}): ${v} (their health, diet or allergy${avoid ? `; they must avoid ${avoid}` : ''}).`,
  );
};

/** What a condition or an allergen means to avoid ("coeliac" → gluten, "lactose intolerant" → lactose, dairy). */
function avoidOf(v: string): string {
  const lower = v.toLowerCase();
  for (const [word, avoid] of conditions) if (lower.includes(word)) return avoid;
  return /^allergic to\s+/.test(lower) ? lower.replace(/^allergic to\s+/, '') : '';
}

/** A health condition of the user, a noun (`has`: "asthma") or an adjective (`is`: "lactose intolerant"). */
export const condition = (v: string, verb: 'has' | 'is'): SelfStatement[] => {
  const avoid = avoidOf(v);
  return fact(
    multiKey('user.condition', v),
    v,
    `The user ${verb} ${v} (a health condition, medical condition; the user's health${avoid ? `: the user must avoid ${avoid}` : ''}).`,
  );
};

/** A pet of the user, when `kind` names an animal. */
export const pet = (kind: string, name: string): SelfStatement[] => {
  const last = lastWord(kind);
  const dog = dogBreeds.has(last);
  if (!dog && !animals.has(last)) return [];
  return fact(
    multiKey('user.pet', name),
    name,
    `The user has ${article(kind)} ${kind.toLowerCase()} named ${name} (the user's pet${dog ? ', a dog' : ''}).`,
  );
};

/** The user's favourite of a category. */
export const favourite = (category: string, v: string): SelfStatement[] => {
  const c = category.toLowerCase().replace(/^colou?r$/, 'colour');
  return fact(
    `user.favourite:${c}`,
    v,
    `The user's favourite ${c} is ${v} (favorite; the user likes ${v} best, loves it most, prefers it).`,
  );
};

/** Something the user likes. */
export const likes = (v: string): SelfStatement[] =>
  fact(
    multiKey('user.likes', v),
    v,
    `The user likes ${v} (enjoys it, loves it, prefers it; an interest or hobby).`,
  );

/** Something the user is allergic to. */
export const allergy = (v: string): SelfStatement[] =>
  fact(
    multiKey('user.allergy', v),
    v,
    `The user is allergic to ${v} (an allergy; the user must avoid ${v}).`,
  );

/** Something the user likes best, of no named category ("nothing beats …", "I'd pick … over anyone"). */
export const likesBest = (v: string): SelfStatement[] =>
  fact(
    multiKey('user.likes', v),
    v,
    `The user likes ${v} best (the user's favourite, favorite; loves it most, prefers it over anything else).`,
  );

/** The user's usual drink (one at a time: a later one supersedes it), said to be coffee or tea when it is one. */
export const drink = (v: string): SelfStatement[] => {
  const d = v.toLowerCase();
  const kind = drinkKind(d);
  return fact(
    'user.drink',
    d,
    `The user's usual drink is ${d} (${kind ? `${kind}; ` : ''}what the user drinks, a coffee or tea person).`,
  );
};

/** Whether the user is a morning person or a night owl. */
export const chronotype = (v: string): SelfStatement[] => {
  const d = v.toLowerCase();
  const early = /morning|early/.test(d);
  return fact(
    'user.chronotype',
    d,
    `The user is ${article(d)} ${d} (${early ? 'an early riser, up early in the morning' : 'a night owl, up late at night'}; early riser or night owl).`,
  );
};

/** Where a list item's own words end ("climbing in the spring" → "climbing"). */
const listItemEnd =
  /\s+(?:in|on|at|with|for|from|every|each|twice|once|last|next|this|since|because|when|while|whenever|after|before)\b/;

/** The items of a list value ("French, Spanish and a little Italian"). */
export const list = (v: string) =>
  v
    .split(/\s*(?:,|\band\b|\bas well as\b|\bplus\b)\s*/)
    .map((x) => (x.split(listItemEnd)[0] ?? '').replace(leadingFiller, '').trim())
    .filter(Boolean);

/** The subject a pronoun value stands for: the sentence's first noun phrase ("Shellfish is a no-go, …allergy to it"). */
export function subjectOf(sentence: string): string[] {
  const m =
    /^(?:also\s+|and\s+|oh\s+)?([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*){0,2}?)\s+(?:is|are|makes?|gives?)\b/u.exec(
      sentence,
    );
  const v = m?.[1]?.replace(leadingFiller, '').trim();
  return v && !/^(?:i|it|that|this|there)$/i.test(v) ? [v] : [];
}

import {
  animals,
  carMakers,
  diets,
  dogBreeds,
  exercises,
  leadingFiller,
  occupations,
  personName,
  phrase,
  phraseList,
  proper,
} from './self-fact-words.ts';
import { multiKey, type SelfStatement } from './self-statement.ts';

/** One rule: a pattern over a normalised sentence (see `normalizeSentence`) and what its groups state. */
export interface SelfFactRule {
  /** What it reads (for tests and reports). */
  name: string;
  /** A cheap test a sentence must pass before the pattern is tried (its keywords): most sentences state nothing. */
  cue: RegExp;
  /** The pattern (without flags: the `gu` flags are added). */
  pattern: string;
  /** The statements of one match: `g` holds its groups (trimmed, leading filler removed); `sentence` is the sentence matched. */
  make(g: readonly string[], sentence: string): SelfStatement[];
}

const fact = (key: string, value: string, text: string): SelfStatement[] =>
  value ? [{ type: 'fact', key, value, text }] : [];
const end = (families: readonly string[], value: string): SelfStatement[] => [
  { type: 'end', families, value: value.toLowerCase() },
];
const lastWord = (v: string) => v.toLowerCase().split(/\s+/).at(-1) ?? '';
const article = (v: string) => (/^[aeiou]/i.test(v) ? 'an' : 'a');
const isPronoun = (v: string) => /^(?:it|them|that|this|those|these|him|her)$/i.test(v);

const role = (v: string): SelfStatement[] =>
  occupations.has(lastWord(v))
    ? fact(
        'user.role',
        v,
        `The user works as ${article(v)} ${v} (the user's job, occupation, profession: what the user does for a living).`,
      )
    : [];
const employer = (v: string): SelfStatement[] =>
  fact('user.employer', v, `The user works at ${v} (the user's employer, company, workplace, job).`);
const hobby = (v: string): SelfStatement[] =>
  fact(
    multiKey('user.hobby', v),
    v,
    `The user's hobby is ${v} (a pastime the user is into, in their free time${exercises.has(lastWord(v)) || exercises.has(v.split(' ')[0] ?? '') ? '; exercise, sport' : ''}).`,
  );
const relative = (rel: string, name: string): SelfStatement[] => {
  const r = rel.toLowerCase();
  if (/^(?:son|daughter|kid|child|boy|girl|baby|stepson|stepdaughter|twin)$/.test(r))
    return fact(multiKey('user.child', name), name, `The user's ${r} (child) is named ${name}.`);
  if (/^(?:mom|mum|mother|mama|mommy)$/.test(r))
    return fact('user.mother', name, `The user's mother (mom, parent) is named ${name}.`);
  if (/^(?:dad|father|papa|daddy)$/.test(r))
    return fact('user.father', name, `The user's father (dad, parent) is named ${name}.`);
  if (/^(?:brother|sister|sibling)$/.test(r))
    return fact(multiKey('user.sibling', name), name, `The user's ${r} (sibling) is named ${name}.`);
  if (/^(?:grandma|grandmother|grandpa|grandfather)$/.test(r))
    return fact(multiKey('user.grandparent', name), name, `The user's ${r} (grandparent) is named ${name}.`);
  return fact('user.partner', name, `The user's ${r} (partner, spouse) is ${name}.`);
};
const pet = (kind: string, name: string): SelfStatement[] => {
  const last = lastWord(kind);
  const dog = dogBreeds.has(last);
  if (!dog && !animals.has(last)) return [];
  return fact(
    multiKey('user.pet', name),
    name,
    `The user has ${article(kind)} ${kind.toLowerCase()} named ${name} (the user's pet${dog ? ', a dog' : ''}).`,
  );
};
const favourite = (category: string, v: string): SelfStatement[] => {
  const c = category.toLowerCase().replace(/^colou?r$/, 'colour');
  return fact(
    `user.favourite:${c}`,
    v,
    `The user's favourite ${c} is ${v} (favorite; the user likes ${v} best, loves it most, prefers it).`,
  );
};
/** Where a list item's own words end ("climbing in the spring" → "climbing"). */
const listItemEnd =
  /\s+(?:in|on|at|with|for|from|every|each|twice|once|last|next|this|since|because|when|while|whenever|after|before)\b/;
const list = (v: string) =>
  v
    .split(/\s*(?:,|\band\b|\bas well as\b|\bplus\b)\s*/)
    .map((x) => (x.split(listItemEnd)[0] ?? '').replace(leadingFiller, '').trim())
    .filter(Boolean);

const relatives =
  'son|daughter|kid|child|boy|girl|baby|stepson|stepdaughter|twin|mom|mum|mother|mama|dad|father|papa|brother|sister|grandma|grandmother|grandpa|grandfather|wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|spouse';
const named = String.raw`(?:'s name is|’s name is|\s+is called|\s+is named|\s+called|\s+named|,)?\s+`;
const adverbs = String.raw`(?:(?:really|absolutely|just|also|still|totally|genuinely|truly|kind of|actually|now|honestly)\s+)*`;
const quitFamilies = [
  'user.hobby',
  'user.likes',
  'user.employer',
  'user.role',
  'user.diet',
  'user.team',
  'user.vehicle',
  'user.home',
];

/** The rules, tried in order on every sentence of a user's message; all that match count. */
export const selfFactRules: readonly SelfFactRule[] = [
  {
    name: 'name',
    cue: /name|call me|go by|\bh(?:i|ello|ey)\b/,
    pattern: String.raw`\b(?:my name is|call me|i go by|people call me|everyone calls me|my friends call me|(?:hi|hello|hey)(?: there)?,?\s+(?:i am|this is))\s+${personName}`,
    make: ([v = '']) => fact('user.name', v, `The user's name is ${v}; the user is called ${v}.`),
  },
  {
    name: 'age',
    cue: /\d/,
    pattern: String.raw`\b(?:i am|i (?:just\s+)?turned|my age is)\s+(\d{1,3})(?=\s+(?:years?|yrs?)\b|\s+(?:now|this|last|today|in)\b|\s*[,.;!?]|$)`,
    make: ([v = '']) =>
      Number(v) > 0 && Number(v) < 120
        ? fact('user.age', v, `The user is ${v} years old (the user's age is ${v}).`)
        : [],
  },
  {
    name: 'birthday',
    cue: /birth|bday/,
    pattern: String.raw`\b(?:my (?:birthday|bday|date of birth|birth date) is|i was born on)\s+(?:on\s+)?(?:the\s+)?([\p{L}\p{N}]+(?:\s+(?:of\s+)?[\p{L}\p{N}]+){0,3}?)(?=\s*[,.;!?]|$|\s+(?:so|and|but|which)\b)`,
    make: ([v = '']) =>
      fact('user.birthday', v, `The user's birthday is on ${v} (the user was born on ${v}).`),
  },
  {
    name: 'pronouns',
    cue: /\//,
    pattern: String.raw`\b(?:my pronouns are|i use|i go by)\s+(\p{L}+\s*/\s*\p{L}+(?:\s*/\s*\p{L}+)?)`,
    make: ([v = '']) =>
      fact('user.pronouns', v.replace(/\s+/g, ''), `The user's pronouns are ${v.replace(/\s+/g, '')}.`),
  },
  {
    name: 'home',
    cue: /liv(?:e|ing)|reside|based|located|settled|moved|relocated|home|apartment|flat|house|place/,
    pattern: String.raw`\b(?:(?:i|we)\s+(?:currently\s+|now\s+|still\s+)?(?:live|am living|are living|have been living|reside|am based|are based|am located|are located|am settled|are settled)\s+(?:in|at)|(?:i|we)\s+(?:have\s+)?(?:just\s+|recently\s+|finally\s+|officially\s+|now\s+)?(?:moved|relocated|moved back)\s+(?:to|into)|my (?:home|apartment|flat|house|place) is in)\s+(?:the\s+)?${proper}`,
    make: ([v = '']) =>
      fact('user.home', v, `The user lives in ${v} (the user's home, the city where the user is based now).`),
  },
  {
    name: 'hometown',
    cue: /grew up|raised|born|from|hometown/,
    pattern: String.raw`\b(?:i (?:grew up|was raised|was born and raised|was born) in|i am (?:originally\s+)?from|i come from|my hometown is)\s+(?:the\s+)?${proper}`,
    make: ([v = '']) =>
      fact('user.hometown', v, `The user is originally from ${v} (grew up in ${v}; the user's hometown).`),
  },
  {
    name: 'role at employer',
    cue: /\b(?:am|as)\b/,
    pattern: String.raw`\b(?:i am|i work as|i am working as)\s+(?:an?\s+)?${phrase}\s+(?:at|for|with)\s+(?:the\s+)?${proper}`,
    make: ([r = '', org = '']) => {
      const own = role(r);
      return own.length > 0 ? [...own, ...employer(org)] : [];
    },
  },
  {
    name: 'employer',
    cue: /work|started|joined|began|job|position|role|offer|company|employer|employed|hired/,
    pattern: String.raw`\b(?:i\s+(?:currently\s+|now\s+|still\s+)?(?:work|am working|have been working)\s+(?:at|for)|i\s+(?:have\s+)?(?:just\s+|recently\s+|finally\s+)?(?:started|joined|began)(?:\s+(?:a\s+)?(?:new\s+)?(?:job|work|working))?(?:\s+(?:at|with|for))?|i\s+(?:got|accepted|took|landed)\s+(?:a|the)\s+(?:new\s+)?(?:job|position|role|offer)\s+(?:at|with)|my (?:company|employer) is|i am (?:employed|hired) (?:at|by))\s+(?:the\s+)?${proper}`,
    make: ([v = '']) => employer(v),
  },
  {
    name: 'role',
    cue: /work|profession|trade|job|occupation|role|promoted|\bi am\b/,
    pattern: String.raw`\b(?:i (?:work|am working) as|by (?:profession|trade),? i am|my (?:job|occupation|profession|job title|role) is|i am|i (?:got|was) promoted to)\s+(?:an?\s+)?${phrase}`,
    make: ([v = '']) => role(v),
  },
  {
    name: 'family',
    cue: /son|daughter|kid|child|boy|girl|baby|twin|mom|mum|mother|mama|dad|father|papa|brother|sister|grand|wife|husband|partner|friend|fianc|spouse/,
    pattern: String.raw`\b(?:my|our)\s+(${relatives})${named}${personName}`,
    make: ([rel = '', v = '']) => relative(rel, v),
  },
  {
    name: 'family (have)',
    cue: /son|daughter|kid|child|boy|girl|brother|sister/,
    pattern: String.raw`\b(?:i|we)\s+(?:also\s+)?(?:have|have got)\s+(?:an?|one|two)\s+(?:\p{L}+\s+)?(son|daughter|kid|child|boy|girl|brother|sister)\s+(?:named|called)\s+${personName}`,
    make: ([rel = '', v = '']) => relative(rel, v),
  },
  {
    name: 'married',
    cue: /married|engaged|dating|seeing/,
    pattern: String.raw`\bi am (?:married to|engaged to|dating|seeing)\s+${personName}`,
    make: ([v = '']) => relative('partner', v),
  },
  {
    name: 'pet',
    cue: /name|called|\b(?:my|our)\b/,
    pattern: String.raw`\b(?:(?:i|we)\s+(?:also\s+|still\s+)?(?:have|have got|got|own|adopted|rescued|have adopted|just adopted)\s+(?:an?|one|two|this)\s+((?:[\p{Ll}-]+\s+){0,3}?[\p{Ll}-]+)\s+(?:named|called)|(?:my|our)\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)(?:'s name is|’s name is|\s+is called|\s+is named|,)?)\s+${personName}`,
    make: ([a = '', b = '', v = '']) => pet(a || b, v),
  },
  {
    name: 'diet',
    cue: /vegetarian|vegan|pesc|keto|paleo|gluten|lactose|dairy|halal|kosher|flexitarian|carnivore|plant|carb/,
    pattern: String.raw`\b(?:i am\s+(?:(?:now|a|strictly|fully|mostly|currently|also)\s+)*|i\s+(?:have\s+)?(?:went|gone|turned|became|become|switched to being|decided to go)\s+(?:fully\s+)?|i (?:eat|follow|am on) an?\s+)${diets}\b`,
    make: ([v = '']) =>
      fact(
        'user.diet',
        v.toLowerCase(),
        `The user is ${v.toLowerCase()} (the user's diet, what the user eats).`,
      ),
  },
  {
    name: 'diet ended',
    cue: /vegetarian|vegan|pesc|keto|paleo|gluten|lactose|dairy|halal|kosher|flexitarian|carnivore|plant|carb/,
    pattern: String.raw`\b(?:i am no longer|i am not|i (?:stopped|quit) being|i gave up being)\s+(?:an?\s+)?${diets}`,
    make: ([v = '']) => end(['user.diet'], v),
  },
  {
    name: 'allergy',
    cue: /allerg|intoleran|cannot (?:have|eat|tolerate)/,
    pattern: String.raw`\b(?:i am (?:\p{L}+\s+)?allergic to|i have (?:an?\s+)?(?:\p{L}+\s+){0,2}?(?:allergy|intolerance) to|i cannot (?:have|eat|tolerate))\s+${phraseList}`,
    make: ([v = ''], sentence = '') => {
      const values = list(v).flatMap((x) => (isPronoun(x) ? subjectOf(sentence) : [x]));
      return values.flatMap((x) =>
        fact(
          multiKey('user.allergy', x),
          x,
          `The user is allergic to ${x} (an allergy; the user must avoid ${x}).`,
        ),
      );
    },
  },
  {
    name: 'allergy (noun)',
    cue: /allergy|intolerance/,
    pattern: String.raw`\b(?:i have an?|my)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:allergy|intolerance)\b`,
    make: ([v = '']) =>
      /^(?:bad|severe|mild|pretty|serious|slight|terrible|food|real)$/i.test(lastWord(v))
        ? []
        : fact(
            multiKey('user.allergy', v),
            v,
            `The user is allergic to ${v} (an allergy; the user must avoid ${v}).`,
          ),
  },
  {
    name: 'favourite',
    cue: /favou?rite|fave|preferred/,
    pattern: String.raw`\bmy (?:all-time\s+|absolute\s+|current\s+)?(?:favou?rite|fave|preferred)\s+(\p{L}+(?:\s+\p{L}+)?)\s+(?:is|are|has always been|has to be|would be|was always|will always be)\s+(?:probably\s+|definitely\s+|still\s+|now\s+)?${phrase}`,
    make: ([c = '', v = '']) => favourite(c, v),
  },
  {
    name: 'favourite (reversed)',
    cue: /favou?rite|fave/,
    pattern: String.raw`([\p{L}\p{N}][\p{L}\p{N}'-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'-]*){0,2})\s+(?:is|are|has always been|has been|was always|will always be)\s+my\s+(?:all-time\s+|absolute\s+)?(?:favou?rite|fave)\s+(\p{L}+)`,
    make: ([v = '', c = '']) => favourite(c, v),
  },
  {
    name: 'likes',
    cue: /love|adore|enjoy|like|into|fan of|obsessed|passionate|crazy about|prefer/,
    pattern: String.raw`\bi\s+${adverbs}(?:love|adore|enjoy|like|am\s+${adverbs}into|am a (?:big\s+|huge\s+)?fan of|am obsessed with|am passionate about|am crazy about|much prefer|prefer)\s+${phrase}`,
    make: ([v = '']) =>
      /^(?:to|it|that|this|them|you|your|how|when|what|being|doing|having|going|the idea|him|her)\b/i.test(v)
        ? []
        : fact(
            multiKey('user.likes', v),
            v,
            `The user likes ${v} (enjoys it, loves it, prefers it; an interest or hobby).`,
          ),
  },
  {
    name: 'dislikes',
    cue: /hate|dislike|detest|loathe|stand|not like|not enjoy|not a fan|not into/,
    pattern: String.raw`\bi\s+${adverbs}(?:hate|dislike|detest|loathe|cannot stand|do not like|do not enjoy|am not a fan of|am not into)\s+${phrase}`,
    make: ([v = '']) =>
      /^(?:to|it|that|this|them|you|when|how|being|the idea)\b/i.test(v)
        ? []
        : fact(
            multiKey('user.dislikes', v),
            v,
            `The user dislikes ${v} (hates it, cannot stand it, avoids it).`,
          ),
  },
  {
    name: 'does not eat or drink',
    cue: /eat|drink/,
    pattern: String.raw`\bi (?:do not|never|no longer) (eat|drink)\s+${phrase}`,
    make: ([verb = '', v = '']) =>
      fact(multiKey('user.avoids', v), v, `The user does not ${verb} ${v} (avoids it).`),
  },
  {
    name: 'languages',
    cue: /speak|fluent|native|language|tongue/,
    pattern: String.raw`\b(?:i (?:can\s+)?speak|i am (?:fluent|native) in|my (?:native|first|mother) (?:language|tongue) is)\s+${phraseList}`,
    make: ([v = '']) =>
      list(v)
        .filter((x) => /^\p{Lu}/u.test(x))
        .flatMap((x) =>
          fact(multiKey('user.language', x), x, `The user speaks ${x} (a language the user knows).`),
        ),
  },
  {
    name: 'hobby (time spent)',
    cue: /spend|pass/,
    pattern: String.raw`\bi\s+(?:usually\s+|often\s+)?(?:spend|pass)\s+(?:my\s+|most\s+of\s+my\s+|a\s+lot\s+of\s+|all\s+my\s+)?(?:free\s+time|spare\s+time|evenings|weekends|mornings|afternoons|nights|time|days)\s+(\p{L}+ing\s+${phrase.slice(1, -1)}|\p{L}+ing)`,
    make: ([v = '']) => hobby(v),
  },
  {
    name: 'hobby',
    cue: /play|took up|taken up|practi|hobb/,
    pattern: String.raw`\b(?:i\s+${adverbs}(?:play|have been playing|started playing|am learning to play|took up|have taken up|practi[cs]e)|my hobb(?:y is|ies are|ies include))\s+${phraseList}`,
    make: ([v = '']) => list(v).flatMap((x) => (isPronoun(x) ? [] : hobby(x))),
  },
  {
    name: 'hobby (go)',
    cue: /\bgo\b/,
    pattern: String.raw`\bi\s+(?:usually\s+|often\s+|also\s+)?go\s+(\p{L}+ing)\b`,
    make: ([v = '']) => hobby(v.toLowerCase()),
  },
  {
    name: 'vehicle',
    cue: new RegExp(`\\b(?:${[...carMakers].join('|')})\\b`, 'i'),
    pattern: String.raw`\b(?:i\s+(?:now\s+|still\s+)?|and\s+(?:then\s+)?)(?:drive|just bought|bought|got|own|have|leased|purchased)\s+(?:an?|my|the)\s+(?:(?:old|new|used|little|second-hand|shiny|electric|red|blue|black|white|grey|gray|silver)\s+)*${proper}`,
    make: ([v = '']) =>
      carMakers.has(v.toLowerCase().split(/\s+/)[0] ?? '')
        ? fact('user.vehicle', v, `The user drives a ${v} (the user's car, vehicle).`)
        : [],
  },
  {
    name: 'vehicle ended',
    cue: /sold|got rid|crash|total|scrapped|traded/,
    pattern: String.raw`\bi\s+(?:sold|got rid of|crashed|totaled|totalled|scrapped|traded in)\s+(?:my|the|our)\s+(?:old\s+)?${proper}`,
    make: ([v = '']) => end(['user.vehicle'], v),
  },
  {
    name: 'education',
    cue: /studied|majored|degree|graduated|phd|master/,
    pattern: String.raw`\bi\s+(?:studied|majored in|have a degree in|did a degree in|got my degree in|graduated in|did my (?:phd|masters|master's|degree|bachelor's) in)\s+${phrase}(?:\s+at\s+(?:the\s+)?${proper})?`,
    make: ([v = '', at = '']) =>
      fact(
        'user.education',
        v,
        `The user studied ${v} (education, degree, major at university)${at ? ` at ${at}` : ''}.`,
      ),
  },
  {
    name: 'team',
    cue: /support|root for|cheer for/,
    pattern: String.raw`\bi\s+(?:support|root for|cheer for)\s+(?:the\s+)?${proper}`,
    make: ([v = '']) => fact('user.team', v, `The user supports ${v} (a fan of the team, club).`),
  },
  {
    name: 'manager',
    cue: /manager|boss|supervisor|team lead/,
    pattern: String.raw`\bmy\s+(?:manager|boss|supervisor|team lead)(?:\s+at\s+${proper})?\s+is\s+(?:an?\s+(?:guy|woman|man|lady|person)\s+)?(?:named\s+|called\s+)?${personName}`,
    make: ([, v = '']) => fact('user.manager', v, `The user's manager (boss) is ${v}.`),
  },
  {
    name: 'quit',
    cue: /quit|gave up|given up|stopped|left|no longer/,
    pattern: String.raw`\bi\s+(?:have\s+)?(?:quit|gave up|given up|stopped|left|no longer)\s+(?:my job at\s+|my\s+|the\s+|playing\s+(?:the\s+)?|being\s+(?:an?\s+)?|working (?:at|for)\s+)?${phrase}`,
    make: ([v = '']) => end(quitFamilies, v),
  },
  {
    name: 'not anymore',
    cue: /any\s*more/,
    pattern: String.raw`\bi do not (?:play|do|eat|drink|like|love|enjoy|work at|work for|live in)\s+(?:the\s+)?${phrase}\s+any\s*more`,
    make: ([v = '']) => end(quitFamilies, v),
  },
];

/** The subject a pronoun value stands for: the sentence's first noun phrase ("Shellfish is a no-go, …allergy to it"). */
function subjectOf(sentence: string): string[] {
  const m =
    /^(?:also\s+|and\s+|oh\s+)?([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*){0,2}?)\s+(?:is|are|makes?|gives?)\b/u.exec(
      sentence,
    );
  const v = m?.[1]?.replace(leadingFiller, '').trim();
  return v && !/^(?:i|it|that|this|there)$/i.test(v) ? [v] : [];
}

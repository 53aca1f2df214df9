import { healthFactRules } from './health-fact-rules.ts';
import { preferenceFactRules } from './preference-fact-rules.ts';
import {
  allergy,
  employer,
  end,
  fact,
  favourite,
  hobby,
  home,
  hometown,
  isPronoun,
  lastWord,
  likes,
  list,
  pet,
  relative,
  relativeRole,
  role,
  subjectOf,
  userName,
} from './self-fact-values.ts';
import {
  carMakers,
  diets,
  kinAdjectives,
  notNames,
  personName,
  phrase,
  phraseList,
  proper,
  relatives,
  temporaryStay,
  titleWords,
} from './self-fact-words.ts';
import { multiKey, type SelfFactRule } from './self-statement.ts';

/** Where a place is said to be near a named one ("a tiny village outside Shrewsbury", "a suburb of Lyon"). */
const placeNear = String.raw`(?:an?\s+(?:[\p{Ll}-]+\s+){0,2}?(?:village|town|city|suburb|place|farm|island|hamlet|neighbourhood|neighborhood)\s+(?:(?:just|right)\s+)?(?:outside(?:\s+of)?|near|close to|of|(?:north|south|east|west) of)\s+)?`;
/**
 * A name said after "I'm" is followed by one of these ("I'm Sam btw", "I'm Jo, nice to meet you"): an introduction,
 * not a state. "I'm X." alone is not read as a name (a capitalised "I'm Bored." or "I'm Exhausted!" would replace
 * the user's name, a single-valued fact).
 */
const afterName = String.raw`(?=\s*,?\s*(?:btw|by the way|nice to meet you|pleased to meet you|good to meet you)\b)`;
/** Words for where someone lives. */
const dwelling = '(?:flat|house|apartment|place|room|studio|condo|home|cottage|bungalow)';
/** Words before a car's make ("my old red Mazda"). */
const carWords = String.raw`(?:(?:old|new|used|little|second-hand|shiny|electric|red|blue|black|white|grey|gray|silver|battered|trusty)\s+)*`;
const carCue = new RegExp(`\\b(?:${[...carMakers].join('|')})\\b`, 'i');
const vehicle = (v: string) =>
  carMakers.has(v.toLowerCase().split(/\s+/)[0] ?? '')
    ? fact('user.vehicle', v, `The user drives a ${v} (the user's car, vehicle).`)
    : [];
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
  'user.drink',
];

/** The rules, tried in order on every sentence of a user's message; all that match count. */
export const selfFactRules: readonly SelfFactRule[] = [
  {
    name: 'name',
    cue: /name|call me|go by|\bh(?:i|ello|ey)\b/,
    pattern: String.raw`\b(?:my name is|call me|i go by|people call me|everyone calls me|my friends call me|(?:hi|hello|hey)(?: there)?,?\s+(?:i am|this is))\s+${personName}`,
    make: ([v = '']) => userName(v),
  },
  {
    name: 'name (i am)',
    cue: /\bi am \p{Lu}/u,
    pattern: String.raw`\bi am ${personName}${afterName}`,
    make: ([v = '']) => (notNames.has(v.toLowerCase()) || /(?:ish|ese|ian)$/i.test(v) ? [] : userName(v)),
  },
  {
    name: 'age',
    cue: /\d/,
    pattern: String.raw`\b(?:i am|i (?:just\s+)?turned|my age is)\s+(\d{1,3})(?=\s+(?:years?|yrs?)\b|\s+(?:now|this|last|today|in|and|but|so|btw|already)\b|\s*[,.;!?]|$)`,
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
    pattern: String.raw`\b(?:(?:i|we)\s+(?:currently\s+|now\s+|still\s+)?(?:live|am living|are living|have been living|reside|am based|are based|am located|are located|am settled|are settled)\s+(?:in|at)|(?:i|we)\s+(?:have\s+)?(?:just\s+|recently\s+|finally\s+|officially\s+|now\s+)?(?:moved|relocated|moved back)\s+(?:to|into)|my (?:home|apartment|flat|house|place) is in|(?:i|we)\s+(?:currently\s+|now\s+|still\s+)?(?:rent|own|have|bought|share|am renting|are renting)\s+(?:an?|the|our|my)\s+(?:[\p{Ll}-]+\s+){0,2}?${dwelling}\s+(?:in|near))\s+(?:the\s+)?${placeNear}${proper}`,
    make: ([v = '']) => home(v),
  },
  {
    // "We're in Manchester now and the new place…": being somewhere "now" is a home when a dwelling is named.
    name: 'home (in … now)',
    cue: /\bnow\b/,
    pattern: String.raw`\b(?:i am|we are)\s+(?:(?:now|finally|all|officially)\s+)?(?:settled\s+)?in\s+(?:the\s+)?${proper}\s+now\b`,
    // A move, or a dwelling of the user's ("our new flat"), says it is home; a hotel, trip or visit says it is not.
    make: ([v = ''], sentence) =>
      new RegExp(
        String.raw`\b(?:move|moved|moving|(?:our|my|the new|new)\s+(?:[\p{Ll}-]+\s+)?${dwelling})\b`,
        'u',
      ).test(sentence) && !temporaryStay.test(sentence)
        ? home(v)
        : [],
  },
  {
    name: 'hometown',
    cue: /grew up|raised|born|from|hometown/,
    pattern: String.raw`\b(?:i (?:grew up|was raised|was born and raised|was born) in|i am (?:originally\s+)?from|i come from|my hometown is)\s+(?:the\s+)?${placeNear}${proper}`,
    make: ([v = '']) => hometown(v),
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
    // "I've been at Globex for six years", "first week at Initech done!": time spent at an organisation.
    name: 'employer (tenure)',
    cue: /\b(?:been|first)\b/,
    pattern: String.raw`\b(?:i\s+have\s+(?:been|worked|been working)\s+(?:at|with|for)\s+(?:the\s+)?${proper}(?=\s+(?:for\s+(?:(?:over|almost|nearly|about|around)\s+)?(?:a|an|\d+|\p{L}+)\s+(?:years?|months?|decades?)|since)\b)|(?:my\s+)?first\s+(?:day|week|month)\s+(?:at|with)\s+(?:the\s+)?${proper})`,
    make: (g) => employer(g.find(Boolean) ?? ''),
  },
  {
    // "As a data analyst, I …": the role a sentence opens with.
    name: 'role (as)',
    cue: /^as an? /,
    pattern: String.raw`^as\s+an?\s+${phrase}(?=,?\s+i\b)`,
    make: ([v = '']) => role(v),
  },
  {
    // A promotion is always to a role, whatever its words ("promoted to analytics lead", "guess who got promoted to …").
    name: 'role (promotion)',
    cue: /promoted/,
    pattern: String.raw`\b(?:i|guess who)\s+(?:have\s+)?(?:just\s+|finally\s+)?(?:got|was|been|have been|have just been)\s+promoted\s+to\s+(?:an?\s+|the\s+)?${phrase}`,
    // A promotion names a title: an occupation or a title word ("promoted to team lead"), not "the top of the list".
    make: ([v = '']) => role(v, titleWords.test(v)),
  },
  {
    name: 'role',
    cue: /work|profession|trade|job|occupation|role|promoted|\bi am\b/,
    pattern: String.raw`\b(?:i (?:work|am working) as|by (?:profession|trade),? i am|my (?:job|occupation|profession|job title|role) is|i am|i (?:got|was) promoted to)\s+(?:an?\s+)?${phrase}`,
    make: ([v = '']) => role(v),
  },
  {
    name: 'family',
    cue: /son|daughter|kid|child|boy|girl|baby|twin|mom|mum|mother|mama|dad|father|papa|brother|sister|grand|\bnan|gran|wife|husband|partner|friend|mate|bestie|fianc|spouse/,
    pattern: String.raw`\b(?:my|our)\s+${kinAdjectives}(${relatives})${named}${personName}`,
    make: ([rel = '', v = '']) => relative(rel, v),
  },
  {
    name: 'relative role',
    cue: /\b(?:is|was|works|worked|used to be)\b/,
    pattern: String.raw`\b(?:my|our)\s+${kinAdjectives}(${relatives})\s+(?:is|was|works as|worked as|used to be|used to work as)\s+(?:an?\s+)?(?:(?:retired|former|trained|qualified)\s+)?${phrase}`,
    make: ([rel = '', v = '']) => relativeRole(rel, v),
  },
  {
    name: 'family (have)',
    cue: /son|daughter|kid|child|boy|girl|brother|sister/,
    pattern: String.raw`\b(?:i|we)\s+(?:also\s+)?(?:have|have got)\s+(?:an?|one|two)\s+(?:\p{L}+\s+)?(son|daughter|kid|child|boy|girl|brother|sister)\s+(?:named|called)\s+${personName}`,
    make: ([rel = '', v = '']) => relative(rel, v),
  },
  {
    // "I've got two older brothers, Ravi and Sunil", "we have three kids: Ana, Ben and Caio".
    name: 'family (have, named list)',
    cue: /sons|daughters|kids|children|boys|girls|brothers|sisters|twins/,
    pattern: String.raw`\b(?:i|we)\s+(?:also\s+)?(?:have|have got)\s+(?:two|three|four|five|\d)\s+(?:\p{L}+\s+)?(sons|daughters|kids|children|boys|girls|brothers|sisters|twins)(?:\s+(?:named|called)|\s*[,:(])\s*(${personName.slice(1, -1)}(?:(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)${personName.slice(1, -1)})+)`,
    make: ([rel = '', names = '']) =>
      names
        .split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
        .filter(Boolean)
        .flatMap((n) => relative(rel, n)),
  },
  {
    name: 'married',
    cue: /married|engaged|dating|seeing/,
    pattern: String.raw`\bi am (?:married to|engaged to|dating|seeing)\s+(?:(?:someone|somebody)(?:\s+new)?(?:\s+now)?(?:\s*,|\s+called|\s+named)\s*|an?\s+(?:\p{Ll}+\s+)?(?:guy|girl|man|woman|lad|bloke)\s+(?:called|named)\s+)?${personName}`,
    make: ([v = '']) => relative('partner', v),
  },
  {
    // "Sam and I broke up", "I split up with Sam": the partner named is no longer one.
    name: 'partner ended',
    cue: /broke up|split|separated|divorced/,
    pattern: String.raw`\b(?:i\s+(?:have\s+)?(?:broke up|split up|split|separated|divorced|got divorced)(?:\s+(?:with|from))?\s+${personName}|${personName}\s+and\s+i\s+(?:have\s+)?(?:broke up|split up|split|separated|divorced|got divorced))`,
    make: (g) => end(['user.partner'], g.find(Boolean) ?? ''),
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
    pattern: String.raw`\b(?:i am\s+(?:(?:now|a|strictly|fully|mostly|currently|also)\s+)*|i\s+(?:have\s+)?(?:went|gone|turned|became|become|switched to being|decided to go)\s+(?:fully\s+)?|i (?:eat|follow|am on) an?\s+|\b(?:put|puts|has|have|got|started)\s+me\s+on\s+(?:an?\s+|the\s+)?|i (?:am|have been) (?:doing|trying|on)\s+(?:an?\s+|the\s+)?)${diets}\b`,
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
    // "I eat meat again": the diets without it end.
    name: 'diet ended (eats it again)',
    cue: /again/,
    pattern: String.raw`\bi\s+(?:now\s+|have\s+)?(?:eat|am eating|started eating|have started eating|went back to eating)\s+(meat|fish|chicken|dairy|eggs)\s+again\b`,
    make: ([v = '']) =>
      (v === 'meat' || v === 'chicken'
        ? ['vegetarian', 'vegan', 'pescatarian', 'plant-based']
        : ['vegetarian', 'vegan', 'plant-based']
      ).flatMap((d) => end(['user.diet'], d)),
  },
  {
    name: 'allergy',
    cue: /allerg|intoleran|cannot (?:have|eat|tolerate)/,
    pattern: String.raw`\b(?:i am (?:\p{L}+\s+)?allergic to|i have (?:an?\s+)?(?:\p{L}+\s+){0,2}?(?:allergy|intolerance) to|i cannot (?:have|eat|tolerate))\s+${phraseList}`,
    make: ([v = ''], sentence = '') => {
      const values = list(v).flatMap((x) => (isPronoun(x) ? subjectOf(sentence) : [x]));
      return values.flatMap(allergy);
    },
  },
  {
    name: 'allergy (noun)',
    cue: /allergy|intolerance/,
    pattern: String.raw`\b(?:i have an?|my)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:allergy|intolerance)\b`,
    make: ([v = '']) =>
      /^(?:bad|severe|mild|pretty|serious|slight|terrible|food|real)$/i.test(lastWord(v)) ? [] : allergy(v),
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
    pattern: String.raw`([\p{L}\p{N}][\p{L}\p{N}'-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'-]*){0,2})\s+(?:is|are|was|were|has always been|have always been|has been|have been|was always|were always|will always be)\s+my\s+(?:all-time\s+|absolute\s+)?(?:favou?rite|fave)\s+(\p{L}+)`,
    make: ([v = '', c = '']) => favourite(c, v),
  },
  {
    name: 'likes',
    cue: /love|adore|enjoy|like|into|fan of|obsessed|passionate|crazy about|prefer/,
    pattern: String.raw`\bi\s+${adverbs}(?:love|adore|enjoy|like|am\s+${adverbs}into|am a (?:big\s+|huge\s+)?fan of|am obsessed with|am passionate about|am crazy about|much prefer|prefer)\s+${phrase}`,
    make: ([v = '']) =>
      /^(?:to|it|that|this|them|you|your|how|when|what|being|doing|having|going|the idea|him|her|lately|recently|nowadays|these days|right now|at the moment)\b/i.test(
        v,
      )
        ? []
        : likes(v),
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
    cue: carCue,
    pattern: String.raw`\b(?:i\s+(?:now\s+|still\s+)?|and\s+(?:then\s+)?)(?:drive|just bought|bought|got|own|have|leased|purchased)\s+(?:an?|my|the)\s+${carWords}${proper}`,
    make: ([v = '']) => vehicle(v),
  },
  {
    // "The Honda Jazz that I've been driving since uni …": the car named before a relative clause.
    name: 'vehicle (relative clause)',
    cue: carCue,
    pattern: String.raw`\b(?:the|my|our)\s+${carWords}${proper}\s+(?:that|which)\s+i\s+(?:have\s+been\s+|am\s+|still\s+|just\s+)?(?:drive|driving|drove|bought|own|lease|leased)\b`,
    make: ([v = '']) => vehicle(v),
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
  ...healthFactRules,
  ...preferenceFactRules,
];

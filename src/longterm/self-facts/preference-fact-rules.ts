/**
 * Self-fact rules about preferences and habits said without the words "favourite" or "hobby": the usual drink
 * ("my first flat white", "I've switched to green tea"), morning person or night owl, lists of likes ("things I'm
 * into: …"), what the user likes best ("nothing beats …", "I'd pick … over anyone"), a favourite replaced ("…
 * overtaken X as my number one"), and pastimes said as where one is found ("you'll find me … doing woodworking").
 */

import {
  chronotype,
  drink,
  end,
  favourite,
  hobby,
  isPronoun,
  likes,
  likesBest,
  list,
} from './self-fact-values.ts';
import { drinks, phrase, phraseList } from './self-fact-words.ts';
import type { SelfFactRule } from './self-statement.ts';

/** A list that names nothing ("things I'm into: nothing much lately"). */
const nothingMuch = /^(?:nothing|none|not much|no)\b/i;
/** What "nothing beats" says of a moment, not a thing liked ("nothing beats the feeling of…", "a good night's sleep"). */
const abstractBest = /^(?:feeling|sense|moment|experience|sleep|rest|satisfaction|thrill|joy)$/i;

/** Words after a drink's name that make it something else ("tea towel", "coffee table"). */
const notDrink = String.raw`(?![\p{L}-])(?!\s+(?:towel|party|shop|room|table|cup|mug|machine|maker|pot|set|bag|break|time|leaves|stain|plant|beans?|grinder))`;

/** Drink-ish words for a cue. */
const drinkCue =
  /coffee|tea\b|flat white|espresso|latte|cappuccino|americano|macchiato|mocha|cortado|brew|decaf|earl grey|breakfast|chai|matcha|rooibos|oolong|chocolate|mate\b/i;

/** The preference rules, tried after the health rules. */
export const preferenceFactRules: readonly SelfFactRule[] = [
  {
    name: 'drink',
    cue: drinkCue,
    pattern: String.raw`\b(?:my\s+(?:(?:first|morning|daily|usual|go-to|favourite|favorite|first cup of|morning cup of|cup of|mug of)\s+)+|i\s+(?:(?:usually|always|only|mostly|still|now|just)\s+)*(?:drink|start (?:the|my) day with|(?:have\s+)?(?:switched|moved|changed)(?:\s+over)?\s+to|am on)\s+(?:(?:a|an|my|some|cup of|mug of|pot of|cups of|mugs of)\s+)*)${drinks}${notDrink}`,
    make: ([v = '']) => drink(v),
  },
  {
    name: 'drink (person)',
    cue: drinkCue,
    pattern: String.raw`\bi am\s+(?:(?:more of|very much|definitely|totally|always been|still)\s+)*an?\s+(?:(?:big|huge|total)\s+)?${drinks}\s+(?:person|drinker|addict|lover|fiend|snob|fan)\b`,
    make: ([v = '']) => drink(v),
  },
  {
    // "I'm a total morning person", "night owl here": positive forms only ("I'm not a morning person" states nothing).
    name: 'chronotype',
    cue: /morning person|early riser|early bird|night owl|late riser|night person|evening person/,
    pattern: String.raw`(?:^|\bi am\s+(?:(?:always|definitely|totally|very much|more of|more|such|a total|a real|a true|still)\s+)*|\b(?:total|totally|such|definitely|a real|a true|proper)\s+)(?:an?\s+)?(morning person|early riser|early bird|night owl|late riser|night person|evening person)\b(?!\s*\?)`,
    make: ([v = '']) => chronotype(v),
  },
  {
    // "Things I'm into lately: sourdough, cryptic crosswords and old films".
    name: 'likes (list)',
    cue: /:/,
    pattern: String.raw`\b(?:things|stuff)\s+i\s+(?:am\s+(?:really\s+)?into|love|enjoy|like)(?:\s+(?:lately|these days|right now|at the moment|at the minute|recently))?\s*:\s*${phraseList}`,
    make: ([v = '']) => list(v).flatMap((x) => (isPronoun(x) || nothingMuch.test(x) ? [] : likes(x))),
  },
  {
    name: 'likes best (nothing beats)',
    cue: /nothing/,
    pattern: String.raw`\bnothing\s+(?:beats|tops|compares to|is better than|comes close to)\s+(?:(?:a|an|the|my|our)\s+)?(?:(?:good|proper|great|fresh|homemade|hot|cold)\s+)?(?:[\p{L}]+'s\s+)?${phrase}`,
    make: ([v = '']) => (isPronoun(v) || abstractBest.test(v) ? [] : likesBest(v)),
  },
  {
    // "Cricket is the only sport I'll happily watch": the one thing of a kind the user cares for.
    name: 'favourite (the only)',
    cue: /the only/,
    pattern: String.raw`^${phrase}\s+(?:is|are|was)\s+(?:honestly\s+|really\s+)?the only\s+(\p{L}+)\s+i\s+(?:\p{L}+\s+){0,2}?(?:watch|like|enjoy|eat|drink|listen to|read|play|follow|care about|love)\b`,
    make: ([v = '', c = '']) => (isPronoun(v) ? [] : favourite(c, v)),
  },
  {
    name: 'likes best (pick over)',
    cue: /\bover\b/,
    pattern: String.raw`\bi\s+(?:would|will|always|would always|will always)\s+(?:pick|choose|take|go for)\s+${phrase}\s+over\s+(?:anyone|anybody|anything|everyone|everything|any other\b)`,
    make: ([v = '']) => (isPronoun(v) ? [] : likesBest(v)),
  },
  {
    // "… has overtaken Radiohead as my number one": the old favourite ends (its category is not said).
    name: 'favourite replaced',
    cue: /overtaken|replaced|taken over from|dethroned|knocked/,
    pattern: String.raw`\b(?:overtaken|replaced|taken over from|dethroned|knocked)\s+(?:the\s+)?${phrase}\s+(?:off\s+)?as\s+my\s+(?:(?:new|all-time)\s+)?(?:favou?rite|fave|number one|no\.?\s?1|top)`,
    make: ([v = '']) => (isPronoun(v) ? [] : end(['user.favourite', 'user.likes'], v)),
  },
  {
    // "Most evenings you'll find me in the shed doing woodworking", "you can usually find me climbing".
    name: 'hobby (find me)',
    cue: /find me/,
    pattern: String.raw`\byou(?:'ll|\s+will|\s+would|'d|\s+can|\s+could)?\s+(?:usually\s+|normally\s+|often\s+|always\s+|probably\s+)?find me\s+(?:[\p{L}']+\s+){0,4}?(?:(?:doing|playing|practising|practicing)\s+(?:the\s+|some\s+)?(\p{L}+)|(?!(?:morning|evening|something|anything|nothing|everything|thing|spring|building|ceiling|wedding|king|ring|during|sibling|pudding|ping)\b)(\p{Ll}+ing)\b)`,
    make: (g) => hobby(g.find(Boolean)?.toLowerCase() ?? ''),
  },
];

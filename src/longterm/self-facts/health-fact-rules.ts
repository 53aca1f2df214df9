/**
 * Self-fact rules about health: the user's conditions ("I have asthma", "I'm lactose intolerant"), allergies said
 * as a reaction ("I break out in hives from cashews"), and the conditions, diets and allergies of family members
 * ("my dad's coeliac", "my son is allergic to eggs").
 */

import { allergy, condition, isPronoun, list, relativeHealth } from './self-fact-values.ts';
import {
  conditionAdjectives,
  conditionNouns,
  diets,
  kinAdjectives,
  phrase,
  phraseList,
  relatives,
} from './self-fact-words.ts';
import type { SelfFactRule } from './self-statement.ts';

/** Words between "I am" and an adjective of a condition ("I'm also severely …"). */
const degree = String.raw`(?:(?:also|a bit|slightly|severely|very|quite|mildly|badly|pretty)\s+)*`;

/** The health rules, tried after the core rules of `self-fact-rules.ts`. */
export const healthFactRules: readonly SelfFactRule[] = [
  {
    name: 'condition',
    cue: /\b(?:have|suffer|diagnosed|live with|struggle with|deal with)\b/,
    pattern: String.raw`\bi\s+(?:also\s+)?(?:have|have got|have had|suffer from|suffer with|was diagnosed with|have been diagnosed with|live with|struggle with|deal with)\s+(?:an?\s+)?${conditionNouns}\b`,
    make: ([v = '']) => condition(v, 'has'),
  },
  {
    name: 'condition (adjective)',
    cue: /\bi am\b/,
    pattern: String.raw`\bi am\s+${degree}${conditionAdjectives}\b`,
    make: ([v = '']) => condition(v, 'is'),
  },
  {
    // "I break out in hives from cashews", "I get a rash if I eat kiwi": an allergy said as its reaction.
    name: 'allergy (reaction)',
    cue: /hives|rash|swell|react|anaphyla/,
    pattern: String.raw`\bi\s+(?:(?:always|usually|still|also)\s+)?(?:break out in (?:hives|a rash)|get (?:hives|a rash|a reaction)|come out in (?:hives|a rash)|swell up|react badly|have a (?:bad\s+|severe\s+)?reaction|go into anaphylactic shock)\s+(?:from|to|with|(?:if|when|whenever) i (?:eat|have|touch)|after (?:eating|having|touching))\s+${phraseList}`,
    make: ([v = '']) => list(v).flatMap((x) => (isPronoun(x) ? [] : allergy(x))),
  },
  {
    // "Cashews give me hives", "shellfish makes me swell up".
    name: 'allergy (reaction, subject)',
    cue: /hives|rash|swell|anaphyla/,
    pattern: String.raw`^(?:(?:also|and|but|oh)\s+)?${phrase}\s+(?:give|gives|gave)\s+me\s+(?:hives|a rash)|^(?:(?:also|and|but|oh)\s+)?${phrase}\s+(?:make|makes|made)\s+me\s+(?:break out|swell up|come out in hives)`,
    make: (g) => {
      const v = g.find(Boolean) ?? '';
      return isPronoun(v) ? [] : allergy(v);
    },
  },
  {
    // "My dad's coeliac", "my son is allergic to eggs", "my wife is vegan": a family member's health or diet.
    name: 'relative health',
    cue: /allergic|intolerant|coeliac|celiac|diabet|asthma|epilep|vegan|vegetarian|pesc|keto|halal|kosher|gluten|lactose|dairy/,
    pattern: String.raw`\b(?:my|our)\s+${kinAdjectives}(${relatives})(?:'s|\s+is|\s+has)\s+${degree}(allergic to ${phraseList}|${conditionAdjectives}|${diets}|${conditionNouns})`,
    make: ([rel = '', v = '']) => relativeHealth(rel, v),
  },
];

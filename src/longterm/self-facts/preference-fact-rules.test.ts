import { describe, expect, it } from 'vitest';
import { extractSelfStatements } from './extract-self-facts.ts';

const factsOf = (text: string) => extractSelfStatements(text).flatMap((s) => (s.type === 'fact' ? [s] : []));
const statedValue = (text: string, key: string) => factsOf(text).find((s) => s.key === key)?.value;

describe('preference self-fact rules', () => {
  it.each([
    ["I'm more of a tea person, honestly.", 'user.drink', 'tea'],
    ['I start my day with a cortado.', 'user.drink', 'cortado'],
    ["Lately I've moved over to rooibos.", 'user.drink', 'rooibos'],
    ['I drink oolong every afternoon.', 'user.drink', 'oolong'],
    ['Definitely a night owl, I do my best work after midnight.', 'user.chronotype', 'night owl'],
    ["I'm an early bird.", 'user.chronotype', 'early bird'],
    ['Stuff I love right now: pottery, tango and bad reality TV.', 'user.likes:tango', 'tango'],
    ['Nothing beats a proper Sunday roast.', 'user.likes:sunday-roast', 'Sunday roast'],
    ["I'd choose Bach over anything.", 'user.likes:bach', 'Bach'],
    ["On Sundays you'll find me down by the river fishing.", 'user.hobby:fishing', 'fishing'],
    ['Tennis is the only sport I really follow.', 'user.favourite:sport', 'Tennis'],
  ])('%s → %s = %s', (text, key, value) => {
    expect(statedValue(text, key)).toBe(value);
  });

  it('says whether a drink is coffee or tea, and both chronotype words', () => {
    expect(factsOf('I start my day with a cortado.')[0]?.text).toContain('coffee');
    expect(factsOf("I'm an early bird.")[0]?.text).toMatch(/early riser.*night owl/);
  });

  it.each([
    'Where did I leave my tea towel?',
    'I need a coffee.',
    "I'm not a morning person.",
    'Are you a night owl?',
    "I'm into it lately.",
    'You will find me a bit tired today.',
  ])('finds no preference fact in: %s', (text) => {
    expect(factsOf(text)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { extractSelfStatements } from './extract-self-facts.ts';

const facts = (text: string) =>
  extractSelfStatements(text).flatMap((s) => (s.type === 'fact' ? [`${s.key}=${s.value}`] : []));

describe('self facts in a message typed in lower case', () => {
  it.each([
    ['i live in porto now', 'user.home=Porto'],
    ['we just moved to san diego last month', 'user.home=San Diego'],
    ['i grew up in cork, so the rain is nothing new', 'user.hometown=Cork'],
    ['i work at ikea these days', 'user.employer=Ikea'],
    ['my name is priti', 'user.name=Priti'],
    ['ive gone vegan this year', 'user.diet=vegan'],
  ])('%s', (text, expected) => {
    expect(facts(text)).toContain(expected);
  });

  it.each([
    'i live in fear of deadlines',
    'i work at night mostly',
    'i work for a small agency',
    'i live in a van',
    'my name is on the form',
    'im exhausted btw',
    'i am originally from the coast',
    'i work from home on fridays',
  ])('finds no name in: %s', (text) => {
    expect(facts(text).filter((f) => /^user\.(?:home|hometown|employer|name)=/.test(f))).toEqual([]);
  });

  it('leaves a sentence with capitals to the rules that read capitals', () => {
    expect(facts('i live in fear, says Lisbon Tourism')).toEqual([]);
    expect(facts('I live in Porto now')).toContain('user.home=Porto');
  });
});

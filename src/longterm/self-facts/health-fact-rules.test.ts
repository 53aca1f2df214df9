import { describe, expect, it } from 'vitest';
import { extractSelfStatements } from './extract-self-facts.ts';

const factsOf = (text: string) => extractSelfStatements(text).flatMap((s) => (s.type === 'fact' ? [s] : []));

describe('health self-fact rules', () => {
  it.each([
    ['I was diagnosed with epilepsy as a teenager.', 'user.condition:epilepsy', 'epilepsy'],
    ['I suffer from migraines when I skip lunch.', 'user.condition:migraines', 'migraines'],
    ["I'm diabetic, so watch the sugar.", 'user.condition:diabetic', 'diabetic'],
    ["I'm gluten intolerant.", 'user.condition:gluten-intolerant', 'gluten intolerant'],
    ['I get a rash if I eat strawberries.', 'user.allergy:strawberries', 'strawberries'],
    ['Kiwi gives me hives.', 'user.allergy:kiwi', 'Kiwi'],
    ["My wife's vegan, so no cheese on her half.", 'user.partner-health:vegan', 'vegan'],
    ['Mum is severely allergic to peanuts.', 'user.mother-health:allergic-to-peanuts', 'allergic to peanuts'],
    ['My son has asthma.', 'user.child-health:asthma', 'asthma'],
  ])('%s → %s = %s', (text, key, value) => {
    expect(factsOf(text).find((s) => s.key === key)?.value).toBe(value);
  });

  it('says what a condition means to avoid, and whose it is, in the canonical words', () => {
    expect(factsOf("I'm coeliac.")[0]?.text).toMatch(/health condition.*must avoid gluten/);
    expect(factsOf('My brother is lactose intolerant.')[0]?.text).toMatch(
      /The user's brother \(sibling\).*must avoid lactose \(dairy, milk\)/,
    );
    expect(factsOf('Our daughter is allergic to sesame.')[0]?.text).toContain('they must avoid sesame');
  });

  it.each([
    'I have a cold today.',
    "I'm not diabetic.",
    'My friend is allergic to cats.',
    'Is it normal to have anxiety before exams?',
    'My colleague has asthma.',
  ])('finds no health fact in: %s', (text) => {
    expect(factsOf(text)).toEqual([]);
  });
});

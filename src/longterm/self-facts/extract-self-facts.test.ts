import { describe, expect, it } from 'vitest';
import { extractSelfStatements, normalizeSentence } from './extract-self-facts.ts';

const facts = (text: string) =>
  Object.fromEntries(
    extractSelfStatements(text).flatMap((s) => (s.type === 'fact' ? [[s.key, s.value]] : [])),
  );

describe('extractSelfStatements', () => {
  it.each([
    ["Hi, I'm Ada.", 'user.name', 'Ada'],
    ['You can call me Ada Silva, everyone does.', 'user.name', 'Ada Silva'],
    ['My name is Tom', 'user.name', 'Tom'],
    ["I'm 41 years old", 'user.age', '41'],
    ['I just turned 29 this spring.', 'user.age', '29'],
    ["My birthday's on the 3rd of June.", 'user.birthday', '3rd of June'],
    ['my pronouns are they/them', 'user.pronouns', 'they/them'],
    ["I've been living in New York for years.", 'user.home', 'New York'],
    ['We recently relocated to Cape Town.', 'user.home', 'Cape Town'],
    ["I'm based in Berlin these days.", 'user.home', 'Berlin'],
    ['I grew up in Manchester.', 'user.hometown', 'Manchester'],
    ["I'm originally from Lagos", 'user.hometown', 'Lagos'],
    ['I work for Globex Corporation.', 'user.employer', 'Globex Corporation'],
    ['I joined Initech last month.', 'user.employer', 'Initech'],
    ['I got a new job at Umbrella Labs!', 'user.employer', 'Umbrella Labs'],
    ["I'm a nurse at St Mary's Hospital", 'user.role', 'nurse'],
    ['I work as a senior data analyst.', 'user.role', 'senior data analyst'],
    ['My husband, Paul, cooks most nights.', 'user.partner', 'Paul'],
    ["I'm married to Sam.", 'user.partner', 'Sam'],
    ['Our son Noah plays football.', 'user.child:noah', 'Noah'],
    ['I have a daughter named Zoe.', 'user.child:zoe', 'Zoe'],
    ['My dad is called Peter.', 'user.father', 'Peter'],
    ['We adopted a tabby cat called Miso.', 'user.pet:miso', 'Miso'],
    ['Our beagle, Rex, is a menace.', 'user.pet:rex', 'Rex'],
    ["I'm a vegan.", 'user.diet', 'vegan'],
    ['I went pescatarian last year.', 'user.diet', 'pescatarian'],
    ["I'm severely allergic to tree nuts.", 'user.allergy:tree-nuts', 'tree nuts'],
    ['I have a gluten intolerance.', 'user.allergy:gluten', 'gluten'],
    ['My favorite movie is Alien.', 'user.favourite:movie', 'Alien'],
    ['Purple is my favourite colour.', 'user.favourite:colour', 'Purple'],
    ['I really enjoy baking bread.', 'user.likes:baking-bread', 'baking bread'],
    ["I can't stand jazz.", 'user.dislikes:jazz', 'jazz'],
    ['I speak French, Spanish and a little Italian.', 'user.language:italian', 'Italian'],
    ['I took up climbing in the spring.', 'user.hobby:climbing', 'climbing'],
    ['I go swimming twice a week.', 'user.hobby:swimming', 'swimming'],
    ['I drive a red Mazda.', 'user.vehicle', 'Mazda'],
    ['I majored in economics at the University of Lagos.', 'user.education', 'economics'],
    ['I root for the Lakers.', 'user.team', 'Lakers'],
    ['My boss is named Karen.', 'user.manager', 'Karen'],
    ["My son Iwan's coming home for Easter.", 'user.child:iwan', 'Iwan'],
    ['My husband Tom’s been teaching for years.', 'user.partner', 'Tom'],
    ["Our daughter Mia's school called.", 'user.child:mia', 'Mia'],
    ["My sister O'Neill-Byrne is visiting.", 'user.sibling:o-neill-byrne', "O'Neill-Byrne"],
  ])('%s → %s = %s', (text, key, value) => {
    expect(facts(text)[key]).toBe(value);
  });

  it('reads negations as the end of a value', () => {
    expect(extractSelfStatements("I'm no longer vegetarian.")).toEqual([
      { type: 'end', families: ['user.diet'], value: 'vegetarian' },
    ]);
    expect(extractSelfStatements('I quit the cello last year.')[0]).toMatchObject({
      type: 'end',
      value: 'cello',
    });
    expect(extractSelfStatements("I don't play tennis anymore.").some((s) => s.type === 'end')).toBe(true);
  });

  it.each([
    'I think the second half of that film was way too long.',
    "I'm not sure I understand how compound interest works.",
    "I'd love to hear a fun fact about octopuses.",
    "I'm a bit tired today, any ideas?",
    "I'm going to the market later.",
    'I like that idea.',
    'What is my name?',
    'Where do I live?',
    'I bought a new lamp.',
  ])('finds no fact in chatter: %s', (text) => {
    expect(extractSelfStatements(text).filter((s) => s.type === 'fact')).toEqual([]);
  });

  it('keeps the last value of a key said twice in one text', () => {
    expect(facts('I live in Rome. Sorry, I mean I live in Milan.')['user.home']).toBe('Milan');
  });

  it('expands contractions and lowercases an opening function word, keeping names', () => {
    expect(normalizeSentence('My wife’s name is Ana and I’m happy')).toBe(
      "my wife's name is Ana and i am happy",
    );
    expect(normalizeSentence('Lisbon is lovely')).toBe('Lisbon is lovely');
  });
});

describe('extractSelfStatements: constructions found by the held-out probe (other wordings)', () => {
  it.each([
    ["I'm Jonas, by the way.", 'user.name', 'Jonas'],
    ["hiya, I'm Mei, nice to meet you!", 'user.name', 'Mei'],
    ["I'm 52 and still learning to skate.", 'user.age', '52'],
    ['We own a little house in Ghent with a big garden.', 'user.home', 'Ghent'],
    ["We're all settled in Aarhus now, the new apartment is tiny.", 'user.home', 'Aarhus'],
    ['I grew up in a small town north of Uppsala.', 'user.hometown', 'Uppsala'],
    ["I've been with Stripe for three years now.", 'user.employer', 'Stripe'],
    ['My first day at Spotify went great!', 'user.employer', 'Spotify'],
    ['As a paramedic, I see a lot of night shifts.', 'user.role', 'paramedic'],
    ['I was promoted to senior product owner in March.', 'user.role', 'senior product owner'],
    ['My older sister Greta lives in Oslo.', 'user.sibling:greta', 'Greta'],
    ['We have three kids: Ana, Ben and Caio.', 'user.child:caio', 'Caio'],
    ['My closest friend Ingrid moved away.', 'user.best-friend:ingrid', 'Ingrid'],
    ['My father was a carpenter all his life.', 'user.father-role:carpenter', 'carpenter'],
    ['Grandma was a teacher.', 'user.grandparent-role:teacher', 'teacher'],
    ["I'm dating a guy called Omar.", 'user.partner', 'Omar'],
    ['The Kinks have always been my favourite band.', 'user.favourite:band', 'Kinks'],
    ['The Skoda that I drive to work is falling apart.', 'user.vehicle', 'Skoda'],
    ['My GP put me on a low-carb diet.', 'user.diet', 'low-carb'],
  ])('%s → %s = %s', (text, key, value) => {
    expect(facts(text)[key]).toBe(value);
  });

  it('names the relation by its canonical noun ("mom" is the mother), so questions with either word find it', () => {
    const [s] = extractSelfStatements('My mom Rita is visiting.');
    expect(s).toMatchObject({ key: 'user.mother', value: 'Rita' });
    expect(s?.type === 'fact' && s.text).toContain("The user's mother (mom, mum, parent)");
  });

  it('reads a break-up, eating meat again and a replaced favourite as ends', () => {
    expect(extractSelfStatements('I split up with Jordan last spring.')).toEqual([
      { type: 'end', families: ['user.partner'], value: 'jordan' },
    ]);
    expect(extractSelfStatements('I eat fish again.').map((s) => s.type === 'end' && s.value)).toEqual([
      'vegetarian',
      'vegan',
      'plant-based',
    ]);
    expect(extractSelfStatements('Taylor Swift has replaced Adele as my favourite singer.')).toContainEqual({
      type: 'end',
      families: ['user.favourite', 'user.likes'],
      value: 'adele',
    });
  });

  it.each([
    "I'm Italian, so be gentle with the pasta advice.",
    "I'm OK, thanks.",
    // Capitalised states are not introductions: none may replace the user's name.
    "I'm Bored.",
    "Ugh, I'm Exhausted!",
    "I'm Curious, how does it work?",
    "I'm French",
    "I'm Working from home.",
    "I'm Pregnant!",
    "I'm Vegan btw",
    "I'm Single btw, nice to meet you",
    // A stay is not a home; a promotion to no title is no role; a list of nothing is no like.
    "We're in Rome now and the hotel room is tiny!",
    'I got promoted to the top of the waitlist.',
    "Things I'm into: nothing much lately.",
    'Honestly nothing beats the feeling of finishing a project.',
    // A supposition is no fact; a drink in passing is no habit.
    'If I moved to Canada, would I need a visa?',
    'My cat knocked over my coffee.',
    "I'm in Paris now for a conference.",
    "I've been at the gym for two hours.",
    'My friend is vegan and coming over.',
    'My boyfriend thinks so too.',
  ])('finds no fact in: %s', (text) => {
    expect(extractSelfStatements(text).filter((s) => s.type === 'fact')).toEqual([]);
  });

  it('reads a family word opening a sentence as "my …", and lowercases more opening words', () => {
    expect(normalizeSentence("Dad's a pilot")).toBe("my dad's a pilot");
    expect(normalizeSentence('Nothing beats this')).toBe('nothing beats this');
    expect(normalizeSentence('Danny is here')).toBe('Danny is here');
  });
});

describe('extractSelfStatements: a question ends nothing', () => {
  it.each(['I eat meat again? Maybe someday.', 'Adele replaced Taylor Swift as my favourite? No way.'])(
    '%s',
    (text) => {
      expect(extractSelfStatements(text).filter((s) => s.type === 'end')).toEqual([]);
    },
  );
});

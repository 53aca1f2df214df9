/**
 * The personal-facts probe (issue 24, item 7): twelve sessions of a user chatting with an assistant, 30 facts
 * the user states about themselves in varied wordings (6 of them corrected in a later session), buried in
 * filler chatter (≥ 240 turns), and one question per fact asked later in a new session. Written before the
 * extractor's rules, and not shaped to them: the statements are how people say such things in chat.
 */

import { fillerAssistant, fillerUser } from './personal-facts-filler.ts';

/** A statement of a fact inside a session: after which filler exchange it is said. */
interface Said {
  /** The session (0-based). */
  session: number;
  /** The user's words. */
  text: string;
  /** The assistant's reply. */
  reply: string;
}

/** One fact of the probe. */
export interface ProbeFact {
  /** A short label for reports. */
  label: string;
  /** Where the fact is first stated. */
  stated: Said;
  /** A later statement that corrects it, when it is corrected. */
  corrected?: Said;
  /** The current value (what a recall block must contain), lowercase. */
  current: string;
  /** The superseded value, for corrected facts, lowercase. */
  old?: string;
  /** The question asked in a new session. */
  question: string;
}

/** A fact of a probe: stated in `session`, with an optional later correction (every probe file writes its facts so). */
export const fact = (
  label: string,
  session: number,
  text: string,
  reply: string,
  current: string,
  question: string,
  correction?: { session: number; text: string; reply: string; old: string },
): ProbeFact => ({
  label,
  stated: { session, text, reply },
  current,
  question,
  ...(correction
    ? {
        corrected: { session: correction.session, text: correction.text, reply: correction.reply },
        old: correction.old,
      }
    : {}),
});

/** The 30 facts (6 corrected). */
export const probeFacts: readonly ProbeFact[] = [
  fact(
    'name',
    0,
    'Oh and please just call me Ada, everyone does.',
    'Nice to meet you, Ada!',
    'ada',
    "What's my name?",
  ),
  fact(
    'age',
    2,
    'I turned 34 last month, which still feels strange to say.',
    'Happy belated birthday!',
    '34',
    'How old am I?',
  ),
  fact(
    'birthday',
    5,
    "My birthday's on the 14th of March, so I'm a Pisces apparently.",
    'A spring birthday, lovely.',
    'march',
    'When is my birthday?',
  ),
  fact(
    'home',
    0,
    'I live in Lisbon, in a tiny flat near the river.',
    'Lisbon is beautiful this time of year.',
    'porto',
    'Where am I based these days?',
    {
      session: 8,
      text: 'Big news: we finally moved to Porto last weekend! Boxes everywhere.',
      reply: 'Congratulations on the move!',
      old: 'lisbon',
    },
  ),
  fact(
    'employer',
    1,
    "I'm a mechanical engineer at Acme Robotics, mostly working on grippers.",
    'Grippers sound like fun problems.',
    'siemens',
    'Which company do I work for?',
    {
      session: 9,
      text: "I just started at Siemens on Monday, so it's all onboarding this week.",
      reply: 'Good luck with the new job!',
      old: 'acme',
    },
  ),
  fact(
    'job',
    3,
    'By profession I work as a mechanical engineer, I design parts all day.',
    'Sounds hands-on.',
    'engineer',
    'What do I do for a living?',
  ),
  fact(
    'partner',
    1,
    'My wife Maria teaches chemistry at the high school.',
    'Chemistry teachers are heroes.',
    'maria',
    "What's my spouse called?",
  ),
  fact(
    'son',
    2,
    'My son Leo just started first grade and he loves it.',
    'First grade is a big step!',
    'leo',
    "What is my son's name?",
  ),
  fact(
    'daughter',
    4,
    'Our daughter Mia is turning five next week, party planning is chaos.',
    'Five is a fun age.',
    'mia',
    "What's my daughter called?",
  ),
  fact(
    'dog',
    1,
    "We've got a golden retriever named Biscuit who sheds everywhere.",
    'Retrievers are such sweet dogs.',
    'biscuit',
    "What's my dog's name?",
  ),
  fact(
    'cat',
    6,
    'I also have a grumpy old cat called Pixel.',
    'Cats have personality.',
    'pixel',
    'What is my cat called?',
  ),
  fact(
    'diet',
    0,
    "I'm vegetarian, so please no meat in recipe ideas.",
    'Noted, vegetarian recipes only.',
    'vegan',
    'What diet do I follow?',
    {
      session: 7,
      text: 'Heads up, I went vegan at the start of the year, so no dairy or eggs either now.',
      reply: "Got it, I'll keep suggestions plant-based.",
      old: 'vegetarian',
    },
  ),
  fact(
    'allergy',
    3,
    "I'm allergic to peanuts, so satay is out for me.",
    "I'll avoid peanuts.",
    'peanut',
    'What am I allergic to?',
  ),
  fact(
    'allergy2',
    5,
    'Shellfish is a no-go too, I have a pretty bad allergy to it.',
    "I'll keep that in mind.",
    'shellfish',
    'Is there any seafood I react badly to?',
  ),
  fact(
    'food',
    2,
    'My favourite food is ramen, I could eat it every day.',
    'Ramen is a classic comfort food.',
    'ramen',
    'What dish do I love most?',
  ),
  fact(
    'colour',
    4,
    'Green has always been my favorite color.',
    'Green is calming.',
    'blue',
    "What's my favourite colour?",
    {
      session: 10,
      text: "Funny, lately I'd say my favourite colour is blue rather than green.",
      reply: 'Tastes change!',
      old: 'green',
    },
  ),
  fact(
    'hiking',
    3,
    'I love hiking in the mountains on weekends.',
    'Mountain air is the best.',
    'hiking',
    'What do I enjoy doing outdoors?',
  ),
  fact(
    'horror',
    6,
    "I can't stand horror movies, they give me nightmares.",
    'No scary films then.',
    'horror',
    'What kind of films do I dislike?',
  ),
  fact(
    'languages',
    2,
    'I speak Portuguese and a bit of German.',
    'Two useful languages.',
    'portuguese',
    'Which languages do I speak?',
  ),
  fact(
    'hobby',
    1,
    'These days I spend my evenings playing the cello.',
    'The cello has a gorgeous sound.',
    'pottery',
    'What hobby am I into these days?',
    {
      session: 9,
      text: "I gave up the cello, honestly. Now I'm really into pottery, I take a class on Thursdays.",
      reply: 'Pottery is very relaxing.',
      old: 'cello',
    },
  ),
  fact(
    'hometown',
    5,
    'I grew up in Toronto before coming to Europe.',
    'Toronto winters are legendary.',
    'toronto',
    'Where am I originally from?',
  ),
  fact(
    'car',
    4,
    'I drive an old Volvo that refuses to die.',
    'Volvos last forever.',
    'tesla',
    'What car do I have?',
    {
      session: 11,
      text: 'I sold the Volvo and bought a Tesla, the charging network here is decent.',
      reply: 'Enjoy the quiet ride.',
      old: 'volvo',
    },
  ),
  fact(
    'pronouns',
    0,
    'My pronouns are she/her, by the way.',
    'Thanks for telling me.',
    'she/her',
    'Which pronouns should you use for me?',
  ),
  fact(
    'team',
    7,
    'I support Benfica, even though it hurts sometimes.',
    'Football loyalty runs deep.',
    'benfica',
    'Which football club am I a fan of?',
  ),
  fact(
    'drink',
    6,
    "I don't drink coffee at all, I prefer jasmine tea.",
    'Jasmine tea is nice and light.',
    'jasmine',
    "What's my preferred hot drink?",
  ),
  fact(
    'running',
    8,
    'I go running every morning before work.',
    'A great way to start the day.',
    'running',
    'What exercise do I do?',
  ),
  fact(
    'education',
    7,
    'I studied physics at the University of Coimbra.',
    'Physics is a solid foundation.',
    'physics',
    'What did I major in at university?',
  ),
  fact(
    'mother',
    10,
    "My mom's name is Helena, she's visiting next month.",
    "That'll be nice.",
    'helena',
    "What's my mother called?",
  ),
  fact(
    'author',
    8,
    'My favourite author is Saramago.',
    'Blindness is a masterpiece.',
    'saramago',
    'Who is my favorite writer?',
  ),
  fact(
    'boss',
    11,
    'My manager at Siemens is a guy named Henrik.',
    'Hope he is a good boss.',
    'henrik',
    "What's my boss called?",
  ),
];

/** The date of session `i` (one session every nine days from 2025-01-06, at 18:00 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 0, 6 + 9 * i, 18));

/** A turn of the probe conversation. */
export interface ProbeTurn {
  /** Who speaks. */
  role: 'user' | 'assistant';
  /** What is said. */
  content: string;
}

/** Filler exchanges per session, besides the facts. */
const fillerPerSession = 10;

/** The sessions: each opens with filler, then states its facts and corrections between filler exchanges. */
export function probeSessions(): ProbeTurn[][] {
  const sessions: ProbeTurn[][] = [];
  for (let s = 0; s < 12; s++) {
    const said: Said[] = [];
    for (const f of probeFacts) {
      if (f.stated.session === s) said.push(f.stated);
      if (f.corrected?.session === s) said.push(f.corrected);
    }
    const turns: ProbeTurn[] = [];
    for (let j = 0; j < fillerPerSession; j++) {
      const k = s * fillerPerSession + j;
      turns.push({ role: 'user', content: fillerUser[(k * 7) % fillerUser.length] as string });
      turns.push({ role: 'assistant', content: fillerAssistant[(k * 3) % fillerAssistant.length] as string });
      const fact = said[j];
      if (fact) {
        turns.push({ role: 'user', content: fact.text });
        turns.push({ role: 'assistant', content: fact.reply });
      }
    }
    for (const rest of said.slice(fillerPerSession)) {
      turns.push({ role: 'user', content: rest.text });
      turns.push({ role: 'assistant', content: rest.reply });
    }
    sessions.push(turns);
  }
  return sessions;
}

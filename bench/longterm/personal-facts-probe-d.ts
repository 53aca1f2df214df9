/**
 * Personal-facts probe D (issue 24, item 7): a held-out probe written by an evaluator who never read the
 * self-fact rules (src/longterm/self-facts/), probes A, B, C, their filler or their figures. Twelve sessions of a
 * user chatting with an assistant, each in one writing style (all lowercase, normally capitalised, terse/mobile,
 * in turn); 35 facts the user states about themselves the way people do in chat (buried in requests, indirect,
 * abbreviated), 8 of them corrected casually in a later session, among filler chatter that includes other
 * people's details (a colleague's allergy, a friend's car, a partner's job, a mother's medication). One question
 * per fact is asked later in a new session; about half share no word with the statements.
 */

import { fillerExchanges } from './personal-facts-filler-d.ts';
import type { ProbeFact, ProbeTurn } from './personal-facts-probe.ts';
import { earlyFacts } from './personal-facts-probe-d-early.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The probe's facts, in the order they are said within each session. */
export const probeFacts: readonly ProbeFact[] = [
  ...earlyFacts,
  // Session 5: terse/mobile.
  {
    label: 'football club',
    stated: {
      session: 5,
      text: 'feyenoord match sun, need snacks for 6 ppl, lifelong fan so red n white themed pls lol',
      reply:
        'Caprese skewers, strawberries dipped in white chocolate, red pepper hummus with pitta, and radishes with whipped feta.',
    },
    current: 'feyenoord',
    question: 'which football club am i a fan of?',
  },
  {
    label: 'language learning',
    stated: {
      session: 5,
      text: 'doing portuguese on duolingo, 120 day streak, whats a good podcast for beginners',
      reply: 'Try a slow-news podcast or a beginners show with transcripts; both have clear, slow episodes.',
    },
    corrected: {
      session: 9,
      text: 'i dropped portuguese, doing japanese now since the tokyo trip in october is booked. best app for learning kana?',
      reply: "Try Tofugu's kana guide with mnemonics, then drill with an app like Renshuu or Anki.",
    },
    current: 'japanese',
    old: 'portuguese',
    question: 'what language am i learning on duolingo at the moment?',
  },
  {
    label: 'coeliac',
    stated: {
      session: 5,
      text: 'im coeliac so regular pasta is out, any gf brands that dont fall apart',
      reply:
        'Brown rice and corn-rice blends hold their shape best; cook them a minute less than the packet says.',
    },
    current: 'coeliac',
    question: 'do i have any medical conditions you should know about?',
  },
  {
    label: 'favourite band',
    stated: {
      session: 5,
      text: 'khruangbin tix went on sale n i missed them, theyre my fav band, any similar bands touring',
      reply: "Look at Hermanos Gutiérrez, Men I Trust, L'Impératrice or Crumb.",
    },
    corrected: {
      session: 10,
      text: "Honestly I've gone off Khruangbin lately; I can't stop playing Fontaines D.C. What are their best albums?",
      reply: "'Skinty Fia' and 'Romance' are the most acclaimed; 'Dogrel' is rawer.",
    },
    current: 'fontaines',
    old: 'khruangbin',
    question: "who's my favourite band at the moment?",
  },
  // Session 6: lowercase chat.
  {
    label: 'pronouns',
    stated: {
      session: 6,
      text: 'quick one, can u rewrite my bio for the conference page, and use they/them for me pls, the organisers got it wrong last year',
      reply: "Of course. Paste the current bio and I'll rewrite it using they/them throughout.",
    },
    current: 'they/them',
    question: 'how should people refer to me?',
  },
  {
    label: 'evening routine',
    stated: {
      session: 6,
      text: 'i do 20 min of yoga every night before bed, can u suggest a sequence for tight hips',
      reply:
        'Try pigeon pose, a low lunge, lizard pose, happy baby and a reclined figure-four, a minute a side each.',
    },
    current: 'yoga',
    question: 'what do i do every night before bed?',
  },
  {
    label: 'instrument',
    stated: {
      session: 6,
      text: 'gig on saturday with my covers band, any tips for getting a decent bass tone in a tiny pub',
      reply:
        "Roll off some low end so it doesn't boom, nudge up the low mids so you cut through, and stand away from the corner.",
    },
    current: 'bass',
    question: 'what instrument do i play in the band?',
  },
  {
    label: 'running goal',
    stated: {
      session: 6,
      text: 'my big goal this year is a sub-2h half marathon, can u make me a 12 week plan',
      reply:
        'Three easy runs, one tempo session and one long run a week, building the long run from 10 to 18 km, with a two-week taper.',
    },
    current: 'half marathon',
    question: 'what race am i training for?',
  },
  // Session 7: capitalised (the employer and diet corrections are said here too).
  {
    label: 'favourite cuisine',
    stated: {
      session: 7,
      text: "Ethiopian is my absolute favourite food. Is there an injera recipe that doesn't take three days?",
      reply:
        'Yes: a quick injera with teff flour and sparkling water, rested an hour and cooked on one side only.',
    },
    current: 'ethiopian',
    question: 'What kind of food do I like best?',
  },
  {
    label: 'tv show',
    stated: {
      session: 7,
      text: "I'm rewatching The Expanse for the third time. Are the books worth reading after the show?",
      reply:
        'Yes: the books go further than the show, and the last three novels cover events it never reached.',
    },
    current: 'expanse',
    question: 'What show am I rewatching?',
  },
  // Session 8: terse/mobile (the car correction is said here too).
  {
    label: 'saving for',
    stated: {
      session: 8,
      text: 'saving for a house deposit so need cheap meal prep ideas, under 3 eur a portion',
      reply:
        'Big pots of dal, bean chilli, veggie fried rice and tray-baked potatoes with chickpeas all come in well under that.',
    },
    current: 'deposit',
    question: 'what am i saving money for?',
  },
  {
    label: 'father',
    stated: {
      session: 8,
      text: 'my dad marek is visiting for a wk, hes 70 n hates anything spicy, dinner ideas?',
      reply:
        'Mild comfort food: mushroom stroganoff, a vegetable pot pie, gnocchi with butter and sage, or a simple risotto.',
    },
    current: 'marek',
    question: "what's my dad called?",
  },
  // Session 11: terse/mobile.
  {
    label: 'handedness',
    stated: {
      session: 11,
      text: 'as a leftie which fountain pens dont smudge',
      reply: 'A Lamy Safari with a left-handed nib and a fast-drying ink work well.',
    },
    current: 'leftie',
    question: 'which hand do i write with?',
  },
  {
    label: 'volunteering',
    stated: {
      session: 11,
      text: 'i volunteer at the food bank sat mornings, need a big batch recipe for like 40 ppl, no meat',
      reply:
        'A chickpea and vegetable stew scales easily: 10 tins of chickpeas, 5 kg of mixed veg, tomatoes and spices, served with rice.',
    },
    current: 'food bank',
    question: 'what charity work am i involved in?',
  },
];

/** The date of session `i`: every nine days from 6 May 2025, in the evening; questions come the session after. */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 4, 6 + 9 * i, 20, 15));

/** The probe's sessions: eight filler exchanges per session with that session's statements spread among them. */
export const probeSessions = (): ProbeTurn[][] => weaveSessions(probeFacts, fillerExchanges, 8);

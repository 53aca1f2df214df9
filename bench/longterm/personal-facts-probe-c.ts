/**
 * Personal-facts probe C (issue 24, item 7): a held-out probe written by an evaluator who never read the
 * self-fact rules (src/longterm/self-facts/), probe A, probe B or their filler. Twelve sessions of a user chatting
 * with an assistant; 32 facts the user states about themselves the way people do in chat (lowercase, buried in
 * requests, indirect: "since moving to leeds…", "as someone who ends up in a&e if…"), 7 of them corrected casually
 * in a later session, among filler chatter that includes other people's details (a colleague's diet, a father's
 * car, a friend's age). One question per fact is asked later in a new session; about half share no word with
 * the statement ("remind me what i drive").
 */

import { fillerExchanges } from './personal-facts-filler-c.ts';
import type { ProbeFact, ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** What the user says in a session (placed among that session's filler, in the order of the facts). */
const said = (session: number, text: string, reply: string) => ({ session, text, reply });

/** The probe's facts. */
export const probeFacts: readonly ProbeFact[] = [
  {
    label: 'name',
    stated: said(
      0,
      'can u draft a short email to my landlord about the boiler being broken since friday? sign it off from me, Tomasz Nowak, flat 3',
      "Here's a draft: 'Dear Mr Patel, the boiler in flat 3 has not worked since Friday; could you arrange a repair this week? Kind regards, Tomasz Nowak'",
    ),
    question: 'what should you call me?',
    current: 'tomasz',
  },
  {
    label: 'diet',
    stated: said(
      0,
      "any quick weeknight dinners? i'm veggie so nothing with meat, and i'm usually starving by 7",
      'A few: chickpea and spinach curry, a halloumi traybake, or black bean tacos, all under 30 minutes.',
    ),
    corrected: said(
      8,
      'fyi i eat fish again now, doctor said my iron was low, so pescatarian i guess. can you redo that traybake idea with salmon?',
      'Sure: salmon fillets on the tray for the last 12 minutes, with the peppers, red onion and lemon.',
    ),
    question: 'what do i eat these days, diet-wise?',
    current: 'pescatarian',
    old: 'veggie',
  },
  {
    label: 'home city',
    stated: said(
      0,
      "since moving to leeds last spring i still haven't found a climbing gym i like, what should i look for?",
      'Look at the route-setting frequency, how busy it is at your usual times, and whether it has a decent bouldering area.',
    ),
    corrected: said(
      7,
      'oh we actually moved again, sheffield now, the leeds flat was way too damp for the little one. any good climbing walls here?',
      'Sheffield is a climbing city: the Climbing Works and the Foundry are both well loved, and the Peak is on your doorstep.',
    ),
    question: 'which city am i based in these days?',
    current: 'sheffield',
    old: 'leeds',
  },
  {
    label: 'partner',
    stated: said(
      1,
      "me and my fiancée rosalind are doing a long weekend in porto in may, what's worth seeing that isn't a tourist trap?",
      'Skip the queue at Lello; walk Miragaia, have lunch at a tasca in Bonfim, and watch the sunset from the Jardim do Morro.',
    ),
    question: "who's my other half?",
    current: 'rosalind',
  },
  {
    label: 'pronouns',
    stated: said(
      1,
      'the hr portal wants pronouns for my email signature, is it weird to put he/him? feels a bit formal',
      'Not weird at all; plenty of people include them, and it makes it easier for others to add theirs.',
    ),
    question: 'which pronouns do i use?',
    current: 'he/him',
  },
  {
    label: 'sister',
    stated: said(
      1,
      "can u suggest a birthday gift for my little sister hania? she's mad about ceramics and just moved to glasgow",
      'A wheel-throwing class at a Glasgow studio, a good set of trimming tools, or a book on glazes.',
    ),
    question: "what's my sister called?",
    current: 'hania',
  },
  {
    label: 'age',
    stated: said(
      2,
      'bday on saturday, 46 already, and my knees feel every one of those years. any stretches for runners knee?',
      'Happy early birthday! Try quad and hip-flexor stretches, clamshells and step-downs, done slowly.',
    ),
    question: 'how old am i?',
    current: '46',
  },
  {
    label: 'employer',
    stated: said(
      2,
      'writing my first self review at halden logistics, 5 yrs there now. how do i sell myself without sounding like a tool?',
      'Lead with outcomes and numbers, name the people you helped, and keep the tone matter-of-fact.',
    ),
    corrected: said(
      9,
      'first week of work at brightwell energy done!! new laptop, new slack, new everything. leaving halden was the right call',
      'Congratulations on the new job! The first weeks are for listening; write down what confuses you while it is fresh.',
    ),
    question: 'where do i work now?',
    current: 'brightwell',
    old: 'halden',
  },
  {
    label: 'car',
    stated: said(
      2,
      'the clutch on my fiesta is slipping, is that an expensive fix or should i just scrap it?',
      'A clutch replacement usually runs a few hundred pounds; get a quote and compare it with what the car is worth.',
    ),
    corrected: said(
      11,
      'sold the fiesta in the end and picked up a second hand nissan leaf 🎉 how do i find public chargers on a road trip?',
      'Zap-Map shows chargers across the UK with live status; plan rapid stops every 100 miles or so.',
    ),
    question: 'remind me what i drive',
    current: 'nissan leaf',
    old: 'fiesta',
  },
  {
    label: 'hometown',
    stated: said(
      3,
      "grew up in gdansk so i'm fussy about pierogi, is this dough too dry? 500g flour, 1 egg, 200ml warm water",
      'That is on the dry side; add a tablespoon of oil or sour cream and a splash more water, then rest it 30 minutes.',
    ),
    question: 'where am i originally from?',
    current: 'gdansk',
  },
  {
    label: 'cat',
    stated: said(
      3,
      'our cat biscuit just walked across my keyboard and now vim is doing something weird, how do i undo everything?',
      'Press Esc, then `u` repeatedly to undo, or `:e!` to reload the file from disk and drop all changes.',
    ),
    question: "what's my cat's name?",
    current: 'biscuit',
  },
  {
    label: 'swim day',
    stated: said(
      3,
      'need a gym bag packing list, i swim on tuesdays straight from the office',
      'Towel, goggles, cap, flip-flops, shower gel, a plastic bag for wet kit, and a snack for after.',
    ),
    corrected: said(
      8,
      'switched my swim to thursdays btw, the tuesday lanes were chaos',
      'Makes sense; quieter lanes make a big difference.',
    ),
    question: 'which day do i go for my swim?',
    current: 'thursday',
    old: 'tuesday',
  },
  {
    label: 'language goal',
    stated: said(
      3,
      'want to be conversational in japanese by next summer, is duolingo enough on its own?',
      'On its own, probably not: add a conversation tutor on iTalki once a week and some graded readers.',
    ),
    corrected: said(
      11,
      "ok i've given up on japanese, switching to korean. my fiancée and i are going to seoul next year. which app is best?",
      'Start with Hangul (it takes a few days), then Talk To Me In Korean is a good structured course.',
    ),
    question: 'which language am i learning now?',
    current: 'korean',
    old: 'japanese',
  },
  {
    label: 'allergy',
    stated: said(
      4,
      'as someone who ends up in a&e if they so much as look at a cashew, can you make this pesto nut-free?',
      'Swap the nuts for toasted sunflower seeds or just more parmesan and basil; check the cheese is made in a nut-free facility.',
    ),
    question: 'what am i allergic to?',
    current: 'cashew',
  },
  {
    label: 'job',
    stated: said(
      4,
      'as the only qa engineer on the team i end up writing all the playwright tests, how do i make them less flaky?',
      'Use web-first assertions instead of sleeps, isolate test data per test, and turn on traces for retries so you can see what went wrong.',
    ),
    question: "what's my job?",
    current: 'qa engineer',
  },
  {
    label: 'son',
    stated: said(
      4,
      'need a toddler breakfast that takes 10 min, my son felix refuses anything green',
      'Banana pancakes, eggy bread fingers, or porridge with grated apple all take ten minutes.',
    ),
    question: "what's my son's name?",
    current: 'felix',
  },
  {
    label: 'medication',
    stated: said(
      5,
      "i take sertraline every morning, is it ok to drink st john's wort tea? my aunt swears by it",
      "No: St John's wort can interact badly with SSRIs. Please check with your GP or pharmacist before trying it.",
    ),
    question: 'which medication do i take each morning?',
    current: 'sertraline',
  },
  {
    label: 'band',
    stated: said(
      5,
      "make me a playlist for a long drive, stuff like radiohead, they're basically all i listen to",
      'Try Portishead, Elbow, Sigur Rós, Massive Attack and the National for a start.',
    ),
    corrected: said(
      10,
      "honestly gone off radiohead lately, it's all big thief now. anything similar?",
      'Try Adrianne Lenker solo, Phoebe Bridgers, Wednesday and Hand Habits.',
    ),
    question: 'what music am i into lately?',
    current: 'big thief',
    old: 'radiohead',
  },
  {
    label: 'football team',
    stated: said(
      5,
      "as a lifelong sunderland fan i'm used to suffering, can you explain how the championship playoffs work?",
      'Third to sixth play two-legged semi-finals, and the winners meet at Wembley for the last promotion place.',
    ),
    question: 'which team am i a fan of?',
    current: 'sunderland',
  },
  {
    label: 'tv show',
    stated: said(
      6,
      'rewatching the wire for like the 4th time, still the best show ever made. what should i watch after?',
      'Try Treme, The Deuce or Show Me a Hero, from the same creators.',
    ),
    question: "what's my favourite show?",
    current: 'the wire',
  },
  {
    label: 'author',
    stated: said(
      6,
      'reading anything by ursula le guin is my happy place, recommend me something similar?',
      'Try Becky Chambers, Octavia Butler, or Ted Chiang for short stories.',
    ),
    question: 'which writer do i love?',
    current: 'le guin',
  },
  {
    label: 'languages spoken',
    stated: said(
      6,
      'we speak polish and english at home and want the little one to keep both, any tips?',
      'One parent, one language works for many families; books and calls with grandparents in Polish help a lot.',
    ),
    question: 'what languages do i speak?',
    current: 'polish',
  },
  {
    label: 'condition',
    stated: said(
      6,
      "pollen's got my asthma going again, is it safe to go for a run when it's this bad?",
      'Take your preventer as prescribed, carry your reliever, and run early or late when pollen counts are lower.',
    ),
    question: 'do i have any health conditions?',
    current: 'asthma',
  },
  {
    label: 'running time',
    stated: said(
      7,
      'i run at 6am most weekdays before the little one wakes up, what should i eat before?',
      'Something small and quick: half a banana, or toast with honey, 20 minutes before.',
    ),
    question: 'when do i usually go running?',
    current: '6am',
  },
  {
    label: 'instrument',
    stated: said(
      7,
      '3 months into learning the cello and my neighbours already hate me lol, how do i practise quieter?',
      'A practice mute makes a big difference; a rubber one cuts the volume a lot.',
    ),
    question: 'what instrument am i learning?',
    current: 'cello',
  },
  {
    label: 'dog',
    stated: said(
      8,
      "we adopted a retired greyhound last weekend!! he's called pixel. how much exercise do they actually need?",
      'Less than people think: two 20–30 minute walks a day, and they sleep most of the rest.',
    ),
    question: 'what kind of dog do we have?',
    current: 'greyhound',
  },
  {
    label: 'programming language',
    stated: said(
      9,
      "at the new place it's all kotlin, any good resources for someone coming from typescript?",
      'Kotlin Koans and the official docs are great; coroutines will feel a bit like async/await.',
    ),
    question: 'what do i code in for my job?',
    current: 'kotlin',
  },
  {
    label: 'degree',
    stated: said(
      9,
      'did my msc in computational linguistics at edinburgh years ago, still worth putting on linkedin?',
      'Yes, a master’s stays relevant, especially if you describe what it taught you that you still use.',
    ),
    question: 'what did i study at uni?',
    current: 'computational linguistics',
  },
  {
    label: 'office city',
    stated: said(
      10,
      'commuting into manchester 3 days a week for the new job, any tips for getting work done on the train?',
      'Offline mode for docs, a hotspot for backup, and save deep work for the stretches with signal.',
    ),
    question: 'which city do i commute to?',
    current: 'manchester',
  },
  {
    label: 'coffee',
    stated: said(
      10,
      'i basically live on oat flat whites, can i make a decent one at home without a machine?',
      'A moka pot plus a handheld frother gets you close; heat the oat milk gently so it doesn’t split.',
    ),
    question: 'how do i take my coffee?',
    current: 'oat flat white',
  },
  {
    label: 'bike',
    stated: said(
      10,
      "my brompton's gears keep slipping on the hills on the way to the station, is that a cable tension thing?",
      'Probably: turn the barrel adjuster by the shifter half a turn at a time until it holds the gear.',
    ),
    question: 'what bike do i ride?',
    current: 'brompton',
  },
  {
    label: 'saturday routine',
    stated: said(
      11,
      'saturday mornings are parkrun, non negotiable, so what can i bake friday night for after?',
      'Banana oat muffins or a tray of flapjacks keep well overnight.',
    ),
    question: 'what do i do on saturday mornings?',
    current: 'parkrun',
  },
];

/** The date of session `i`: a fortnight apart, from 3 March 2025, 19:00 UTC. */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 2, 3 + 14 * i, 19));

/** The sessions: eight filler exchanges each, with the statements made in it spread among them. */
export const probeSessions = (): ProbeTurn[][] => weaveSessions(probeFacts, fillerExchanges, 8);

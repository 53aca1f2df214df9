/**
 * Personal-facts probe J, written blind by an evaluator as a held-out measure: thirteen sessions (0-12) of a
 * retired primary teacher in her late fifties in County Cork chatting with an assistant in Irish English — warm
 * prose, lowercase texts with no punctuation, terse mobile messages, and long digressive requests where the fact
 * is a side remark. 45 facts about herself (family and where they live, health and medication, house and garden,
 * car, pets, her old school, choir, sailing, volunteering, travel plans, savings, faith, food, TV and books, an
 * upcoming family event), 12 of them corrected casually in a later session, woven by `weaveSessions` into the
 * ordinary chatter of `personal-facts-filler-j.ts` / `personal-facts-filler-j2.ts` (which holds details about
 * other people as distractors), and one first-person question per fact asked in a new session.
 *
 * Written without reading: anything under src/ (the long-term memory included), docs/personal-facts.md,
 * BENCHMARKS.md, personal-facts-probe.ts (except its type declarations), personal-facts-probe-b.ts, -probe-c.ts,
 * -probe-d.ts, -probe-d-early.ts, -probe-e.ts, -probe-f.ts, -probe-g.ts, -probe-h.ts, -probe-i.ts, every
 * personal-facts-filler*.ts file of the other probes (except the `FillerExchange` type), and any git log message
 * or diff touching them.
 */

import { fillerExchanges } from './personal-facts-filler-j.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

export const probeFacts: readonly ProbeFact[] = [
  // Session 0: warm, ordinary prose.
  fact(
    'nickname',
    0,
    "Before I forget my manners, I'm Bernadette, though not a soul has used that since my Confirmation. It's Bernie to everyone, so you may as well too.",
    "Lovely to meet you, Bernie! I'll stick with that.",
    'bernie',
    'What do people call me?',
  ),
  fact(
    'home village',
    0,
    "We're in Timoleague, out the road past the abbey, in the old farmhouse. It's far too big for one woman and a dog but there you are.",
    'Timoleague sounds beautiful, big house or not.',
    'clonakilty',
    'Where do I live?',
    {
      session: 6,
      text: "ah you'll have to update your notes, i finally did it, sold the farmhouse and im in a bungalow in clonakilty since friday. no stairs for the knee thanks be to god",
      reply: 'Congratulations on the move! A bungalow will be much kinder on the knee.',
      old: 'timoleague',
    },
  ),
  fact(
    'former school',
    0,
    'I still drive past Scoil Naomh Seosamh some mornings and have to stop myself turning in the gate, I was there that long.',
    'That habit must take a while to wear off after so many years.',
    'naomh seosamh',
    'Which school did I teach in?',
  ),
  fact(
    'late husband',
    0,
    "It'll be four years in November since Tadhg died, God rest him. Thirty-three years married and I still set out two cups some mornings.",
    "I'm so sorry for your loss. Thirty-three years is a lifetime together.",
    'tadhg',
    'What was my late husband called?',
  ),

  // Session 1: lowercase chat, no punctuation.
  fact(
    'dog name',
    1,
    'toby the dog is after eating half a tea towel again honestly that fella would eat the legs off the table',
    "Keep an eye on him — fabric can cause a blockage. If he's off his food or vomiting, ring the vet.",
    'toby',
    "What's my dog called?",
  ),
  fact(
    'dog breed',
    1,
    'my springer spaniel has me walked off my feet theres no tiring them out at all',
    'Springers have endless energy! Fetch and sniffing games tire them out faster than walks alone.',
    'springer',
    'What breed is my dog?',
  ),
  fact(
    'diabetes medication',
    1,
    'the metformin does be at my stomach in the mornings is that normal or should i say it to someone',
    "Stomach upset is a common side effect, especially at first. Taking it with food helps — but do mention it to your GP; there's a slow-release version.",
    'jardiance',
    'What medication am I on?',
    {
      session: 7,
      text: 'scrap that about the metformin. gp took me off it. on jardiance now, one a day',
      reply: 'Noted — Jardiance once a day. Keep well hydrated on it.',
      old: 'metformin',
    },
  ),
  fact(
    'choir part',
    1,
    'choir was lovely tonight im in the sopranos since i joined only problem is the high notes at my age lol',
    'Sounds like a great night! Warming up gently helps with the top notes.',
    'altos',
    'Which voice part do I sing?',
    {
      session: 9,
      text: "Ah no, that's all changed in the choir — the director has me moved down to the altos, says I've a lower range than I think. I'm not a bit insulted, honestly, it's far more comfortable.",
      reply: 'The alto line is often the most interesting harmony anyway — enjoy it!',
      old: 'soprano',
    },
  ),

  // Session 2: long, digressive requests with the fact as a side remark.
  fact(
    'hometown',
    2,
    "Could you help me write a letter to the county council about the potholes on our road? It's a disgrace, honestly, you'd lose a small child in some of them, and I've rung twice and got nowhere. I was reared on a dairy farm outside Mitchelstown so I know what a bad road looks like, but this is something else entirely. Keep it polite but firm, I don't want to sound like a crank.",
    'Of course. Here is a polite but firm draft: "Dear Sir/Madam, I am writing to report the poor condition of the road..."',
    'mitchelstown',
    'Where am I from originally?',
  ),
  fact(
    "son's city",
    2,
    "I'm trying to work out the time difference for ringing my son, he's in Melbourne with his wife and the two small ones, and I always get it wrong and wake them at some ungodly hour and then I feel awful. If it's seven in the evening here, what time is it over there? And is it different when the clocks change?",
    'Seven in the evening in Ireland is about four in the morning in Melbourne during Irish summer time — so mornings here are best. Yes, it shifts by an hour or two when the clocks change in either country.',
    'brisbane',
    "Where's my boy living these days?",
    {
      session: 8,
      text: "Big news from the other side of the world: my son's after getting a job in Brisbane, so they're packing up out of Melbourne. Another city for me to learn!",
      reply: 'How exciting for them! Brisbane is warmer, too.',
      old: 'melbourne',
    },
  ),
  fact(
    'car',
    2,
    "I need to get the Corolla in for a service before the NCT, she's twelve years old now and there's a rattle from somewhere underneath that I can't place, and the man in the garage last time just looked at me like I was imagining it. What should I ask them to check, so I don't get fobbed off again?",
    'Ask them to check the exhaust hangers and heat shields, the suspension bushes and the anti-roll bar links — those are the usual rattles on an older car.',
    'hyundai',
    'What car do I drive?',
    {
      session: 7,
      text: 'got rid of the corolla. we went with a hyundai i10 in the end, automatic, easier on the knee',
      reply: 'An automatic i10 is a great choice for comfort. Enjoy it!',
      old: 'corolla',
    },
  ),

  // Session 3: terse mobile.
  fact(
    'hospice shop day',
    3,
    'off to the hospice shop. tuesday is my morning there',
    'Have a good shift!',
    'thursday',
    "What day's my volunteering shift?",
    {
      session: 8,
      text: "They've me moved to Thursdays in the hospice shop now, the whole Tuesday crowd have gone and they need the numbers later in the week.",
      reply: 'Thursdays it is — a fresh crowd to get to know.',
      old: 'tuesday',
    },
  ),
  fact(
    'diabetes',
    3,
    'diagnosed type 2 in 2019. watching the sugar since',
    'Thanks for telling me — I can keep that in mind with recipes and meal ideas.',
    'type 2',
    'Do I have any medical conditions?',
  ),
  fact(
    "son's name",
    3,
    'cillian my son rang. all grand over there',
    "That's good to hear!",
    'cillian',
    "What's my son called?",
  ),

  // Session 4: normal prose.
  fact(
    "daughter's name",
    4,
    'My daughter Aoife is a nurse and she says I should be checking my feet every night. Is that right?',
    'Yes — daily foot checks for cuts, blisters or colour changes are recommended for people with diabetes.',
    'aoife',
    "What's my daughter's name?",
  ),
  fact(
    'tea',
    4,
    "Nothing but Barry's in this house, the Lyons is kept for Dublin visitors.",
    "A very Cork position! Barry's it is.",
    "barry's",
    'What brand of tea do I like?',
  ),
  fact(
    'pilgrimage',
    4,
    "The parish is doing a pilgrimage to Lourdes in October and I've my name down already.",
    'That will be a special trip. October is a lovely time to go.',
    'fatima',
    'Where am I going on pilgrimage?',
    {
      session: 9,
      text: "Scrap that about Lourdes — not enough numbers signed up, so we went with Fatima in the end. Portugal in October, and I've never been, so I'm delighted.",
      reply: 'Fatima in October should be lovely — milder weather too.',
      old: 'lourdes',
    },
  ),
  fact(
    'GP',
    4,
    'Dr Hennessy above in the surgery says my bloods are grand this time, so I must be doing something right.',
    "That's great news — well done.",
    'cotter',
    "Who's my doctor?",
    {
      session: 10,
      text: 'hennessy retired so im with dr cotter now young one very thorough',
      reply: 'A thorough GP is worth a lot. Hope it goes well with Dr Cotter.',
      old: 'hennessy',
    },
  ),

  // Session 5: long, rambling.
  fact(
    'birthday',
    5,
    "I'll be fifty-eight on the 14th of August and the children want to fly me somewhere for it, which is very good of them, but you know yourself the hassle of airports at my age, the queues and the shoes off and the little bags for the liquids. Would you give me a few ideas for somewhere within a short hop of Cork that'd be nice for a woman who likes a walk and a good dinner and not much else?",
    'Happy early birthday! Short hops from Cork: Edinburgh, Bath via Bristol, Bordeaux or Amsterdam for walks and good food.',
    'august',
    "When's my birthday?",
  ),
  fact(
    'family wedding venue',
    5,
    "My nephew Colm is getting married in September, in the Europe Hotel in Killarney if you don't mind, very fancy, and I've nothing to wear. I'm thinking a dress and jacket rather than a full suit, but I don't want to be mistaken for the mother of the bride either. What colours are in for an autumn wedding?",
    'For an autumn wedding: deep teal, burgundy, forest green or mustard. A dress and tailored jacket would be perfect.',
    'adare',
    'Where is the family wedding in September?',
    {
      session: 12,
      text: "Ah no, that's changed — Colm and Sinéad have moved the whole thing to Adare, the Killarney place double-booked them. Same date anyway, so the outfit still stands.",
      reply: 'Adare is a gorgeous spot for a wedding. Glad the outfit plans survive!',
      old: 'killarney',
    },
  ),
  fact(
    'morning exercise',
    5,
    "I do a sea swim at Inchydoney every morning at half seven, winter and summer, and people think I'm cracked, but it's the best thing for the mood. Anyway my question was about a changing robe, are the expensive ones worth the money, or would a big towel with a hood do the job just as well?",
    'A proper changing robe is worth it if you swim year-round — waterproof outer, fleece lining.',
    'aqua aerobics',
    "What's my daily exercise?",
    {
      session: 10,
      text: 'gave up the sea swim the knee wouldnt take the rocks anymore. its aqua aerobics in the pool in clon mornings now',
      reply: 'Aqua aerobics is brilliant for knees — all the movement without the impact.',
      old: 'sea swim',
    },
  ),
  fact(
    'garden flowers',
    5,
    "The dahlias are my pride and joy out the front, but the slugs have found them this year and they're making lace of the leaves. I won't use the pellets on account of the hedgehogs, so what else can I try? I've heard beer traps but that seems a terrible waste of beer.",
    'Try copper tape around pots, wool pellets, night-time torch patrols, or nematodes — all hedgehog-safe.',
    'dahlias',
    'Which flowers do I grow?',
  ),
  fact(
    "daughter's city",
    5,
    "My girl's in Toronto six years now and she keeps telling me to come out for the whole of the winter, but sure what would I be doing over there in the snow for three months?",
    'Plenty — but a shorter visit might suit you better to start.',
    'toronto',
    'Where does my daughter live?',
  ),

  // Session 6: lowercase chat.
  fact(
    'eldest grandchild',
    6,
    'fionn is nine now the eldest of the grandchildren and mad into the rugby',
    'Nine is a great age for it!',
    'fionn',
    "Who's my oldest grandchild?",
  ),
  fact(
    'lump sum',
    6,
    'put the lump sum from the pension into state savings with an post, safest place i think',
    'State Savings are very safe — government-backed, though the returns are modest.',
    'credit union',
    "Where's the money from my pension gone?",
    {
      session: 11,
      text: "Update on the lump sum: I went with the credit union in the end. The rate is better and they're local.",
      reply: 'A sensible choice — and supporting a local institution too.',
      old: 'state savings',
    },
  ),
  fact(
    'language learning',
    6,
    'started italian night classes in the library ciao bella lol',
    'Bellissimo! Try a few minutes of practice every day between classes.',
    'spanish',
    'What language am I learning?',
    {
      session: 11,
      text: 'italian class folded. doing spanish instead, same teacher',
      reply: '¡Qué bien! Plenty of overlap with the Italian, too.',
      old: 'italian',
    },
  ),
  fact(
    'choir night',
    6,
    'choir practice is wednesday nights in the church hall so i cant do the book club that night',
    'A pity they clash — maybe the book club could move night.',
    'wednesday',
    'What evening do we rehearse?',
  ),

  // Session 7: terse.
  fact(
    'penicillin allergy',
    7,
    'allergic to penicillin btw. came up in hives years ago',
    'Good to know — always tell the pharmacist and any new doctor.',
    'penicillin',
    'Do I react badly to any medicines?',
  ),
  fact(
    'choir name',
    7,
    'my choir the argideen singers have a concert sat. nervous',
    "You'll be great — nerves just mean you care!",
    'argideen',
    "What's my choir called?",
  ),

  // Session 8: prose.
  fact(
    'sailing club',
    8,
    "I've gone and signed up for sailing lessons at the yacht club in Kinsale, at my age! The children think I've lost my mind.",
    "Good for you — it's never too late to learn to sail.",
    'kinsale',
    'Where am I learning to sail?',
  ),
  fact(
    'sailing boat',
    8,
    'They have us out in Wayfarers, big steady dinghies, thank God, because I was imagining one of those little Lasers and myself upside down in the harbour.',
    'Wayfarers are famously stable — a great boat to learn in.',
    'wayfarer',
    'What kind of boat am I learning in?',
  ),
  fact(
    "sister's city",
    8,
    "My sister Nuala above in Limerick rings me every Sunday without fail and we're an hour on the phone at least.",
    'That sounds like a lovely tradition.',
    'limerick',
    'Where does my sister live?',
  ),

  // Session 9: long and rambling.
  fact(
    "mother's nursing home",
    9,
    "Mam is in the nursing home in Fermoy since Christmas, she's eighty-nine and sharp as a tack, she'd tell you the price of butter in 1962, but her legs are gone. I visit twice a week and I'm trying to think of things to bring her that aren't more chocolates, she has enough chocolates to open a shop. Any ideas for someone her age who can't get out much?",
    'A large-print puzzle book, a photo album, a soft cardigan, a radio with easy buttons, or an audiobook of her favourite author.',
    'fermoy',
    "Where's my mother being cared for?",
  ),
  fact(
    'youngest grandchild',
    9,
    "My daughter's little one, Rosie, is the baby of all the grandchildren, just turned one, and I want to knit her something for the winter. She's a tiny little thing, so would a twelve-to-eighteen-month size be too big? I'd rather she grew into it than out of it before it's even posted to Canada.",
    '12–18 months is a good choice — a little roomy now, so it should fit through the winter.',
    'rosie',
    "What's my daughter's baby called?",
  ),
  fact(
    'bad knee',
    9,
    "The left knee is at me again going down the slipway at the sailing, it goes out from under me on the wet concrete, and the physio says to strengthen the quads, but what exercises can you do when you can't kneel or squat at all? I'm not able for the gym, I'd die of embarrassment.",
    'Straight-leg raises, seated knee extensions, and wall sits with a shallow bend — all done at home, no kneeling.',
    'left knee',
    'Which of my legs gives me trouble?',
  ),

  // Session 10: lowercase chat.
  fact(
    'teacher training',
    10,
    'i trained in carysfort back in the 80s before they closed it, the nuns were fierce',
    'A piece of history — it closed in 1988.',
    'carysfort',
    'Which college did I attend?',
  ),
  fact(
    'mass time',
    10,
    'half ten mass on sunday is my one the priest is quick thank god',
    'A quick homily is always appreciated!',
    'half ten',
    'What time do I go to church?',
  ),
  fact(
    'favourite dinner',
    10,
    'nothing beats bacon and cabbage with parsley sauce id eat it every day of the week',
    'A classic for good reason.',
    'bacon and cabbage',
    "What's my favourite dinner?",
  ),

  // Session 11: terse.
  fact(
    'soap',
    11,
    'never miss fair city. 8pm sharp',
    'The drama never stops!',
    'fair city',
    'Which soap do I follow on the telly?',
  ),
  fact(
    'favourite author',
    11,
    'rereading all the maeve binchys again. could read her forever',
    'Her books are such comfort reads.',
    'binchy',
    "Who's my favourite author?",
  ),
  fact(
    'tidy towns role',
    11,
    'tidy towns mtg tonight. im secretary so the minutes are on me',
    'Good luck with the minutes!',
    'secretary',
    "What's my role in the Tidy Towns?",
  ),

  // Session 12: mixed.
  fact(
    'GAA club',
    12,
    "Barryroe are playing Saturday and I'd never miss a match of theirs — it was my father's club and now it's mine.",
    'Up Barryroe! Hope they win.',
    'barryroe',
    'Which team do I follow?',
  ),
  fact(
    'mobile home',
    12,
    "We've the mobile home in Owenahincha still, the children love it when they're home in the summer.",
    'A lovely spot to have by the sea.',
    'owenahincha',
    "Where's my caravan?",
  ),
  fact(
    'bantams',
    12,
    "i've four bantams out the back and they're laying like mad, what'll i do with all the eggs",
    'Frittatas, custards, or give a half-dozen to the neighbours — eggs freeze too if you beat them first.',
    'bantams',
    'What kind of birds do I keep?',
  ),
  fact(
    'years teaching',
    12,
    "Thirty-one years in the classroom and I'd do it all again, tiring and all as it was.",
    "That's a wonderful career.",
    'thirty-one',
    'How long did I teach for?',
  ),
];

/** The date of session `i` (one session every nine days from 2025-04-03, at 09:40 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 3, 3 + 9 * i, 9, 40));

/** The sessions: the statements woven among eight filler exchanges per session. */
export const probeSessions = (): ProbeTurn[][] => weaveSessions(probeFacts, fillerExchanges, 8);

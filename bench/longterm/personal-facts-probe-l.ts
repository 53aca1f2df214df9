/**
 * Personal-facts probe L, a held-out measure written blind by an evaluator who had not seen engram's extractor
 * or the other probes. Thirteen sessions (0-12) of one user chatting with an assistant: 52 facts she states about
 * herself — identity, places, work, family, health, faith, wedding plans, habits, tastes, skills, possessions —
 * 12 of them corrected casually in a later session, woven into the ordinary chatter of
 * `personal-facts-filler-l.ts` (eight filler exchanges per session), and one question per fact, asked in a new
 * session after the last. The user writes British English with the odd Nigerian Pidgin or Yoruba phrase, in
 * mixed styles (prose, lowercase chat, terse phone messages, formal work requests, long rambles where a fact is
 * a side remark), and often names a thing by instance rather than by category.
 *
 * Written without reading: anything under src/, docs/personal-facts.md, BENCHMARKS.md, personal-facts-probe.ts
 * (except its type declarations, lines 1-57 and 330-378), personal-facts-probe-b.ts, -probe-c.ts, -probe-d.ts,
 * -probe-d-early.ts, -probe-e.ts, -probe-f.ts, -probe-g.ts, -probe-h.ts, -probe-i.ts, -probe-j.ts, -probe-k.ts,
 * every personal-facts-filler*.ts file other than this probe's own (except the `FillerExchange` type of
 * personal-facts-filler-c.ts), personal-facts.ts, and any git log message or diff.
 */

import { fillerExchanges } from './personal-facts-filler-l.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The facts, in the order of the sessions they are first stated in. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: first chat, ordinary prose.
  fact(
    'name',
    0,
    "Hello! First time using this properly. I'm Toyin, by the way, and I'll probably be asking you all sorts of random things.",
    'Nice to meet you, Toyin! Ask away, random is fine.',
    'toyin',
    'What name do I go by?',
  ),
  fact(
    'city',
    0,
    'Could you suggest some indoor things to do in Manchester on a wet weekend? Four years here and I have honestly run out of ideas.',
    'Try the Science and Industry Museum, the John Rylands Library, a climbing wall, Mackie Mayor for food, or the Whitworth gallery.',
    'manchester',
    'What city am I based in?',
  ),
  fact(
    'hometown',
    0,
    "The rain here is nothing like Lagos, where I grew up. At least back home the rain is warm and it's over in an hour.",
    'Tropical downpours are a different beast: heavy, warm and quick. British drizzle just lingers.',
    'lagos',
    'Where was I raised?',
  ),
  fact(
    'neighbourhood',
    0,
    "Also, any decent brunch spots near Levenshulme? That's where our flat is, and we always end up at the same café.",
    'Levenshulme has a few gems: check the independent cafés along Stockport Road and the weekend market when it is on.',
    'chorlton',
    'Which neighbourhood do I live in at the moment?',
    {
      session: 8,
      text: "Finally got the keys! We've moved to Chorlton, bye bye Levenshulme. Could you suggest a checklist for the first week in a new rental?",
      reply:
        'Congratulations! Take dated photos of every room, check the inventory, read the meters, register for council tax, and find the stopcock and fuse box.',
      old: 'levenshulme',
    },
  ),
  fact(
    'cat',
    0,
    'Sorry if I reply slowly, Suya keeps walking across the keyboard. She is a tabby with zero respect for personal space.',
    'Classic tabby behaviour. A cardboard box or a warm blanket next to the laptop sometimes lures them off the keys.',
    'suya',
    "What's my cat called?",
  ),

  // Session 1: lowercase chat.
  fact(
    'fiance',
    1,
    'omg marcus proposed last night!!! still shaking lol, he did it at the restaurant where we had our first date',
    'Congratulations to you both! That is a lovely place to choose.',
    'marcus',
    'Who am I engaged to?',
  ),
  fact(
    'wedding venue',
    1,
    "ok we're already looking at venues lol, marcus loves victoria baths, the tiles are unreal. how much do venues like that usually cost",
    'Historic venues in the UK often run from a few thousand pounds to over £10,000 for hire alone, depending on the day and season. Ask what is included.',
    'monastery',
    'Where are we having the wedding?',
    {
      session: 7,
      text: "Oh, and we changed venue! Victoria Baths came back with a quote that made me actually cry, so we've booked the Monastery in Gorton instead, which is gorgeous and about half the price. Ideas for decor that suits a big high-ceilinged hall like that? I'm thinking lots of candles and greenery but I don't want it to look like a funeral.",
      reply:
        'Tall candlesticks, garlands of eucalyptus and olive along the tables, warm fairy lights and pops of colour in the flowers keep a grand hall festive rather than sombre.',
      old: 'victoria baths',
    },
  ),
  fact(
    'wedding date',
    1,
    "and it's looking like 13 september next year. mummy is already on whatsapp planning aso ebi colours, e choke",
    'Plenty of time to plan! Matching aso ebi will look stunning in the photos.',
    '24 may',
    "When's the wedding?",
    {
      session: 12,
      text: "update: wedding's been brought forward!! it's 24 May now, the venue had a cancellation and we grabbed it. help me redo the timeline pls",
      reply:
        'Exciting! Work backwards from the day: invitations out about three months before, final numbers a month before, and book suppliers straight away.',
      old: '13 september',
    },
  ),
  fact(
    'drink',
    1,
    "tbh i don't drink alcohol so at parties i'm the chapman girl lol, ppl always think it's a cocktail. can u give me the recipe so i can make a jug",
    'Mix Fanta and Sprite, a splash of blackcurrant cordial and a dash of Angostura bitters, then add cucumber, lemon and orange slices and lots of ice.',
    'chapman',
    'What do I usually order on a night out?',
  ),
  fact(
    'dislikes coriander',
    1,
    'pls give me a salsa recipe w/o coriander, it tastes like soap to me',
    'Chop tomatoes, red onion, chilli and lime juice, and use flat-leaf parsley or a little mint instead.',
    'coriander',
    "Which herb can't I stand?",
  ),

  // Session 2: terse, from a phone.
  fact(
    'birthday',
    2,
    'Turning 30 on 14 August. Lowkey ideas?',
    'A long lunch with close friends, a spa day, a picnic, or a weekend away somewhere quiet.',
    '14 august',
    'When is my birthday?',
  ),
  fact(
    'parkrun',
    2,
    'heaton park parkrun in 40 mins. freezing. quick warm up?',
    'Five minutes of easy jogging, then leg swings, walking lunges, high knees and a few short strides.',
    'wythenshawe',
    'Which parkrun do I go to on Saturdays?',
    {
      session: 6,
      text: 'Switched parkruns. Wythenshawe now, flatter. PB tips?',
      reply:
        'Start a little slower than you think, pick up the pace after halfway, and push the last 400 metres.',
      old: 'heaton park',
    },
  ),
  fact(
    'allergy',
    2,
    'nurse asked about allergies again. penicillin = hives for me. what do they usually give instead',
    'Common alternatives include macrolides such as clarithromycin, but the prescriber will choose; make sure the allergy is on your records.',
    'penicillin',
    'Am I allergic to any medicines?',
  ),
  fact(
    'football team',
    2,
    'arsenal bottled it AGAIN. why do i do this to myself',
    'Supporting a team is a long-term commitment. There is always next season.',
    'arsenal',
    'Which football team do I support?',
  ),

  // Session 3: long, rambling requests with the facts as side remarks.
  fact(
    'skin condition',
    3,
    "Right, long story, but can you help me put together a weekly meal plan? My eczema flares up whenever I'm stressed and work has been mad, so my hands are all cracked and I'd like meals that are quick and don't involve loads of chopping. Oh, and nothing with nuts, because my colleague is allergic and I bring leftovers in for lunch.",
    'Here is a plan built on one-pot dishes, pre-chopped frozen veg and traybakes, all nut-free, with enough for next-day lunches.',
    'eczema',
    'What skin condition do I have?',
  ),
  fact(
    'skin treatment',
    3,
    "Also random, but is it fine to use Dermol as a soap substitute every single day? The GP gave it to me for my hands and it's the only thing that has helped so far, but the tub is nearly finished and I keep forgetting to reorder it, typical me.",
    'Emollient washes like that are meant for daily use. Put a repeat-prescription reminder in your phone a week before it runs out.',
    'protopic',
    'What am I currently using on my hands for the flare-ups?',
    {
      session: 10,
      text: 'For completeness, I should mention that my GP has replaced the previous wash with Protopic ointment, to be applied twice daily for two weeks. Could you draft a short reminder schedule I can put in my calendar?',
      reply:
        'Here is a schedule: morning and evening applications for fourteen days, with a review reminder on day fifteen.',
      old: 'dermol',
    },
  ),
  fact(
    'diet',
    3,
    "And my aunty, who is definitely not a dietitian, has convinced me to cut out dairy for a month to see if my skin calms down, so I've been doing that since Monday. Which means no more cheese toasties, which is a tragedy. Could you add a few snacks to that plan that still feel like a treat?",
    'Try dark chocolate, roasted chickpeas, hummus with pitta, fruit with coconut yoghurt, or plantain chips.',
    'dairy',
    'What am I avoiding in my diet right now?',
  ),
  fact(
    'brother',
    3,
    "Separate thing: my little brother Dapo has exams coming up and he's ringing me every night stressing, so I'm trying to find some revision techniques to send him that actually work. He's the type who highlights the entire page and calls that studying.",
    'Point him to active recall and spaced repetition: flashcards, past papers and explaining topics out loud instead of rereading and highlighting.',
    'dapo',
    "What's my younger brother's name?",
  ),
  fact(
    'brother course',
    3,
    "He's doing pharmacy, second year, and apparently the pharmacology module is the one killing him. Is there a good YouTube channel for that, so I can look like a helpful big sister?",
    'There are several well-regarded channels for pharmacology with short, clear videos on drug classes and mechanisms; he can pair them with flashcards.',
    'computer science',
    'What subject is my brother doing at uni?',
    {
      session: 9,
      text: "omo dapo has switched course o, he's leaving pharmacy and starting computer science in september. my mum is not happy lol. is it normal to change in 2nd year?",
      reply:
        'It is fairly common. Some students restart in first year of the new course; the university will explain how credits and funding carry over.',
      old: 'pharmacy',
    },
  ),
  fact(
    'brother university',
    3,
    "He's only at Leeds, so it's not far at all, but he still refuses to come home and do his laundry like a normal student. Anyway, the revision stuff first, thank you!",
    'Here is a short list of revision techniques you can forward to him.',
    'leeds',
    'Which university is my brother at?',
  ),

  // Session 4: formal, work-style prose.
  fact(
    'legal name',
    4,
    'Could you help me draft a visa invitation letter for my parents to attend a family event in the UK? For reference, my legal name, as it appears on my passport, is Abigail Oluwatoyin Adebayo.',
    'Certainly. Here is a draft invitation letter giving your full name, address, relationship to the applicants, the purpose and dates of the visit, and who will cover their costs.',
    'abigail',
    'What is the first name on my passport?',
  ),
  fact(
    'job',
    4,
    'I work as a data analyst and need to present the quarterly repairs figures to our board. Could you suggest a structure for a ten-minute presentation?',
    'Open with the headline figures, then trends against target, the two or three main drivers, risks, and finish with the decisions you need from the board.',
    'data analyst',
    "What's my job title?",
  ),
  fact(
    'employer',
    4,
    'For context, the organisation is Northway Homes, a housing association with roughly 12,000 properties. Please keep the language accessible to non-specialist board members.',
    'Understood. I will avoid jargon and explain metrics such as average days to complete a repair in plain terms.',
    'northway',
    'Who do I work for?',
  ),
  fact(
    'manager',
    4,
    'My line manager, Gareth, has asked for the dashboard to be ready for review by Friday. Please draft a brief status update to him.',
    'Here is a short update: progress so far, what remains, any blockers, and confirmation that the dashboard will be ready for review on Friday.',
    'priya',
    "Who's my boss at the moment?",
    {
      session: 10,
      text: 'Please note that Gareth has now left the organisation; my new line manager is Priya Shah, who prefers weekly written summaries. Could you draft a template for those?',
      reply:
        'Here is a template: highlights, progress against priorities, risks and issues, and plans for next week, each in two or three bullet points.',
      old: 'gareth',
    },
  ),
  fact(
    'work tool',
    4,
    'The reporting is built in Power BI, fed from a SQL Server warehouse. What is the recommended approach to row-level security when different teams should see only their own regions?',
    'Define roles with DAX filters on a region table, map users to regions in a security table, and test each role with "View as" before publishing.',
    'power bi',
    'Which software do I build my dashboards in?',
  ),
  fact(
    'workplace',
    4,
    'I am usually based at our Salford Quays site on Tuesdays and Thursdays and at home otherwise, so please suggest meeting slots that fit that pattern.',
    'Suggested slots: Tuesday or Thursday mid-morning for in-person meetings, and Monday, Wednesday or Friday for calls.',
    'salford quays',
    'Where do I go in to work on my in-person days?',
  ),

  // Session 5: lowercase chat.
  fact(
    'side business',
    5,
    'doing knotless braids for a client tmrw, 6 hrs minimum. any tips for not wrecking my back? the side hustle is paying for the wedding so',
    'Raise the client on a higher chair or cushion so you are not bending, take a stretch break every hour, and keep your elbows low.',
    'celebration cakes',
    'What do I do as my side hustle these days?',
    {
      session: 9,
      text: "no more braiding for me o, my wrists can't take it. i'm doing celebration cakes now, first order is a 21st next week!! how far ahead can i bake the sponges",
      reply:
        'Sponges can be baked two days ahead and kept well wrapped, or frozen up to a month. Decorate the day before.',
      old: 'braid',
    },
  ),
  fact(
    'choir part',
    5,
    "choir rehearsal ran late again, we're doing a gospel version of amazing grace and the alto line sits sooo low for me",
    'Warm up your lower range gently and do not push; ask the director whether you can take the upper note where the line splits.',
    'soprano',
    'What voice part do I sing in the choir?',
    {
      session: 11,
      text: 'Choir director moved me up to soprano!! Warm-ups for high notes?',
      reply: 'Lip trills, sirens from low to high, and gentle "ng" slides. Never force the top notes.',
      old: 'alto',
    },
  ),
  fact(
    'church',
    5,
    'sunday service at rccg was 3 hours today lol, pastor went off. what is a good quick lunch after',
    'Something ready in fifteen minutes: egg fried rice, a wrap, or leftovers reheated with fresh greens.',
    'rccg',
    'Which church do I attend?',
  ),
  fact(
    'music',
    5,
    "burna boy tickets go on sale friday, he's the only artist i'd queue online for. any tips for getting tickets",
    'Log in early, have payment saved, use one device on a fast connection, and do not refresh the queue page.',
    'burna boy',
    "Who's my favourite musician?",
  ),
  fact(
    'driving instructor',
    5,
    '2nd driving lesson today w kwame, roundabouts terrify me. how do u know which lane to be in',
    'For most roundabouts: left lane for the first exit, right lane for exits past 12 o’clock, and follow the road markings.',
    'sandra',
    'Who is my instructor?',
    {
      session: 11,
      text: 'New instructor: Sandra. Way calmer than Kwame.',
      reply: 'A calm instructor makes a big difference to confidence.',
      old: 'kwame',
    },
  ),

  // Session 6: terse.
  fact(
    'car',
    6,
    'Bought a used Corsa off my cousin. Sitting outside till I pass. Learner insurance tips?',
    'Look at learner policies that cover you on a car you own, compare black-box options, and make sure a supervising driver meets the rules.',
    'corsa',
    'What car do I own?',
  ),
  fact(
    'wake-up time',
    6,
    'Alarm at 5:30 for devotion then run. How do I stop hitting snooze?',
    'Put the alarm across the room, lay out your kit the night before, and go to bed at the same time each night.',
    '5:30',
    'What time do I get up in the morning?',
  ),
  fact(
    'language learning',
    6,
    'Duolingo French streak: 200 days. Good podcast for the next level?',
    'Try "Coffee Break French" or "InnerFrench"; the second is all in slow, clear French.',
    'french',
    'Which language am I learning on my phone?',
  ),

  // Session 7: long rambling messages.
  fact(
    'house hunting',
    7,
    "Okay, so Marcus and I have started looking at buying, because honestly the rent is criminal, and we're mostly looking around Altrincham because of the schools for later and the tram line, but the prices are scary. Can you explain how a Lifetime ISA works with a first-time buyer mortgage? I've had one for two years and I don't really understand the rules.",
    'You can use a Lifetime ISA towards a first home up to £450,000 if the account has been open at least 12 months; the 25% bonus counts towards the deposit, and the conveyancer claims it.',
    'urmston',
    'Where are we hoping to buy a house?',
    {
      session: 12,
      text: "scrap altrincham lol, way out of budget. we're looking in urmston now, much more doable. what should we ask at viewings",
      reply:
        'Ask about the age of the boiler and roof, the reason for the sale, chain length, damp, parking and what is included in the sale.',
      old: 'altrincham',
    },
  ),
  fact(
    'honeymoon',
    7,
    "And while I'm at it, honeymoon: we're set on Zanzibar. Marcus found a place in Nungwi with its own little beach and I've been staring at the photos all week instead of working. What vaccinations would we need for that, and how far ahead should we get them?",
    'Check the NHS Fit for Travel pages and see a travel nurse about six to eight weeks before; yellow fever certificate rules depend on your route.',
    'mauritius',
    'Where are we going for our honeymoon?',
    {
      session: 11,
      text: 'Honeymoon update: not Zanzibar anymore, Mauritius. Direct flights. Best time of year?',
      reply: 'May to December is the drier, cooler season; April and May are a lovely shoulder period.',
      old: 'zanzibar',
    },
  ),
  fact(
    'maid of honour',
    7,
    "Also my best friend Ngozi has agreed to be my chief bridesmaid, and she's already made a WhatsApp group with twenty-three people in it, God help me. What are the usual duties, so I can gently tell her what I actually need?",
    'Usually helping with planning, organising the hen do, supporting you on the day, and coordinating the bridesmaids. Tell her your top three priorities.',
    'ngozi',
    "Who's my maid of honour?",
  ),
  fact(
    'fiance job',
    7,
    "Marcus is on nights all week (paramedic life), so all the wedding admin falls to me, as always. Can you make me a simple spreadsheet layout to track suppliers and deposits so I'm not living in my notes app?",
    'Columns: supplier, service, contact, quote, deposit paid, date paid, balance due, due date, status and notes.',
    'paramedic',
    'What does my fiancé do for a living?',
  ),

  // Session 8: ordinary prose.
  fact(
    'parents',
    8,
    'My parents retired back to Ibadan last year, and I want to send them money every month. What is the cheapest way to transfer to Nigeria at the moment?',
    'Compare specialist transfer services on the exchange rate as well as the fee; they usually beat banks. Check the amount received, not just the fee.',
    'ibadan',
    'Where do my mum and dad live?',
  ),
  fact(
    "mother's career",
    8,
    "My mum was a headteacher for thirty years, so she's going to mark every line of my speech at the wedding. Could you help me with an opening that would get past her?",
    'Open with a short, warm story, thank your parents by name, and keep sentences crisp; she will appreciate a clear structure.',
    'headteacher',
    'What did my mother do for work?',
  ),
  fact(
    'cuisine',
    8,
    'I have been on a Korean cooking kick lately; I made kimchi fried rice twice this week. What should I try next?',
    'Try japchae, bibimbap with gochujang, or a simple doenjang jjigae.',
    'korean',
    'What cuisine am I into at the moment?',
  ),
  fact(
    'current book',
    8,
    'Finally reading Americanah, only took me ten years to get round to it. Any similar novels for when I finish?',
    'You might enjoy "Half of a Yellow Sun", "Homegoing" by Yaa Gyasi, or "Queenie" by Candice Carty-Williams.',
    'americanah',
    'What book am I in the middle of?',
  ),

  // Session 9: lowercase, with Pidgin.
  fact(
    'comfort show',
    9,
    "rewatching gilmore girls for the 4th time, don't judge me abeg. what should i watch after",
    'Try "Parenthood", "Sweet Magnolias", "Ted Lasso" or "Schitt\'s Creek".',
    'gilmore girls',
    "What series do I put on when I'm feeling low?",
  ),
  fact(
    'craft hobby',
    9,
    'wahala be like crochet pattern wey no get written instructions. how do i read a crochet chart',
    'Each symbol is a stitch; start at the bottom, read right-side rows right to left and wrong-side rows left to right, and use the key.',
    'crochet',
    'What craft do I do?',
  ),
  fact(
    'work friend',
    9,
    'declan from my team and i do lunch every friday, we need somewhere new near the quays. ideas?',
    'Try the food halls and independent cafés around MediaCity, or a short walk to the spots along the canal.',
    'declan',
    'Who do I have lunch with at work on Fridays?',
  ),

  // Session 10: formal.
  fact(
    'postgraduate degree',
    10,
    'I hold an MSc in Data Science from the University of Sheffield, completed in 2019. Could you help me phrase this concisely on my CV?',
    'For example: "MSc Data Science, University of Sheffield (2019)", followed by one line on your dissertation or key modules.',
    'sheffield',
    "Where did I do my master's?",
  ),
  fact(
    'undergraduate degree',
    10,
    'My undergraduate degree is a BSc in Economics from UNILAG, 2017. Should I spell the institution out in full for UK employers?',
    'Yes, write the full name once with the abbreviation in brackets; UK recruiters may not recognise the short form.',
    'unilag',
    'Which university did I attend back home?',
  ),

  // Session 11: terse.
  fact(
    'hen do',
    11,
    'Ngozi booked the hen do. Lisbon, April! Pack list?',
    'Light layers, comfy shoes for the hills, a smart outfit for dinner, swimwear, sunscreen and a portable charger.',
    'lisbon',
    'Where is my hen party?',
  ),

  // Session 12: mixed.
  fact(
    'engagement ring',
    12,
    "the jeweller says my ring needs resizing, it's an emerald so is that safe? it's a bit loose since i started running more",
    'Emeralds are more fragile than diamonds, so use a jeweller experienced with them who will protect the stone from heat.',
    'emerald',
    'What stone is in my engagement ring?',
  ),
];

/** The date of session `i`: one session every nine days from 2025-03-03, at 09:05 UTC. */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 2, 3 + 9 * i, 9, 5));

/** The sessions: eight filler exchanges each, with the session's statements woven in. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

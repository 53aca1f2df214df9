/**
 * Personal-facts probe K, a held-out measure written blind by an evaluator helper (session 41) who had not read
 * the long-term memory's code, its docs or the other probes: thirteen sessions (0-12) of a user — a man in his
 * mid-thirties in Melbourne writing casual Australian English, often terse phone messages after a night shift,
 * sometimes long venting ones where a fact is a side remark — chatting with an assistant. 49 facts about himself
 * (identity, places, work and colleagues, family, pets, health, vehicles, money and the house hunt, footy, food,
 * music, habits, education, plans, possessions, beliefs), 12 of them corrected casually in a later session, woven
 * into ordinary chatter (`personal-facts-filler-k.ts`, `personal-facts-filler-k2.ts`) that includes details about
 * other people as distractors. One question per fact is asked, first person, in a new session after the last.
 *
 * Not read while writing it: src/ (in particular src/longterm/), docs/personal-facts.md, BENCHMARKS.md,
 * bench/longterm/personal-facts-probe.ts beyond its type declarations (lines 1-57 and 330-378),
 * bench/longterm/personal-facts-probe-b.ts, -probe-c.ts, -probe-d.ts, -probe-d-early.ts, -probe-e.ts, -probe-f.ts,
 * -probe-g.ts, -probe-h.ts, -probe-i.ts, -probe-j.ts, every bench/longterm/personal-facts-filler*.ts file other
 * than K's own (except the `FillerExchange` type declaration of personal-facts-filler-c.ts), and no git log
 * message or diff at all.
 */

import { fillerExchanges } from './personal-facts-filler-k.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The facts, in the order of the sessions they are first stated in. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: normal prose, getting a bio written for the staff newsletter.
  fact(
    'first name',
    0,
    "Before I forget — it's Brodie, in case you want something to call me. Can you help me put together a short blurb for the staff newsletter? They want a 'meet the team' thing and I'm hopeless at that stuff.",
    'Nice to meet you, Brodie! Happy to help — tell me a few things you would like in it and I will draft something light.',
    'brodie',
    "What's my name?",
  ),
  fact(
    'hometown',
    0,
    'I was raised on a cattle property out past Kingaroy, so maybe something about being a country boy who still gets lost in the city.',
    'That is a great hook — a bush kid turned city worker always reads well. I will work it in.',
    'kingaroy',
    'Remind me which town I come from originally?',
  ),
  fact(
    'job',
    0,
    "Work-wise I'm an ICU nurse, been doing it eight years. Don't make it sound heroic, the team will give me heaps.",
    'Understood — modest and a bit funny, no capes. Eight years is worth mentioning though.',
    'icu nurse',
    'What do I do for a living?',
  ),
  fact(
    'husband',
    0,
    "Oh and my husband Khoa says I have to mention the footy or it won't sound like me lol",
    'Then the footy goes in! Here is a draft: "Our newest profile swapped the cattle yards for the city eight years ago and hasn\'t stopped talking about footy since…"',
    'khoa',
    'Who am I married to?',
  ),

  // Session 1: terse, typed on the phone after a night shift.
  fact(
    'home suburb',
    1,
    'finally home in footscray. traffic at 8am is a joke. quick brekky ideas b4 bed?',
    'Something light so you can sleep: toast with peanut butter and banana, or scrambled eggs on toast. Go easy on caffeine.',
    'coburg',
    'Which suburb do I live in at the moment?',
    {
      session: 9,
      text: "update: we moved. lease was up so we're renting in coburg now till we find something to buy",
      reply:
        'Congrats on getting through a move! Hope the new place is treating you well while the hunt goes on.',
      old: 'footscray',
    },
  ),
  fact(
    'nights per week',
    1,
    'rostered four nights a week atm and its killing me',
    'That is a heavy load of nights. Protect your sleep days like appointments — blackout, no phone, and a set wind-down routine.',
    'three nights',
    'How many nights a week am I working?',
    {
      session: 7,
      text: 'good news, got my hours cut back. only doing three nights a week from now on',
      reply: 'That should make a real difference to your sleep and your weekends. Enjoy the extra night off!',
      old: 'four nights',
    },
  ),
  fact(
    'dog',
    1,
    'biscuit (our greyhound) just nicked my toast off the bench. 30kg of pure criminal',
    'Greyhounds are surprisingly good counter-surfers! Pushing food to the back of the bench is about the only fix.',
    'biscuit',
    "What's my dog called?",
  ),
  fact(
    'lactose intolerance',
    1,
    'cant do dairy, lactose intolerant, so no milk in any brekky ideas pls',
    'Got it — no dairy. Try avocado on toast, eggs cooked in oil, or porridge made with water or a lactose-free milk.',
    'lactose',
    "Is there anything I can't eat or drink?",
  ),
  fact(
    'coffee order',
    1,
    'grabbed a large oat latte on the way home. prob why i cant sleep now',
    'Caffeine after a night shift can keep you wired for hours. A smaller size or decaf on the way home might help.',
    'long black',
    "What's my usual coffee order?",
    {
      session: 6,
      text: "Also I've given up the oat lattes, the oat milk was doing weird things to my guts. Long black only now.",
      reply: 'Simple and no milk to worry about — a long black is a good call.',
      old: 'oat latte',
    },
  ),

  // Session 2: long venting messages, facts as side remarks.
  fact(
    'hospital',
    2,
    'Rough one last night. Three admissions back to back, and the staff car park at the Alfred was full again so I parked about a km away in the rain. Anyway, can you explain the difference between noradrenaline and adrenaline in plain English? I want to explain it to a student without sounding like a textbook.',
    'Both are hormones and drugs. Noradrenaline mainly tightens blood vessels to push blood pressure up. Adrenaline does that too but also makes the heart beat harder and faster and opens the airways — it is more of an all-round "fight or flight" hit.',
    'alfred',
    "Remind me which hospital I'm at?",
  ),
  fact(
    'nurse unit manager',
    2,
    "And Priya, my NUM, wants everyone to finish the new sepsis module by Friday on top of everything. Which is fair enough, she's actually a good boss, but when are we meant to do it, between bed baths?",
    'That is a tough ask on a full roster. It might be worth asking her whether protected time can be rostered for it — plenty of units do that for mandatory training.',
    'priya',
    "Who's my manager?",
    {
      session: 10,
      text: "Big news at work, Priya's gone off to run the cardiac ward, so our new NUM is a bloke called Rohan. Jury's still out. He did bring in donuts on his first day though, so that's a start. Anyway — how do I politely ask a new manager for roster requests to be honoured when the old one had an informal arrangement?",
      reply:
        'Ask for a short one-on-one early, explain the arrangement you had and why it worked, and offer to put it in writing. Framing it as keeping things running smoothly helps.',
      old: 'priya',
    },
  ),
  fact(
    'closest colleague',
    2,
    "Only thing getting me through is Tegan, she's the other senior on nights with me. We've been mates since grad year and she always brings the good snacks.",
    'Having someone like that on a night shift makes all the difference. Sounds like a keeper.',
    'tegan',
    "Who's my best friend at work?",
  ),
  fact(
    'asthma',
    2,
    "Also my asthma's been playing up with all the smoke haze around. Is it normal for it to be worse at night, or is that just the shifts?",
    'Asthma is often worse at night for everyone — airway tone changes overnight — and smoke makes it worse. If you need your reliever more than twice a week, your GP should review your plan.',
    'asthma',
    'Do I have any ongoing health conditions?',
  ),
  fact(
    'preventer',
    2,
    "I'm on Seretide twice a day as my preventer but I still end up reaching for the Ventolin by about 3am.",
    'That is worth raising with your GP — needing the reliever regularly while on a preventer can mean the plan needs adjusting.',
    'symbicort',
    'Which preventer puffer am I on?',
    {
      session: 8,
      text: "GP switched me off the Seretide, I'm on Symbicort now — the one inhaler for everything thing. So far so good.",
      reply:
        'Glad it is working. Symbicort as both preventer and reliever suits a lot of people. Keep an eye on how often you use it.',
      old: 'seretide',
    },
  ),

  // Session 3: lowercase chat.
  fact(
    'husband teaches',
    3,
    'hubby is up til midnight marking year 12 chem pracs again. he teaches chemistry so every term ends like this lol',
    'End-of-term marking is brutal. Maybe a late snack and a cuppa delivered to his desk will earn you points.',
    'chemistry',
    'What subject does my husband teach?',
  ),
  fact(
    "husband's school",
    3,
    "he's been at braybrook college 6 yrs now, public school out west, loves the kids, hates the photocopier",
    'Six years at one school is a good stretch — sounds like he has found his people, photocopier aside.',
    'williamstown',
    'Which school does my other half work at?',
    {
      session: 11,
      text: 'hubby got the job at williamstown high!! starts term 3. shorter drive, smaller classes. so proud of him',
      reply:
        'Congratulations to him! That is a great move — shorter drive and smaller classes will make a big difference.',
      old: 'braybrook',
    },
  ),
  fact(
    'stepdaughter',
    3,
    "my stepdaughter harper (she's 10) asked why the sky is blue and i froze. how do i explain it simply",
    'Tell her sunlight is made of all the colours, and the air bounces the blue bits around the sky much more than the red bits — so blue comes at us from everywhere we look.',
    'harper',
    "What's my stepdaughter's name again?",
  ),
  fact(
    "stepdaughter's other home",
    3,
    "she's with us every second weekend, rest of the time she's at her mum's down in geelong",
    'That is a common arrangement. Keeping a few of her things at your place can make the switch easier for her.',
    'geelong',
    "Where does the kid live when she isn't with us?",
  ),

  // Session 4: normal prose, bikes and money.
  fact(
    'motorbike',
    4,
    "I ride a Kawasaki Z650 to work most nights. What's the best way to stop the chain rusting over winter?",
    'Clean and lube the chain every few hundred kilometres and after riding in the rain, using a proper chain lube. A quick wipe with a rag after wet rides helps a lot.',
    'triumph',
    'What motorbike have I got?',
    {
      session: 8,
      text: 'Sold the Kawasaki! Picked up a Triumph Trident on the weekend, absolute weapon.',
      reply:
        'Nice upgrade! The Trident is a lovely triple. Take it easy for the first few rides while you get used to the extra go.',
      old: 'kawasaki',
    },
  ),
  fact(
    'car',
    4,
    "The Hilux is the backup for when it's bucketing down, but it drinks diesel like nothing.",
    'Utes are thirsty on short trips. Keeping the tyres at the right pressure and the back empty helps a little.',
    'hilux',
    'What car do I drive?',
  ),
  fact(
    'deposit target',
    4,
    "We're trying to save a 120k deposit. What's a realistic monthly savings amount on two incomes of about 95k each?",
    'After tax that is roughly $12,500 a month combined. Saving 25–30% is realistic for most couples, so around $3,000–$3,750 a month — a bit under three years to get there.',
    '150k',
    'How much are we aiming to put down on a place?',
    {
      session: 10,
      text: "Oh and we've bumped the target to 150k, prices out here keep climbing and we don't want to pay LMI.",
      reply:
        'Makes sense — getting to 20% avoids lenders mortgage insurance, which can be tens of thousands.',
      old: '120k',
    },
  ),
  fact(
    'house hunting area',
    4,
    "We've mostly been looking around Altona. Near the beach but not completely insane prices.",
    'It is a popular pick for that reason. Going to a few open inspections will give you a feel for what your budget buys.',
    'werribee',
    'Which area are we house hunting in?',
    {
      session: 10,
      text: 'Gave up on Altona — everything we liked went 100k over reserve. Looking at Werribee now, way more house for the money.',
      reply: 'Frustrating, but a good pivot. Werribee has plenty of stock and the train line helps.',
      old: 'altona',
    },
  ),
  fact(
    'mortgage broker',
    4,
    'Our mortgage broker Sanjay says we need pre-approval sorted before we start going to auctions.',
    'He is right — pre-approval tells you your ceiling and lets you bid with confidence.',
    'sanjay',
    "Who's our mortgage broker?",
  ),

  // Session 5: terse.
  fact(
    'AFL club',
    5,
    'flag defence starts this wk. been a lions man since i was 6, nervous as',
    'Back-to-back is the hardest thing to do in footy. Good luck — hope they start strong.',
    'lions',
    'Which AFL team do I barrack for?',
  ),
  fact(
    'social footy club',
    5,
    'training w the yarraville seagulls tonight. social league, im there for the beers mostly',
    'Ha — the best kind of footy. Have fun and stretch those hammies.',
    'seagulls',
    'What club do I play for?',
  ),
  fact(
    'nickname',
    5,
    'boys call me rooster cos i crow every time i kick one lol',
    'That is a nickname you have clearly earned. Keep the goals coming!',
    'rooster',
    "What's my nickname at footy?",
  ),
  fact(
    'gym',
    5,
    'f45 at 4 then training. legs are done',
    'Big day. Get some protein in and foam roll before bed.',
    'crossfit',
    'What kind of workouts am I doing these days?',
    {
      session: 9,
      text: 'quit f45, too pricey. doing crossfit instead, cheaper and the coaches are better',
      reply: 'Nice — good coaching makes a huge difference. Ease into the Olympic lifts.',
      old: 'f45',
    },
  ),
  fact(
    'chickens',
    5,
    'chooks are laying again finally. 3 australorps and a little bantam',
    'Great news! Australorps are champion layers. Autumn moult can slow them, so enjoy the eggs while they last.',
    'australorp',
    'What breed are my hens?',
  ),

  // Session 6: long rambling messages.
  fact(
    "sister's city",
    6,
    "My sister Shannon rang last night from Townsville, she's doing her vet residency up there and sounds flat out. Anyway, what's a good care package to post to someone working crazy hours in the heat?",
    'Electrolyte tablets, good snacks, a cooling towel, a nice hand cream, and a note from home. A voucher for a meal delivery service is a winner for long hours.',
    'darwin',
    'Where does my sister live?',
    {
      session: 11,
      text: "shannon's moving to darwin, got a job at a vet clinic there. flying up next month to help her unpack",
      reply: 'Exciting for her! Darwin in the dry season is a great time to visit, too.',
      old: 'townsville',
    },
  ),
  fact(
    "mother's name",
    6,
    "Then Mum (Robyn) rang straight after about the farm and the dry, and I was on the phone for an hour. She asked if I could help her set up video calls on her iPad — what's the simplest app for someone who isn't techy?",
    'FaceTime if both of you have Apple devices — it is built in and just needs your number in her contacts. Otherwise WhatsApp is simple and works on everything.',
    'robyn',
    "What's my mother called?",
  ),
  fact(
    'in-laws',
    6,
    "And on Sundays we do a massive feed at my husband's parents' place in St Albans, they cook enough for thirty people for about eight of us.",
    'That sounds like a great tradition. You will never go hungry!',
    'st albans',
    'Where do my in-laws live?',
  ),
  fact(
    'learning a language',
    6,
    "Which is why I've been doing Duolingo Vietnamese every night on my break, so I can actually chat with his mum. The tones are killing me. Any tips for hearing the difference?",
    'Practise with minimal pairs — words that differ only in tone — and record yourself. Listening to slow native audio and shadowing it helps a lot.',
    'vietnamese',
    'What language am I learning?',
  ),
  fact(
    'trip destination',
    6,
    "We've booked flights to Da Nang for September to see his grandma, first time I'll meet her. What should I bring as a gift?",
    'Good-quality local treats travel well — Australian honey, macadamias or nice tea. Present it with both hands, which is a polite gesture.',
    'hanoi',
    "Where's our overseas trip to this year?",
    {
      session: 12,
      text: "Scratch the Da Nang thing, ended up booking Hanoi instead — his gran's moved in with an aunty up there.",
      reply:
        'Good thing you found out before the trip! Hanoi is a wonderful city — the Old Quarter food is worth the trip alone.',
      old: 'da nang',
    },
  ),

  // Session 7: lowercase chat.
  fact(
    'music',
    7,
    'been flogging ball park music on the ride home, new album slaps',
    'They have such a good run of albums. Perfect commute music.',
    'ball park music',
    'What band am I into at the moment?',
  ),
  fact(
    'podcast',
    7,
    'also casefile on the way home, prob a bad idea at 3am on an empty road lol',
    'Ha, true crime in the dark is a bold choice. Maybe save the creepier episodes for daylight.',
    'casefile',
    'What podcast have I been hooked on?',
  ),
  fact(
    'pub meal',
    7,
    'thursday is parma night at the local, non negotiable',
    'A sacred tradition. Chips under or on the side?',
    'parma',
    'What do I always order at the pub?',
  ),
  fact(
    'home brew',
    7,
    'got a batch of ginger beer going in the laundry, how do i stop the bottles exploding',
    'Use plastic bottles so you can feel the pressure, and once they are firm move them to the fridge to stop fermentation. Do not over-prime with sugar.',
    'ginger beer',
    'What drink do I make myself?',
  ),
  fact(
    'birthday',
    7,
    "turning 36 on the 9th of august and the hubby wants a party. i'd rather sleep",
    'Maybe a compromise: a long lunch with a few mates, then home for a nap!',
    'august',
    "When's my birthday?",
  ),

  // Session 8: normal prose.
  fact(
    'drug allergy',
    8,
    'Penicillin gives me hives, so the GP had to find something else for this chest infection.',
    'Good that it is on your record. Doxycycline or a macrolide is a common alternative for chest infections.',
    'penicillin',
    'Am I allergic to any medicines?',
  ),
  fact(
    'wedding venue',
    8,
    "Our wedding was at the Abbotsford Convent three years ago — can you suggest something nice to do for the anniversary that isn't just dinner?",
    'Go back to the Convent for a picnic or a class there, book a hot-air balloon at dawn, or recreate your first date. Something that nods to the day itself is always sweet.',
    'abbotsford convent',
    'Where did I get married?',
  ),
  fact(
    'university',
    8,
    'I did my nursing degree at QUT back in Brisbane. Do I need anything special to get my transcripts sent to another uni?',
    'Most universities let you order an official digital transcript through the student portal, or through My eQuals, which the other university can verify.',
    'qut',
    'Which uni did I study at?',
  ),
  fact(
    'religion',
    8,
    "I was raised Catholic but I'm atheist these days. My in-laws are Buddhist — is there anything I should know before going to a temple with them?",
    'Dress modestly, take your shoes off before going inside, and do not point your feet toward the Buddha images. Following their lead is the best guide.',
    'atheist',
    'Am I religious?',
  ),

  // Session 9: terse.
  fact(
    'post-shift sleep',
    9,
    'out cold by 9:30am after a night, up around 4ish',
    'That is a solid block if you can keep it consistent. Blackout curtains and a cool room help a lot.',
    '9:30am',
    'What time do I crash after work?',
  ),
  fact(
    'plasma donation',
    9,
    'did my plasma at lifeblood this morning. every fortnight like clockwork',
    'Legend! Plasma donations go a long way. Keep up the fluids today.',
    'plasma',
    'What do I give at the blood bank every couple of weeks?',
  ),

  // Session 10: long rambling messages.
  fact(
    'postgrad course',
    10,
    "Enrolled in a Grad Cert in critical care through Deakin, starts in July, mostly online, which is good because I'll be doing it at 4am on my break half the time. Any tips for studying on a night roster?",
    'Study in short blocks during quieter stretches, keep readings on your phone, and plan assignment deadlines around your rostered days off.',
    'deakin',
    'Where am I doing my postgrad?',
  ),
  fact(
    'favourite film',
    10,
    'Made the kid watch The Castle with us last night, my all-time favourite movie. She didn\'t get half the jokes but laughed at "tell him he\'s dreamin". Any other Aussie films suitable for a 10-year-old?',
    'Red Dog, Paper Planes, Storm Boy and Babe are all great family picks.',
    'the castle',
    "What's my favourite film?",
  ),
  fact(
    'current book',
    10,
    'Also finally reading Cloudstreet by Tim Winton, a few pages before bed. Took me long enough.',
    'It is a beautiful book — the Lamb and Pickles families stay with you. Enjoy!',
    'cloudstreet',
    'What novel am I working through?',
  ),

  // Session 11: lowercase chat.
  fact(
    'beer',
    11,
    'coopers pale is the only beer i drink, everything else tastes like fizzy water',
    'A classic for a reason. Give the bottle a gentle roll before pouring to mix the sediment.',
    'coopers',
    "What's my beer of choice?",
  ),

  // Session 12: mixed.
  fact(
    'inherited car',
    12,
    "Dad's giving me his old HQ Kingswood, it's been sitting in the shed since the 90s. Where do I even start getting it roadworthy?",
    'Start with a safety inspection: brakes, tyres, rust and wiring. Replace the fluids and belts, then book a roadworthy certificate once the basics are sorted.',
    'kingswood',
    "What's the classic I'm inheriting?",
  ),
];

/** The date of session `i` (one session every eleven days from 2025-01-14, at 20:15 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 0, 14 + 11 * i, 20, 15));

/** The sessions: each holds eight filler exchanges with its statements woven among them. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

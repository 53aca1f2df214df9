/**
 * Personal-facts probe G, a held-out measure written blind by an evaluator who never read engram's sources: a
 * different kind of user from the other probes — a university student in their early twenties in Montreal who
 * also works part-time in a café, chatting in a mix of casual English and slang (some sessions in lowercase
 * chat, some in plain prose, some terse mobile messages, some long rambling requests with the fact as a side
 * remark). 45 facts over 13 sessions (0-12), 11 of them corrected casually in a later session ("moved!!",
 * "update:", "quit X, into Y now"), woven into the ordinary chatter of `personal-facts-filler-g.ts` and
 * `personal-facts-filler-g2.ts` (which also talks about other people: roommates' partners, a friend's dog, a
 * classmate's home town). One question per fact, asked in a new session after the last, first person; most
 * share no content word with the statement.
 *
 * Written without reading: anything under src/, docs/personal-facts.md, BENCHMARKS.md, the body of
 * bench/longterm/personal-facts-probe.ts (only its type declarations, lines 1-57 and 330-378),
 * personal-facts-probe-b.ts, -probe-c.ts, -probe-d.ts, -probe-d-early.ts, -probe-e.ts, -probe-f.ts, every
 * personal-facts-filler*.ts file other than this probe's (only the `FillerExchange` type of
 * personal-facts-filler-c.ts), and any git log message or diff.
 */

import { fillerExchanges as fillerOne } from './personal-facts-filler-g.ts';
import { fillerExchanges as fillerTwo } from './personal-facts-filler-g2.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The 45 facts (11 corrected), in the order they are first stated. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: plain prose, a first chat.
  fact(
    'name',
    0,
    "Hi! Quick intro since it's my first time using this: I'm Annelise, and I'll mostly be asking for help with school stuff and random life admin.",
    'Nice to meet you, Annelise! Happy to help with school work, life admin, or whatever comes up.',
    'annelise',
    "What's my name?",
  ),
  fact(
    'university',
    0,
    "For context I'm at Concordia, so if you know how their library databases work that would help a lot. I can never find peer-reviewed stuff.",
    'In most university library portals you can filter results by "peer reviewed" on the left-hand side after searching; Concordia\'s Sofia Discovery tool has that option too.',
    'concordia',
    'Which university do I go to?',
  ),
  fact(
    'home city',
    0,
    "It is so humid here in Montreal right now. How do people sleep without AC? I have one fan and it's just moving hot air around.",
    'Try a bowl of ice in front of the fan, a damp sheet, and opening windows on opposite sides at night to get a cross-breeze.',
    'montreal',
    'What city am I based in?',
  ),
  fact(
    'field of study',
    0,
    "My program is urban planning and I've got a reading response due Friday on Jane Jacobs for my summer course. Any angle that isn't the obvious 'eyes on the street' thing?",
    'You could look at her ideas on mixed primary uses, or critique how her work has been used to justify gentrification.',
    'geography',
    'What am I studying?',
    {
      session: 7,
      text: "Okay so update on my life: I officially switched out of urban planning, I'm a geography major now, which means I need to take an intro GIS course and I have never touched QGIS. Can you walk me through loading a shapefile and changing the projection? Sorry if that's a dumb question.",
      reply:
        'Not dumb at all! In QGIS: Layer > Add Layer > Add Vector Layer, pick the .shp file, then right-click the layer > Export > Save Features As and choose the new CRS.',
      old: 'urban planning',
    },
  ),
  fact(
    'languages',
    0,
    "I speak Tagalog with my mom's side of the family but my writing is super rusty. Is 'Maligayang kaarawan' the right way to write happy birthday on a card?",
    "Yes, 'Maligayang kaarawan' is the standard way to write happy birthday.",
    'tagalog',
    'What languages do I know besides English?',
  ),

  // Session 1: lowercase chat.
  fact(
    'nickname',
    1,
    "lol nobody actually calls me annelise btw, it's nell to literally everyone except my grandma",
    'Got it, Nell it is!',
    'nell',
    'What nickname do I go by?',
  ),
  fact(
    'neighbourhood',
    1,
    'ok so my apartment in verdun has the WORST radiators, they clank all night in winter. how do i bleed a radiator before it gets cold again',
    'Turn the heat off, hold a cloth under the valve, open it a quarter turn with a radiator key until water instead of air comes out, then close it.',
    'rosemont',
    'What neighbourhood do I live in?',
    {
      session: 6,
      text: 'moved!! rosemont now, way closer to the park. boxes everywhere lol',
      reply: 'Congrats on the move! Unpack the kitchen and bed first, the rest can wait.',
      old: 'verdun',
    },
  ),
  fact(
    'café',
    1,
    'shift at bivouac was chaos today, some guy ordered 14 custom drinks for his office. anyway whats a good way to memorize a drink menu fast',
    'Group the drinks by base (espresso, tea, blended), learn the ratios per size, and quiz yourself with flashcards.',
    'bivouac',
    'Where do I work part-time?',
  ),
  fact(
    'pet',
    1,
    'gnocchi knocked my whole mug off the desk again 😭 cats are menaces. how do i get coffee out of a rug',
    "Blot (don't rub), then dab with a mix of dish soap, white vinegar and warm water, and blot again with a dry towel.",
    'gnocchi',
    "What's my pet called?",
  ),
  fact(
    'volunteering',
    1,
    'i volunteer at the food bank on wednesdays and they want me to make a sign-up sheet for new people, google forms or sheets better?',
    'Google Forms for the sign-up itself, with responses going into a Sheet so the coordinators can sort them.',
    'food bank',
    'Where do I help out every week?',
  ),

  // Session 2: terse mobile.
  fact(
    'café role',
    2,
    'barista life = sore wrists. stretches?',
    'Try wrist flexor and extensor stretches, prayer stretch, and shaking out your hands between rushes.',
    'shift supervisor',
    "What's my job at the café?",
    {
      session: 8,
      text: 'ok small flex: got promoted to shift supervisor at work 🎉 more money more problems. how do i tell ppl my age what to do without being weird',
      reply: 'Congrats! Be clear and friendly, explain the why, and back your team up when things get busy.',
      old: 'barista',
    },
  ),
  fact(
    'drink',
    2,
    'dont even drink coffee tbh lol. matcha only. best cheap whisk?',
    'A basic bamboo chasen is around $10-15 and works fine; a small electric frother also does the job.',
    'matcha',
    "What's my go-to caffeine fix?",
  ),
  fact(
    'brother',
    2,
    'lil bro felix needs a resume for his first job, hes 16. template?',
    'For a first job: contact info, a short objective, school, volunteering, skills, and references on request.',
    'felix',
    "What's my brother's name?",
  ),
  fact(
    'bike',
    2,
    'old green peugeot bike, chain keeps slipping. fix?',
    'Check if the chain is stretched or the rear derailleur needs adjusting; a worn chain or cassette is the usual cause.',
    'trek',
    'What brand is my bicycle?',
    {
      session: 9,
      text: 'bike got stolen outside the library 🙃 classic. grabbed a used trek off marketplace, $220. good lock?',
      reply: 'Sorry! Get a solid U-lock plus a cable for the front wheel, and lock to something fixed.',
      old: 'peugeot',
    },
  ),
  fact(
    'sport',
    2,
    'ultimate frisbee tmrw, rain. cleats or sneakers?',
    'Cleats, definitely, wet grass is slippery.',
    'bouldering',
    'What sport am I into these days?',
    {
      session: 10,
      text: 'quit ultimate. into bouldering now. chalk or no chalk',
      reply: 'Chalk, it helps a lot with grip, especially on slopers.',
      old: 'frisbee',
    },
  ),

  // Session 3: long rambling requests, the fact a side remark.
  fact(
    'hometown',
    3,
    "Okay long one, sorry. I'm heading back to Sudbury for the Canada Day long weekend — that's where I grew up, it's a whole day on the bus — and I want to bring something homemade that survives like 9 hours in a backpack in the heat. Cookies? Some kind of loaf? Nothing with nuts because my aunt is allergic.",
    'A banana or zucchini loaf wrapped tightly keeps well, and oatmeal or shortbread cookies travel better than soft ones.',
    'sudbury',
    'Which town am I originally from?',
  ),
  fact(
    'mother job',
    3,
    "so my mom has been a dental hygienist forever and she's finally thinking about going part-time, and she asked me (lol, the kid who can't budget) to help her build a spreadsheet for her retirement savings. can you make a simple template with columns for income, expenses and what's left?",
    'Sure: columns for Month, Income, Fixed expenses, Variable expenses, Savings contribution, and a Remaining column = Income − all expenses.',
    'hygienist',
    'What does my mother do for a living?',
  ),
  fact(
    'condition',
    3,
    'Also, unrelated, but I got diagnosed with ADHD last spring and honestly it explains SO much about how I study. Do you have tips for reading long PDFs without zoning out? Like 40 pages of dense theory a week.',
    'Break readings into short timed chunks, annotate as you go, read with a purpose question in mind, and try text-to-speech while following along.',
    'adhd',
    'What health condition do I have?',
  ),
  fact(
    'coworker',
    3,
    "My coworker Kenji does these insane latte art tulips and he said he'd teach me if I help with his cover letter, he's applying to culinary school in the fall. Could you help me outline a cover letter for culinary school? He's worked in cafés for three years but never in a real kitchen.",
    'Open with why he wants to cook, connect café work to speed, consistency and hygiene, and end with what he hopes to learn.',
    'kenji',
    'Which colleague of mine wants to become a chef?',
  ),

  // Session 4: lowercase chat.
  fact(
    'diet',
    4,
    "been vegetarian since i was 15 lol, need cheap high protein dinners that aren't just chickpeas every single night",
    'Lentil bolognese, tofu stir-fry, egg fried rice, black bean quesadillas and tempeh bowls are all cheap and high in protein.',
    'vegan',
    'What kind of diet do I follow?',
    {
      session: 10,
      text: 'update: went fully vegan this month. so no eggs or cheese in recipes pls',
      reply: "Noted, I'll keep recipes free of eggs, dairy and other animal products.",
      old: 'vegetarian',
    },
  ),
  fact(
    'medication',
    4,
    'my vyvanse wears off around 4pm and then i crash so hard. is it normal to be starving at night',
    'Appetite rebound in the evening is common with stimulants; a planned, filling dinner helps. Mention the crash to your prescriber.',
    'concerta',
    'What medication am I on?',
    {
      session: 11,
      text: "Quick question that's half health half scheduling: my doc switched me from Vyvanse to Concerta last week because of the afternoon crash, and I'm trying to figure out what time to take it so it covers my 9am lecture and still lets me sleep. I'm usually up at 7:30. Does that even matter or am I overthinking it?",
      reply:
        "It's worth asking your doctor or pharmacist for the exact timing, but many people take it right after waking so it covers the morning and wears off by evening.",
      old: 'vyvanse',
    },
  ),
  fact(
    'partner',
    4,
    "my gf amara's bday is next week and i'm broke. cute gift ideas under $30?",
    'A handmade photo book, a picnic with her favourite snacks, a plant, or a playlist with a handwritten letter.',
    'amara',
    "What's my partner's name?",
  ),
  fact(
    'music',
    4,
    "haven't stopped listening to mitski since like 2022. what's a time signature change, she does it constantly",
    'It means the number of beats per bar changes mid-song, e.g. from 4/4 to 3/4, which gives a lurching, unsettled feel.',
    'mitski',
    "Who's my favourite artist?",
  ),
  fact(
    'birthday',
    4,
    'turning 22 on november 9 and my friends want karaoke. song ideas that arent cringe?',
    "'Dancing in the Dark', 'Valerie', 'Mr. Brightside' and 'Dreams' are crowd-pleasers without being too cheesy.",
    'november',
    "When's my birthday?",
  ),

  // Session 5: plain prose.
  fact(
    'allergy',
    5,
    'I need to fill out a health form for a volunteer program. Under allergies I put penicillin — do I need to list anything else, like what kind of reaction I get?',
    'Yes, it helps to note the reaction (rash, hives, swelling) and how severe it was, so staff know how serious it is.',
    'penicillin',
    'Am I allergic to any medications?',
  ),
  fact(
    'best friend',
    5,
    "My best friend Zainab and I are doing a thrift flip challenge this weekend. What are some easy ways to turn a men's button-up into something cuter?",
    'Crop it and add a tie-front, take in the sides, cut it into a wrap top, or add puff sleeves with elastic.',
    'zainab',
    "Who's my bestie?",
  ),
  fact(
    'graduation',
    5,
    "I'm graduating in 2026 if all goes well, so I want to start looking at summer internships now. How early do firms usually recruit?",
    'Many recruit in the fall for the following summer, so start looking in September and October.',
    '2026',
    'When am I supposed to finish my degree?',
  ),
  fact(
    'religion',
    5,
    "I was raised Catholic but I'd call myself agnostic now. My grandma keeps asking me to come to mass at Christmas — how do I say no kindly?",
    "You could say you'd love to spend Christmas with her and offer to join for dinner or another tradition instead.",
    'agnostic',
    'What are my religious beliefs?',
  ),
  fact(
    'manager',
    5,
    'My manager, Dario, posts the schedule at midnight the day before every week. How can I politely ask him to post it earlier?',
    'Frame it around planning: mention classes and ask if it could go up by a set day, like Thursday for the next week.',
    'yasmin',
    "Who's my boss at the café?",
    {
      session: 11,
      text: "Also, big news at work: Dario quit! Our new manager is Yasmin and she's honestly so organized, the schedule is up two weeks ahead now. I want to write her a little welcome card from the team, can you help me with two or three sentences that aren't cheesy?",
      reply:
        "Sure: 'Welcome to the team, Yasmin! We're already loving the early schedules. Looking forward to a great season together.'",
      old: 'dario',
    },
  ),

  // Session 6: terse mobile.
  fact(
    'laptop',
    6,
    'thinkpad fan spinning like crazy. 2019 model. fix?',
    'Clean the vents with compressed air, check Task Manager for runaway processes, and update the BIOS.',
    'macbook',
    'What kind of laptop do I use?',
    {
      session: 12,
      text: 'RIP thinkpad 💀 mom gave me her old macbook air. how do i do ctrl alt delete on this thing',
      reply: 'On a Mac, Option + Command + Esc opens Force Quit, the closest thing to Ctrl+Alt+Delete.',
      old: 'thinkpad',
    },
  ),
  fact(
    'commute',
    6,
    'orange line down AGAIN. i take it every day smh. fastest bus to campus?',
    "Check the STM app's trip planner for the live detour; buses along the main north-south routes usually connect to the green line.",
    'orange line',
    'Which metro line do I ride?',
  ),
  fact(
    'fear',
    6,
    'pigeons on my balcony again. terrified of them ngl. how to keep them off',
    'Bird spikes or netting, removing food sources, and a reflective deterrent like old CDs usually work.',
    'pigeons',
    'What animal am I scared of?',
  ),

  // Session 7: long rambling.
  fact(
    'roommate',
    7,
    "My roommate Solenne and I keep fighting about dishes, so I want to make a chore chart that actually feels fair — she works nights and I have class all day. Can you suggest a rotation that doesn't feel like a punishment for either of us?",
    'Split by time of day: whoever is home in the evening does dinner dishes, and swap bathroom and floors weekly.',
    'ingrid',
    'Who do I live with?',
    {
      session: 9,
      text: "roommate update: solenne moved out (got a place w her bf), so it's me and ingrid now. she's super quiet. how do we split internet fairly if she's only here half the month",
      reply:
        'Easiest is a straight 50/50; if she is away a lot you could agree on 60/40, but keep it simple.',
      old: 'solenne',
    },
  ),
  fact(
    'grad school plan',
    7,
    "Long term I really want to do a master's in Copenhagen — there's a sustainable cities program that looks perfect — but I have no idea how European admissions work compared to here. What's usually required, transcripts, a statement of purpose, GRE?",
    'Usually transcripts, a CV, a motivation letter, proof of English and sometimes references; the GRE is rarely required in Denmark.',
    'copenhagen',
    'Where do I hope to do grad school?',
  ),
  fact(
    'running',
    7,
    "Also random but I've been running along the Lachine Canal every Sunday morning and my knees hate me lately. Is that more likely a shoes problem or a form problem? I've had the same pair for two years.",
    'Two years is likely past the 500-800 km lifespan of most running shoes; replace them and try shorter strides too.',
    'lachine canal',
    'Where do I go for my weekly run?',
  ),

  // Session 8: lowercase chat.
  fact(
    'favourite film',
    8,
    'rewatched portrait of a lady on fire for the 5th time and cried again. any films w that same vibe',
    "Try 'Carol', 'Call Me by Your Name', 'Aftersun' and 'Past Lives'.",
    'portrait of a lady on fire',
    "What's my all-time favourite movie?",
  ),
  fact(
    'tattoo',
    8,
    'finally got my octopus tattoo on my forearm!! how long till i can go swimming',
    'Wait about 2-4 weeks, until it is fully healed and no longer peeling.',
    'octopus',
    'What design is on my arm?',
  ),
  fact(
    'flying',
    8,
    'took the no-fly pledge w my climate group so its trains and buses only from now on. is the train to toronto actually decent',
    "VIA Rail's Montreal-Toronto route is about five hours, with wifi and decent seats; book early for cheap fares.",
    'no-fly',
    'Do I travel by plane?',
  ),

  // Session 9: mixed.
  fact(
    'trip',
    9,
    "taking the train to New York for reading week in october!! what's worth doing that's free?",
    'Walk the High Line, the Brooklyn Bridge, Central Park, the Staten Island Ferry, and pay-what-you-wish museum hours.',
    'quebec city',
    'Where am I going for my upcoming break?',
    {
      session: 12,
      text: "nyc's cancelled (passport expired lol), doing quebec city for reading week instead. cheap eats there?",
      reply: 'Try Chez Ashton for poutine, Paillard for sandwiches, and the Grand Marché for snacks.',
      old: 'new york',
    },
  ),
  fact(
    'camera',
    9,
    'Picked up a Pentax K1000 at a garage sale for $40!! How do I load film in it?',
    'Open the back by pulling up the rewind knob, put the canister in, pull the leader to the take-up spool, advance twice and close.',
    'pentax',
    'What camera do I shoot with?',
  ),

  // Session 10: terse.
  fact(
    'hockey team',
    10,
    'canadiens preseason cant come soon enough. explain icing pls',
    "Icing is when a team shoots the puck from its own half across the other team's goal line untouched; play stops and faces off in their zone.",
    'canadiens',
    'Which hockey team do I support?',
  ),
  fact(
    'father',
    10,
    'dad in halifax wants to video call. simplest app for a 60yo?',
    'WhatsApp or FaceTime if you both have iPhones; both are one tap to call.',
    'halifax',
    'Where does my father live?',
  ),

  // Session 11: long rambling.
  fact(
    'favourite food',
    11,
    "Okay this is a weird one but pierogi are my favourite food on earth and I want to make a vegan batch from scratch for a potluck — can you give me a dough without eggs and a potato filling that doesn't need butter or cheese? Also how far ahead can I make them?",
    'Dough: flour, warm water, oil and salt. Filling: potato, caramelized onion, nutritional yeast. You can freeze them uncooked for weeks.',
    'pierogi',
    "What's my number one comfort dish?",
  ),
  fact(
    'book',
    11,
    "I've been rereading Piranesi before bed (third time!) and I want to write a short personal essay about why it comforts me. How do I start a personal essay without it sounding like a book report?",
    'Start with a concrete moment — where you were when you first read it — and let the ideas grow from that scene.',
    'piranesi',
    'What novel do I keep going back to?',
  ),

  // Session 12: lowercase chat.
  fact(
    'family wedding',
    12,
    "my cousin's getting married in moncton in october, what do u even wear to a barn wedding",
    'A midi dress or nice trousers with a knit, and block heels or boots that can handle grass.',
    'moncton',
    "Where's the family event I'm going to this fall?",
  ),
];

/** The date of session `i` (one session every nine days from 2025-06-02, at 21:10 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 5, 2 + 9 * i, 21, 10));

/** The filler chatter of both filler files. */
const fillerExchanges = [...fillerOne, ...fillerTwo];

/** The sessions: eight filler exchanges each, with the session's statements woven in. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

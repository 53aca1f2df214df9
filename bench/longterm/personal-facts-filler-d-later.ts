/**
 * Filler chatter of personal-facts probe D, sessions 6 to 11 (sessions 0 to 5 and the whole list are in
 * `personal-facts-filler-d.ts`): eight exchanges per session, in the session's writing style. No fact value of
 * the probe appears here.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Session 6, lowercase. */
const s6: readonly FillerExchange[] = [
  [
    'how do i write a unit test for a function that uses the current time',
    'Inject the clock: pass a function that returns now, and in the test pass one that returns a fixed date.',
  ],
  [
    'ok and in jest can i just fake timers',
    'Yes, `jest.useFakeTimers()` with `jest.setSystemTime(...)` freezes Date as well as the timers.',
  ],
  [
    "whats a good gift for a colleague who's leaving, budget 20 euro",
    'A nice notebook, a plant, or a gift card for a café near their new job, with a card everyone signs.',
  ],
  [
    'how long do i boil eggs for jammy yolks',
    'Six and a half minutes from boiling, then straight into iced water.',
  ],
  [
    'my friend ines just got a job at asml, what do they even do',
    'ASML makes the lithography machines chipmakers use to print circuits onto silicon wafers.',
  ],
  [
    "what's a fun day trip from amsterdam by train",
    'Haarlem is 15 minutes away; Leiden, Zandvoort beach and the Zaanse Schans are easy too.',
  ],
  [
    'is it normal for a sourdough starter to smell like acetone',
    "Yes, it usually means it's hungry. Feed it more often or with a bit more flour and the smell fades.",
  ],
  [
    'how often do i need to feed it',
    'Daily at room temperature, or about once a week if you keep it in the fridge.',
  ],
];

/** Session 7, capitalised. */
const s7: readonly FillerExchange[] = [
  [
    'Can you explain what a Kalman filter does without the maths?',
    'It blends a prediction of where something should be with a noisy measurement of where it seems to be, trusting each according to how reliable it has been.',
  ],
  [
    'How do I write a quick Bash loop over all the .csv files in a folder?',
    '`for f in *.csv; do echo "$f"; done`, quoting the variable so names with spaces work.',
  ],
  [
    'My friend Lotte is a nurse and swears by compression socks on long flights. Is that legit?',
    'Yes, they reduce swelling and the risk of clots on long flights, especially if you move around and stay hydrated too.',
  ],
  [
    "What's a good dessert for guests that can be made the day before?",
    'Poached pears or little chocolate pots both keep overnight in the fridge and look good with no effort.',
  ],
  [
    'We want to see the northern lights. Is Tromsø in February a good idea?',
    'Yes: February has long dark nights and decent odds; book a guided chase so you can move to clearer skies.',
  ],
  [
    'What should I pack for that?',
    'Thermal base layers, a down jacket, wool socks, insulated boots, mittens over liner gloves and a head torch.',
  ],
  [
    'My colleague Ravi keeps scheduling meetings over lunch. How do I push back politely?',
    'Block lunch in your calendar as busy and suggest another slot whenever he books over it.',
  ],
  [
    'Is there a way to make Google Calendar decline automatically?',
    'Yes: an out-of-office block can decline invitations that fall inside it automatically.',
  ],
];

/** Session 8, terse/mobile. */
const s8: readonly FillerExchange[] = [
  [
    'sql q: how do i get the top 3 rows per group in postgres',
    'Use a window function: `row_number() over (partition by grp order by score desc)` in a subquery, keeping rows where it is at most 3.',
  ],
  ['n in sqlite?', 'SQLite has window functions since 3.25, so the same query works.'],
  [
    'my mum takes warfarin, can she eat spinach',
    'She can, but she should keep her vitamin K intake steady rather than suddenly eating much more or less; her clinic can advise.',
  ],
  [
    'quick lunch idea w black beans n rice',
    'A black bean bowl: warm the beans with cumin and garlic, add rice, salsa, avocado and a squeeze of lime.',
  ],
  [
    'omw to the pharmacy, ibuprofen or paracetamol for a headache',
    "For a tension headache both work; paracetamol is gentler on the stomach, ibuprofen helps if there's inflammation.",
  ],
  [
    'my flatmate from uni just moved to berlin, cheap housewarming gift ideas',
    'A good bottle opener, a plant, or a box of stroopwafels as a taste of home.',
  ],
  [
    'train ams to berlin worth it vs flying?',
    'Door to door it is similar, around 6 hours by train, and the train is calmer and lower-emission.',
  ],
  ['tbh prob train then', 'Sensible. Book early on the NS International or DB site for the cheapest fares.'],
];

/** Session 9, lowercase. */
const s9: readonly FillerExchange[] = [
  [
    "what's the difference between let and const again",
    "Both are block-scoped; const can't be reassigned, though an object it points to can still be changed.",
  ],
  [
    'why does my useeffect run twice in dev',
    "React's StrictMode mounts, unmounts and remounts components in development to expose effects that don't clean up.",
  ],
  [
    'my friend pieter is getting married and asked me to do a reading, something not cheesy?',
    "Try Neruda's Sonnet XVII or a short passage from Captain Corelli's Mandolin; both are warm without being saccharine.",
  ],
  [
    'how do i stop guacamole going brown',
    'Press cling film directly onto the surface and add plenty of lime juice.',
  ],
  [
    'any ideas for a rainy sunday with a toddler',
    'Build a blanket fort, do a bath-toy science session, bake simple muffins together or visit a library reading corner.',
  ],
  [
    "my gf's dad supports psv, what's a good matchday gift",
    'A retro PSV shirt or scarf, or tickets to a home game if you want to win him over for good.',
  ],
  [
    'weekend in maastricht, worth it?',
    "Yes: the Vrijthof, a bookshop in an old church, the caves of Sint-Pietersberg and great food, and it's very walkable.",
  ],
  [
    'whats the best way to get there',
    'Direct intercity trains run there all day; the station is a short walk from the centre.',
  ],
];

/** Session 10, capitalised. */
const s10: readonly FillerExchange[] = [
  [
    'How do I profile a slow Node.js script?',
    'Run it with `node --cpu-prof`, open the .cpuprofile file in Chrome DevTools and look for the widest frames in the flame chart.',
  ],
  [
    "What's the difference between a process and a thread?",
    'A process has its own memory space; threads share the memory of the process they belong to.',
  ],
  [
    "My colleague Elif just had a baby. What's a thoughtful gift from the team?",
    'A meal delivery voucher, a bundle of sleepsuits in bigger sizes, or a visit from a cleaning service.',
  ],
  [
    'Can you suggest a dressing for a big green salad?',
    'A mustard vinaigrette: one part vinegar to three parts olive oil, a spoon of Dijon, a little maple syrup, salt and pepper.',
  ],
  [
    "We're taking the night train to Vienna. Is a couchette bearable?",
    'Yes, especially a four-berth one; bring earplugs, an eye mask and a small lock for your bag.',
  ],
  [
    "What's worth seeing there in two days?",
    "The Belvedere, the Naschmarkt, an afternoon in a coffee house, St. Stephen's Cathedral and an evening at the Prater.",
  ],
  [
    'My neighbour asked if I could water his tomatoes for a week. How much is too much?',
    'Water deeply every other morning, more in a heatwave; the soil should be moist, not soggy.',
  ],
  [
    'How do I politely say no if he asks for a second week?',
    "Say you were glad to help this once but can't commit again, and suggest a self-watering spike.",
  ],
];

/** Session 11, terse/mobile. */
const s11: readonly FillerExchange[] = [
  [
    'docker compose up keeps saying port in use, how do i find whats using it',
    '`sudo lsof -i :8080` (or `ss -ltnp`) shows the process; stop it or change the port mapping.',
  ],
  [
    'ty fixed. n how do i see logs of one service',
    '`docker compose logs -f <service>` follows the logs of just that one.',
  ],
  [
    'my mate lars is diabetic n coming for dinner, anything to watch',
    "Go easy on sugary sides, offer a sugar-free drink and tell him what's in each dish; he'll know his own needs best.",
  ],
  [
    'easy one pan dinner 4 ppl',
    'Sheet-pan harissa chickpeas with peppers, red onion and sweet potato, with a tahini drizzle.',
  ],
  [
    'tbh tired of cooking, any lazy but healthy ideas',
    'Assemble rather than cook: grain bowls, wraps with pre-cooked lentils, soups from the freezer and a big tray of roast veg on Sunday.',
  ],
  [
    'weekend in the harz mountains, worth the drive?',
    'Yes, for the hiking and the steam train up the Brocken; plan on 5 to 6 hours by car from the Netherlands.',
  ],
  ['n any nice towns there', 'Wernigerode and Quedlinburg have beautiful half-timbered old towns.'],
  ['ok sounds gd ty', 'Enjoy the trip!'],
];
/** The filler exchanges of sessions 6 to 11, eight per session in session order. */
export const laterFiller: readonly FillerExchange[] = [...s6, ...s7, ...s8, ...s9, ...s10, ...s11];

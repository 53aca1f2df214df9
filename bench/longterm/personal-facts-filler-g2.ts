/**
 * Filler chatter for probe G (`personal-facts-probe-g.ts`), part two: travel, writing, shopping and money, health
 * questions about other people, general "what is a good X for someone who…" questions and small talk. Nothing
 * here states a fact about the user; no exchange holds any value the probe asks about.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';

/** Travel questions, general. */
const travel: readonly FillerExchange[] = [
  [
    'is it worth getting a rail pass for 2 weeks in italy or just buy tickets',
    'For Italy, point-to-point tickets booked a bit early are usually cheaper than a pass, especially on Trenitalia and Italo.',
  ],
  [
    'What do I need to rent a car in the US at 21?',
    'A valid licence, a credit card, and most companies charge a young-driver fee under 25.',
  ],
  [
    'how early should u get to the airport for a domestic flight',
    'About 90 minutes to 2 hours is usually enough for domestic.',
  ],
  [
    "What's the best way to get from Boston to Portland, Maine without a car?",
    'The Amtrak Downeaster from North Station takes about 2.5 hours; Concord Coach buses are also good.',
  ],
  [
    'hostels vs airbnb for a solo trip, whats safer',
    'Well-reviewed hostels with lockers and female-only dorms are very safe and social; a private room is quieter.',
  ],
  [
    'do i need a visa to go to mexico with a canadian passport',
    'No visa for tourist stays up to 180 days; you fill in an entry form on arrival.',
  ],
  [
    'Things to do in Lisbon in 3 days?',
    'Alfama and the castle, tram 28, Belém tower and pastéis, LX Factory, and a day trip to Sintra.',
  ],
  [
    'how do i not get jet lag going to japan',
    'Shift your sleep an hour a day before leaving, get morning light there, and stay up until local bedtime.',
  ],
  [
    'Is the Cabot Trail doable in one day?',
    'It is about 300 km, so yes, but two days lets you hike and stop at lookouts.',
  ],
  [
    'what to pack for a weekend of camping in september',
    'Layers, a warm sleeping bag (nights get cold), rain jacket, headlamp, and a stove if fires are banned.',
  ],
  [
    'cheapest way to get to vancouver island from the mainland',
    'BC Ferries from Tsawwassen or Horseshoe Bay as a walk-on passenger is the cheapest.',
  ],
  [
    'My friend is going to Iceland in March. Will she see the northern lights?',
    'March is a good month for it if skies are clear; she should check the aurora forecast and get away from city lights.',
  ],
];

/** Writing, messages and emails. */
const writing: readonly FillerExchange[] = [
  [
    'how do i email a prof asking for an extension without sounding like im making excuses',
    'Be brief and honest: state the reason in one line, propose a new date, and thank them. No need for lots of detail.',
  ],
  [
    'Can you make this sound more professional: "hey so i cant come in tmrw, sorry"',
    "'Hi, unfortunately I won't be able to make it in tomorrow. Sorry for the short notice — please let me know if I can help find coverage.'",
  ],
  [
    'give me a catchy title for a zine about public transit',
    "'Next Stop', 'Transfer Points', 'Mind the Gap', or 'Rush Hour Reader'.",
  ],
  [
    'whats the rule for semicolons, for real',
    'Use a semicolon to join two complete sentences that are closely related, or to separate list items that already contain commas.',
  ],
  [
    'Help me write a text to my landlord that the kitchen sink has been leaking for a week.',
    "'Hi, the kitchen sink has been leaking under the cabinet for about a week. Could someone come take a look this week? I can send photos.'",
  ],
  ['how long should a cover letter be', 'Under one page — three or four short paragraphs.'],
  [
    'what is a good word for "very important" in an essay',
    "'Crucial', 'essential', 'pivotal', 'paramount' or 'vital'.",
  ],
  [
    'how do i write an abstract for a poster presentation',
    'In 150-250 words: the problem, your method, key results, and why it matters, in that order.',
  ],
  [
    'Write a short caption for a photo of a sunset over a parking lot, make it funny',
    "'Golden hour doesn't care where you parked.'",
  ],
  [
    'how do i say no to a group project member who keeps giving me their part',
    "Be direct: 'I can't take on your section, but I can help you plan it. Can you have a draft by Thursday?'",
  ],
  [
    'My friend wants to start a book club. How do you keep people actually reading?',
    'Pick shorter books, set the date early, rotate who picks, and make the meeting fun even for people who did not finish.',
  ],
  ['is "alot" a word', "No — it's 'a lot'. 'Allot' is a different word meaning to assign."],
];

/** Shopping and money. */
const money: readonly FillerExchange[] = [
  [
    'tfsa vs rrsp for someone making like 20k a year',
    'At low income a TFSA usually makes more sense: RRSP deductions are worth little at a low tax bracket.',
  ],
  [
    'Are refurbished phones a good idea?',
    'Often yes, from a reputable seller with a warranty; check the battery health and return policy.',
  ],
  [
    'how do people budget with irregular income like tips',
    'Budget from your lowest typical month, put tips in a buffer account, and pay yourself a steady amount from it.',
  ],
  [
    'whats a decent winter coat that wont cost $900',
    'Look at Uniqlo, Columbia or Helly Hansen on sale, or secondhand Patagonia; check for a hood and a real fill rating.',
  ],
  [
    'Is it worth buying a used Kindle?',
    'Yes, older Paperwhites are cheap secondhand and still great; make sure it is deregistered from the previous owner.',
  ],
  [
    'noise cancelling headphones under $150?',
    'Soundcore Space Q45, Sony WH-CH720N, or a used pair of older Bose QC models.',
  ],
  [
    'How do credit scores work in Canada? My friend says never to close your oldest card.',
    'Scores weigh payment history, utilization, age of credit, mix and inquiries; closing an old card can lower the average age.',
  ],
  [
    'what does "final sale" mean, can i still return if its broken',
    'Final sale means no returns for change of mind, but a defective item can usually still be returned or repaired under warranty law.',
  ],
  [
    'cheap desk chair that wont wreck my back',
    'Look for adjustable height and lumbar support; secondhand office chairs like Steelcase or Herman Miller are often a bargain.',
  ],
  [
    'My sister wants a gift for her boss, budget $25. Ideas?',
    'A nice candle, a plant, good chocolate, or a quality notebook and pen.',
  ],
  [
    'is costco worth it if u live alone',
    'Only if you buy things that keep (toilet paper, rice, frozen food) or use the gas and pharmacy; otherwise probably not.',
  ],
];

/** Health questions about other people, and general health. */
const health: readonly FillerExchange[] = [
  [
    'my roommate has a fever of 39 and chills, when should she go to urgent care',
    'If it lasts over three days, goes above 40, or comes with a stiff neck, trouble breathing or confusion, she should be seen right away.',
  ],
  [
    'My dad snores like crazy and stops breathing sometimes at night. Is that sleep apnea?',
    'It can be; he should mention it to his doctor, who may order a sleep study.',
  ],
  [
    'friend twisted her ankle at volleyball, ice or heat?',
    'Ice for the first 48 hours, compression and elevation; see a doctor if she cannot put weight on it.',
  ],
  [
    'how much water should a person actually drink',
    'Roughly 2-3 litres a day from all sources, more in the heat or with exercise; thirst is a decent guide.',
  ],
  [
    'Is it bad to take ibuprofen on an empty stomach? Asking for my coworker.',
    'It can irritate the stomach; taking it with food or milk helps.',
  ],
  [
    'my grandma has type 2 diabetes, what snacks are good for her',
    'Nuts, plain yogurt, cheese, veggies with hummus, or an apple with peanut butter — protein and fibre with few sugars.',
  ],
  ['how many hours of sleep do people my age actually need', 'Adults 18-25 need about 7-9 hours a night.'],
  [
    'My friend gets panic attacks before exams. What can she do in the moment?',
    'Slow breathing (in 4, out 6), grounding with the 5-4-3-2-1 senses trick, and reminding herself it will pass; counselling services help long term.',
  ],
  [
    'is it normal for a toddler to have a fever after vaccines? my neighbour asked',
    'Yes, a mild fever for a day or two is common; call a doctor if it is high or lasts longer.',
  ],
  [
    'what helps with shin splints',
    'Rest, ice, cutting mileage, better shoes and calf-strengthening; build back up gradually.',
  ],
  [
    'whats the difference between a cold and the flu',
    'The flu comes on suddenly with fever, aches and exhaustion; a cold is milder, mostly a runny nose and sore throat.',
  ],
];

/** General questions and small talk. */
const general: readonly FillerExchange[] = [
  [
    "what's a good job for someone who likes maths but hates sitting at a desk",
    'Surveying, civil engineering fieldwork, teaching, or trades like electrician all use maths without a desk all day.',
  ],
  [
    'is it worth learning spanish as a third language',
    'Yes, it is widely spoken and has lots of free resources; if you already know a Romance language it comes faster.',
  ],
  [
    'why is the sky orange at sunset',
    'Light travels through more air at a low angle, so blue light scatters away and reds and oranges remain.',
  ],
  [
    'Tell me a fun fact about crows.',
    'Crows recognize human faces and can hold grudges against people who threatened them for years.',
  ],
  [
    'whats the best way to learn to swim as an adult',
    'Take adult lessons at a community pool, start with floating and breathing, and practice little and often.',
  ],
  [
    'how do plants know which way is up',
    'Gravity-sensing cells in the roots and shoots contain starch grains that settle and guide growth hormones.',
  ],
  [
    'Who invented the bicycle?',
    "Karl Drais built a two-wheeled 'running machine' in 1817; pedals came in the 1860s in France.",
  ],
  [
    'recommend a board game for 6 people who dont like long rules',
    'Codenames, Just One, Wavelength or Skull — all explained in a couple of minutes.',
  ],
  [
    'what do u think is the best age to move out of your parents place',
    "There's no right age; it depends on money, the housing market and the family. Many people now move out in their mid-20s.",
  ],
  [
    'why do cats knead blankets',
    'It is a leftover kitten behaviour from nursing, and a sign they feel safe and content.',
  ],
  [
    'is it rude to wear headphones in a coffee shop while working',
    'Not at all, it is very common. Just take one out when you talk to the staff.',
  ],
  [
    'what are good houseplants for a dark apartment',
    'Pothos, ZZ plant, snake plant and cast iron plant all tolerate low light.',
  ],
  [
    'how do tides work',
    "The moon's gravity pulls the oceans into two bulges, and the Earth rotates through them, giving two high tides a day.",
  ],
  ['what are the best podcasts about cities and design', '99% Invisible, The War on Cars, and Cities 101.'],
];

/** Part two, interleaved so sessions mix topics. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  travel,
  writing,
  money,
  health,
  general,
]);

/**
 * Filler chatter for probe J (`personal-facts-probe-j.ts`), second half, written blind by an evaluator: writing
 * help, sums, shopping, health questions about OTHER people, gardening in general, general knowledge, and
 * general questions that state nothing about the user. Joined to the first half in `personal-facts-filler-j.ts`.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Writing help. */
const writing: readonly FillerExchange[] = [
  [
    'Can you help me word a sympathy card for a neighbour whose father died?',
    '"So sorry to hear about your dad. He was a real gentleman and will be missed by all on the road. Thinking of you and the family." Short and warm is best.',
  ],
  [
    'whats a nice thing to write in a retirement card for a guard',
    '"Thirty years keeping the peace — you\'ve earned a bit of it yourself now! Wishing you a long and happy retirement."',
  ],
  [
    'Is it "who" or "whom" in "to who it may concern"?',
    '"To whom it may concern" — "whom" because it follows the preposition "to".',
  ],
  [
    'write a short poem for a 40th wedding anniversary, for my friends Jim and Patricia',
    "Forty years of morning tea, / of roads walked side by side, / of laughter, loss and family — / still each other's pride.",
  ],
  [
    'How do I write a complaint email to an airline about lost luggage?',
    'Give your booking reference, flight, date and property irregularity report number, list what was in the bag, say what you want (return plus expenses), and keep receipts.',
  ],
  [
    'whats the difference between affect and effect',
    '"Affect" is usually the verb (the rain affected the match); "effect" is usually the noun (the rain had an effect).',
  ],
  [
    'Could you tidy up this notice for the community centre: "yoga class cancelled next week due to the hall being painted sorry"',
    '"Please note: next week\'s yoga class is cancelled while the hall is being painted. Apologies for any inconvenience — classes resume the following week."',
  ],
  [
    'a few words for a eulogy for an old neighbour who loved fishing',
    '"Pat was happiest on the riverbank at dawn, rod in hand, telling anyone who\'d listen about the one that got away. He was patient, kind, and always had time for a chat."',
  ],
  [
    'How do you spell "definitely"? I always get it wrong.',
    'd-e-f-i-n-i-t-e-l-y. Remember it has "finite" in the middle.',
  ],
  [
    "my friend's son is applying for a job as a pharmacist, what should he put in the cover letter",
    'His registration, placements, one example of patient care, one of accuracy under pressure, and why that pharmacy or area in particular. One page.',
  ],
];

/** Sums and everyday maths. */
const maths: readonly FillerExchange[] = [
  ['what is 15 percent of 240', '36.'],
  ['If a jumper is reduced from €80 to €56, what percent off is that?', '30% off.'],
  ['how many grams in a pound', 'About 454 grams.'],
  ['Convert 180 Celsius to Fahrenheit for an American recipe.', '356°F — most recipes round it to 350°F.'],
  ['if i save 150 a month how much is that in three years', '€5,400, before any interest.'],
  ['A recipe serves 4 and needs 300g flour. How much for 10?', '750g.'],
  [
    'whats a good job for someone who is good at maths and likes people',
    'Teaching maths, actuarial work, accountancy with client contact, financial advice, or data analysis in a team. Nursing and pharmacy use a lot of numbers too.',
  ],
  ['How many stitches do I cast on for a scarf 20cm wide at 22 stitches per 10cm?', '44 stitches.'],
  [
    'is 0.1 plus 0.2 really not 0.3 in computers',
    'In binary floating point it comes out as 0.30000000000000004, because 0.1 and 0.2 cannot be stored exactly.',
  ],
];

/** Shopping and money in general. */
const shopping: readonly FillerExchange[] = [
  [
    'whats a good present for a man who has everything, its for my brother-in-law',
    'An experience: a match ticket, a distillery tour, a cookery class, or a nice meal out. Or a good book in his line of interest.',
  ],
  [
    'Are air fryers worth the money?',
    'For small households, yes: quick, cheap to run and good for crispy food. They are small, though, so not great for a big family dinner.',
  ],
  [
    'which is better for a bad back, a firm or soft mattress',
    'Medium-firm is usually best for back pain — firm enough to support the spine, soft enough for shoulders and hips.',
  ],
  [
    "My friend Joan's cat scratches the couch to bits. What can she buy to stop it?",
    'A tall, sturdy scratching post near the couch, double-sided tape on the arms for a few weeks, and catnip on the post to lure it.',
  ],
  [
    'what should i look for in a good pair of walking boots',
    "Waterproof lining, ankle support, a grippy sole, and a fit with a thumb's width at the toe. Try them on in the afternoon when feet are bigger.",
  ],
  [
    'Is it cheaper to run a dishwasher or wash by hand?',
    'A full modern dishwasher on eco mode usually uses less water and energy than washing the same load by hand with the tap running.',
  ],
  [
    'what is an ARF',
    'An Approved Retirement Fund: a way of keeping a pension pot invested after retirement and drawing from it, instead of buying an annuity.',
  ],
  [
    'What does APR mean on a loan?',
    'Annual Percentage Rate — the yearly cost of borrowing including interest and fees, so you can compare loans fairly.',
  ],
  [
    'good gift for a new baby that isnt clothes',
    'A personalised book, a keepsake box, a nice blanket, a bath set, or a voucher for a baby photographer.',
  ],
];

/** Health questions about other people, and in general. */
const health: readonly FillerExchange[] = [
  [
    'My neighbour Tom is on warfarin. Can he eat spinach?',
    "Yes, but steadily — vitamin K affects warfarin, so he shouldn't suddenly eat much more or less green veg. His clinic can advise.",
  ],
  [
    'what are the signs of a stroke',
    'Think FAST: Face drooping, Arm weakness, Speech difficulty, Time to call 112 or 999.',
  ],
  [
    "My friend Breda's husband has gout. What foods should he avoid?",
    'Red meat, organ meats, shellfish, beer and sugary drinks. Plenty of water, and cherries may help.',
  ],
  [
    'is it normal for an 80 year old to sleep a lot during the day',
    'Some extra napping is common, but a sudden change in sleep can signal illness or medication effects — worth mentioning to their GP.',
  ],
  [
    'What is shingles and is it catching?',
    "It's a painful rash from the chickenpox virus reactivating. It can't give someone shingles, but the fluid can give chickenpox to someone who never had it.",
  ],
  [
    'my colleague from years back, Geraldine, has been told she has high cholesterol. is butter the worst thing?',
    'Saturated fat matters, but so does the whole diet: more oats, beans, oily fish and nuts, less processed meat and pastry.',
  ],
  [
    'How much water should an older person drink a day?',
    'Around 6 to 8 glasses (1.5 to 2 litres) of fluid, more in hot weather — tea and soup count too.',
  ],
  [
    'what helps with a chesty cough in a child',
    'Fluids, rest, honey in warm water (over age one), and keeping their head raised at night. See a doctor if breathing is fast or laboured.',
  ],
  [
    'My friend Mary has been told she needs cataract surgery. Is it a big operation?',
    "It's one of the most common operations — usually 15–20 minutes under local anaesthetic, home the same day.",
  ],
];

/** Gardening, asked in general. */
const garden: readonly FillerExchange[] = [
  [
    'when do you plant early potatoes in ireland',
    "Traditionally around St Patrick's Day, once the soil isn't waterlogged; chit them in egg boxes for a few weeks first.",
  ],
  [
    'How do I get rid of moss in the lawn?',
    'Rake it out, feed the grass, and improve drainage by spiking the lawn. Moss means damp, shade or poor soil.',
  ],
  [
    'what herbs grow well on a windowsill',
    'Basil, parsley, chives, mint and thyme all do well on a bright windowsill.',
  ],
  [
    'When should you prune roses?',
    'Late winter to early spring, just as new buds swell. Cut above an outward-facing bud and remove dead or crossing stems.',
  ],
  [
    'are hydrangeas blue or pink because of the soil',
    'Yes — acid soil gives blue, alkaline gives pink. White ones stay white either way.',
  ],
  [
    'How do you make compost without it smelling?',
    'Balance greens (peelings, grass) with browns (cardboard, leaves), turn it now and then, and keep it damp but not wet.',
  ],
  [
    'what vegetables can you sow in the autumn',
    'Garlic, broad beans, onion sets and winter salad leaves all go in well in autumn.',
  ],
  [
    'How often should you water tomatoes in a greenhouse?',
    'Daily in warm weather, at the base rather than the leaves, and try to keep it regular to avoid split fruit and blossom end rot.',
  ],
  [
    'my neighbours hedge is blocking my light, whats the law in ireland',
    "There's no specific high-hedge law in Ireland, so it's usually a matter of talking to them, mediation, or a solicitor if branches overhang.",
  ],
];

/** General knowledge and chat. */
const general: readonly FillerExchange[] = [
  ['who wrote the song the fields of athenry', 'Pete St. John, in the 1970s.'],
  [
    'Why is the sea salty?',
    'Rivers carry minerals from rocks into the sea; the water evaporates but the salt stays behind.',
  ],
  ['whats the longest river in ireland', 'The Shannon, at about 360 km.'],
  [
    'Give me a good quiz question for a table quiz.',
    '"What colour is a polar bear\'s skin?" — Black. The fur is actually see-through, which catches people out.',
  ],
  ['what year did ireland join the eu', '1973, along with the UK and Denmark.'],
  [
    'What is a good hobby to take up when you have more time on your hands?',
    'Walking groups, a book club, painting classes, gardening, learning an instrument, or volunteering — ideally something with other people in it.',
  ],
  [
    'why do cats purr',
    'Mostly contentment, but also to self-soothe when stressed or in pain. It may even help healing.',
  ],
  [
    'My friend has a budgie that has stopped talking. Is it sick?',
    'It could be moulting, stress, or boredom, but if it is also fluffed up, quiet and sleeping a lot, a vet visit is wise.',
  ],
  ['who was the first woman president of ireland', 'Mary Robinson, elected in 1990.'],
  [
    'What is the difference between a crossword and a cryptic crossword?',
    'A regular crossword gives straight definitions; a cryptic clue has a definition plus wordplay (anagrams, hidden words) that leads to the same answer.',
  ],
  [
    'My nephew says he wants to be a software developer. What should he study?',
    'Computer science is the usual route, but many come from maths, engineering or bootcamps. Building small projects of his own matters most.',
  ],
  ['how far is the moon', 'About 384,000 km on average.'],
  [
    'What is the origin of Halloween?',
    'It grew out of the Celtic festival of Samhain, when the boundary between the living and the dead was thought to be thin.',
  ],
  [
    'my friend Sheila moved to Wexford and says the weather is better there, is that true',
    'The sunny south-east does get more sunshine hours than most of Ireland — Rosslare is often the sunniest station.',
  ],
  [
    'How do you play bridge, in a nutshell?',
    'Four players in two partnerships bid for how many tricks they can win with a chosen trump suit, then play the cards to make that contract.',
  ],
  [
    "what's the difference between a hare and a rabbit",
    'Hares are bigger, with longer ears and legs, live above ground and are born furred; rabbits live in burrows and are born bald and blind.',
  ],
];

/** The second half of probe J's filler. */
export const moreFillerExchanges: readonly FillerExchange[] = [
  ...writing,
  ...maths,
  ...shopping,
  ...health,
  ...garden,
  ...general,
];

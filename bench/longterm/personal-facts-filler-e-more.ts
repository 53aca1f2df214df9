/**
 * The second half of probe E's filler (see personal-facts-filler-e.ts): maths, shopping, other people's health,
 * other people's lives, and general questions. None of these exchanges states a fact about the user.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Maths and numbers. */
export const maths: readonly FillerExchange[] = [
  ["What's 15% of 240?", '36. Ten percent is 24 and five percent is 12, so 24 + 12 = 36.'],
  [
    'how do compound interest calculations work',
    "Each period, interest is added to the balance, and the next period's interest is worked out on that larger balance. The formula is A = P(1 + r/n)^(nt): P the starting amount, r the annual rate, n the compounding periods per year and t the years.",
  ],
  [
    'If a recipe serves 4 and I need it for 7, how do I scale 300g of flour?',
    'Multiply by 7/4: 300 × 1.75 = 525g.',
  ],
  [
    "What's a good job for someone who likes maths but doesn't want to teach?",
    'Plenty: actuary, data scientist, statistician, operational research analyst, quantitative analyst in finance, cryptographer or software engineer. Actuarial work and data science are the most common routes for maths graduates.',
  ],
  [
    'Explain the Monty Hall problem simply',
    "You pick one of three doors; the host, who knows where the car is, opens another door with a goat behind it. Switching wins two-thirds of the time, because your first pick was right only a third of the time and the host's reveal pushes the other two-thirds onto the remaining closed door.",
  ],
  [
    "what's the formula for the area of a circle again",
    'πr²: pi times the radius squared. For a radius of 3cm that comes to about 28.3cm².',
  ],
  [
    'How do I convert Fahrenheit to Celsius in my head?',
    'Subtract 30 and halve it for a rough answer: 80°F gives 25°C (exactly, 26.7). The exact formula is (F − 32) × 5/9.',
  ],
  [
    'Is 0.999 recurring really equal to 1?',
    "Yes. One quick argument: 1/3 = 0.333…, and multiplying both sides by 3 gives 1 = 0.999…. There's no number between them, so they are the same number.",
  ],
  [
    "What's the probability of rolling at least one six in four rolls of a die?",
    '1 − (5/6)⁴ ≈ 1 − 0.482 = 0.518, so just under 52%.',
  ],
  [
    'Can you explain what a standard deviation tells you?',
    'How spread out values are around the average. A small standard deviation means most values sit close to the mean; a large one means they are scattered. About 68% of normally distributed data falls within one standard deviation of the mean.',
  ],
  [
    'how many seconds are in a year',
    'About 31.5 million: 365 × 24 × 60 × 60 = 31,536,000 (31,622,400 in a leap year).',
  ],
  [
    "What's the difference between mean, median and mode?",
    "The mean is the average (sum divided by count), the median the middle value once sorted, and the mode the most common value. The median isn't thrown off by extreme values, which is why it's used for house prices and salaries.",
  ],
];

/** Shopping and household questions. */
export const shopping: readonly FillerExchange[] = [
  [
    'Are air fryers actually cheaper to run than an oven?',
    'For small portions, usually yes: they heat a much smaller space and cook faster, so they use less energy per meal. For a big roast the difference shrinks or disappears.',
  ],
  [
    'What should I look for when buying a mattress?',
    'A firmness that suits how you sleep (side sleepers usually want softer, back and front sleepers firmer), a long trial period and a decent warranty. Lie on it for ten minutes in your usual position, not just sit on the edge.',
  ],
  [
    'Is it worth paying extra for an extended warranty on a washing machine?',
    'Rarely. In the UK the Consumer Rights Act already covers faulty goods, many brands include 2 to 5 years, and the price of the extra cover often exceeds the likely repair bill.',
  ],
  [
    'best way to clean a suede sofa',
    "Vacuum it with a brush attachment, then use a suede brush or eraser on marks. For stains, dab (don't rub) with a little white vinegar on a cloth, let it dry, and brush the nap back up. Test on a hidden spot first.",
  ],
  [
    'my sister wants a new laptop for uni, mostly essays and netflix. macbook air or something cheaper?',
    "A MacBook Air is excellent for that and lasts years. If the budget's tight, a mid-range Windows laptop with 16GB of RAM and an SSD, or a Chromebook, handles essays and streaming fine. Student discounts take about 10% off Apple's price.",
  ],
  [
    'Which is better value, a Kindle Paperwhite or the basic Kindle?',
    "The Paperwhite adds waterproofing, a bigger, sharper screen and an adjustable warm light. If you read in the bath or a lot at night it's worth it; otherwise the basic model is very good for the price.",
  ],
  [
    'how do i tell if a second-hand bike is a good deal',
    "Check the frame for cracks or dents, that the wheels spin true, the gears shift cleanly and the brakes bite. Look up the model's price new: a well-kept bike a few years old usually sells for 40 to 60% of that.",
  ],
  [
    "What's a good gift for a 10-year-old who loves science?",
    "A crystal-growing kit, a decent beginner microscope, a snap-together electronics set, or a monthly science box. 'The Way Things Work Now' goes down well too.",
  ],
  [
    'Are expensive trainers really better for running?',
    "Not necessarily. Fit and comfort matter more than price: a mid-range shoe that suits your foot beats a £200 one that doesn't. A running shop with a gait check can help you choose.",
  ],
  [
    'My neighbour is selling his Tesla Model 3 with 60k miles. What should he be asking?',
    'Check current listings for the same year and trim. In the UK a 2020 Model 3 with that mileage usually sells somewhere in the mid-teens of thousands; battery health and extras move the price.',
  ],
];

/** Health questions about other people. */
export const otherHealth: readonly FillerExchange[] = [
  [
    'My dad takes statins. Is he allowed grapefruit?',
    "With some statins (simvastatin, atorvastatin) grapefruit raises the drug's level in the blood, so it's usually advised against; others, like rosuvastatin, are much less affected. He should check his leaflet or ask his pharmacist.",
  ],
  [
    "my friend's little boy has a temperature of 38.5, when should she worry",
    "For a child that's a common fever. She should get advice (NHS 111 or the GP) if he's under 3 months, if it lasts more than 5 days, if he's floppy, has a rash that doesn't fade under a glass, or struggles to breathe. Otherwise fluids, rest and children's paracetamol.",
  ],
  [
    'My coworker Dev gets migraines every week. What could trigger that?',
    'Common triggers are poor sleep, skipped meals, dehydration, stress, bright screens, hormonal changes and some foods like aged cheese or red wine. Weekly migraines are worth seeing a GP about: there are preventive treatments.',
  ],
  [
    "What's a normal resting heart rate for someone in their 60s? My mum's watch says 52",
    '60 to 100 bpm is the textbook range, but lower is common in active people. 52 can be perfectly normal if she feels fine; if she gets dizzy, faint or breathless, she should have it checked.',
  ],
  [
    'my neighbour Alan is doing keto, is it safe long term',
    "Many people do fine on it for a while, but long-term evidence is limited. It can raise LDL cholesterol in some people and needs care with certain medications, like diabetes drugs. He'd be wise to have his bloods checked and talk it over with his GP.",
  ],
  [
    'My friend Hanne is allergic to peanuts. If I bake for her birthday, what do I need to watch out for?',
    "Check every label for 'may contain' warnings, use clean bowls and utensils, and avoid bought decorations or chocolate made where nuts are handled. Tell her exactly what's in it so she can decide.",
  ],
  [
    'How much sleep does a teenager actually need? My nephew is 15 and barely gets 6 hours',
    'Teenagers need roughly 8 to 10 hours. Their body clock shifts later, so early school starts make it worse; a consistent wake time and phones out of the bedroom help most.',
  ],
  [
    'Grandad keeps getting leg cramps at night, anything that helps?',
    "Stretching his calves before bed, drinking enough water and keeping the bedclothes loose over his feet can help. If they're frequent he should mention them to his GP, as some medications cause cramps.",
  ],
  [
    'My friend just got diagnosed with coeliac. What does that mean day to day?',
    "She'll need to avoid gluten completely (wheat, barley and rye), including hidden sources like soy sauce, stock cubes and beer. Oats are fine only if certified gluten-free. Cross-contamination matters, so a separate toaster helps.",
  ],
  [
    'is it normal for a 2 year old to only say a few words? asking for my cousin',
    "There's a wide range. By 2 many children use around 50 words and start joining two together, but plenty are later. If he says fewer than about 20 words or doesn't seem to follow simple instructions, a health visitor check is worthwhile.",
  ],
];

/** Other people's lives: details a memory must not take as the user's. */
export const otherPeople: readonly FillerExchange[] = [
  [
    'My sister just moved to Bristol. What are some nice areas to explore there?',
    'Clifton (the suspension bridge and the village), the Harbourside, Stokes Croft for street art, North Street in Bedminster, and Leigh Woods for a walk. St Nicholas Market is great for lunch.',
  ],
  [
    "my coworker's partner is a vet and works insane hours. any ideas for a nice treat for someone that exhausted",
    "A meal delivery box, a massage voucher, or just an evening where everything's taken care of: dinner cooked, dishes done. Practical help tends to beat gifts when someone's running on empty.",
  ],
  [
    "My friend Sunniva's birthday is on the 3rd of March. Gift ideas for someone who loves hiking?",
    "A merino base layer, a light flask, a guidebook for a region she hasn't explored, or a National Trust membership. A custom map of her favourite area is a nice touch.",
  ],
  [
    "My sister's boss, Graham, keeps making her work weekends without overtime. Is that legal in the UK?",
    "It depends on her contract. If she's paid hourly, the hours must be paid; if she's salaried, overtime pay isn't guaranteed, but her average pay can't fall below minimum wage and she's entitled to rest breaks. Acas gives free advice.",
  ],
  [
    "my neighbour's spaniel Pepper barks for hours when they leave. how do i bring it up nicely",
    "Frame it as information rather than a complaint: 'Not sure if you know, but Pepper seems really unsettled when you're out.' Most owners have no idea and are grateful; suggesting a dog walker or a camera keeps it friendly.",
  ],
  [
    "My friend Jo's husband Callum is a chef and we're having them round. What do I cook for a chef?",
    "Something simple done well: chefs usually love being cooked for and hate fuss. A slow-cooked ragù, a roast chicken or a big shared mezze spread. Don't try something you've never made before.",
  ],
  [
    'my cousin is a pharmacist and thinking of leaving. what else can pharmacists do',
    'Lots: clinical roles in GP practices or hospitals, the pharmaceutical industry (regulatory affairs, medical information, drug safety), medical writing, teaching, or NHS commissioning. Knowledge of medicines transfers widely.',
  ],
  [
    "My friend Tom's cat Mango won't use the new litter tray. Any tips?",
    'Cats hate sudden changes: put the new tray next to the old one for a while, use the same litter, keep it somewhere quiet and clean it daily. Unscented litter usually goes down better.',
  ],
  [
    'A coworker of mine, Dev, just got promoted to project manager. Good book to give him?',
    "'The Making of a Manager' by Julie Zhuo, 'Making Things Happen' by Scott Berkun or 'Radical Candor' by Kim Scott are all well liked by new managers.",
  ],
  [
    "My neighbour grew up in Cork and keeps saying 'I will, yeah'. What does that mean?",
    "It's Irish sarcasm: 'I will, yeah' means the opposite, 'I definitely won't.' The tone does all the work.",
  ],
  [
    'my best friend is getting married in Crete and asked me to do a reading. short non-religious readings?',
    "Popular choices: an extract from 'The Velveteen Rabbit', 'Touched by an Angel' by Maya Angelou, Pablo Neruda's Sonnet XVII, or the passage about love from Captain Corelli's Mandolin.",
  ],
  [
    'My brother-in-law works at Brightwater Logistics and wants to move into data analysis. Where should he start?',
    'Excel to a high standard first, then SQL, then Python or a BI tool like Power BI. Analysing data from his current job makes the best portfolio, and internal moves are often easier than external ones.',
  ],
  [
    'My friend runs a small bakery and wants a simple website. What is the easiest option?',
    'Squarespace or Wix are easiest for a non-technical owner, with templates for menus and opening hours. If she mainly needs orders, a Shopify starter plan or even a good Google Business profile plus Instagram might be enough.',
  ],
  [
    'my coworker is learning japanese and wants a pen pal app, any recommendations',
    "HelloTalk and Tandem are the big ones; both pair you with native speakers who want to learn your language. italki is better if they'd rather pay for structured lessons.",
  ],
  [
    'My friend is running the London Marathon. What should I write on a sign?',
    "'Run like you just saw the bill', 'Worst parade ever', 'Your legs will stop hurting, your bragging rights won't', or 'Touch here for power' with an arrow. And her name in big letters so she hears people cheer for her.",
  ],
  [
    'Our neighbour Mrs Patel is 82 and lives alone. What could I do to help without being intrusive?',
    "Offer specific things rather than 'let me know if you need anything': taking her bins out, picking up shopping when you go, or popping round for a cup of tea once a week. Swapping phone numbers for emergencies reassures you both.",
  ],
];

/** General questions on topics, stating nothing about the user. */
export const generalTopics: readonly FillerExchange[] = [
  [
    'how do people change career in their 30s without going back to uni',
    'Start from what they already do well and look at adjacent roles, talk to people in jobs they are curious about, and try small experiments (a short course, freelancing, volunteering) before committing. Many fields value experience over a new degree.',
  ],
  [
    "What's the best way to learn a language as an adult?",
    'Consistent daily practice beats occasional long sessions. Combine input you can mostly follow (podcasts, graded readers, shows with subtitles), speaking early with a tutor or exchange partner, and spaced-repetition flashcards for vocabulary.',
  ],
  [
    'Why do cats purr?',
    'Mostly to signal contentment, but also to soothe themselves when stressed or in pain. The vibrations, at 25 to 150 Hz, may even help bones and tissue heal, though that is less certain.',
  ],
  [
    "What's the difference between a crocodile and an alligator?",
    'Alligators have a wide U-shaped snout and hide their lower teeth when the mouth is closed; crocodiles have a narrower V-shaped snout with the fourth lower tooth sticking out. Alligators live in the US and China, crocodiles much more widely.',
  ],
  [
    'what instrument is easiest to learn as an adult beginner',
    'The ukulele is the usual answer: four nylon strings, simple chord shapes, and you can play songs within weeks. Keyboard is also forgiving because the notes are laid out in front of you.',
  ],
  [
    'Is it better to rent or buy a house in the UK right now?',
    'It depends on how long you will stay, your deposit and local prices. Buying usually wins over five years or more if you can afford the deposit and repayments; renting keeps you flexible and spares you maintenance. A rent-or-buy calculator with local numbers helps.',
  ],
  [
    "what's the history of the tea break in britain",
    "Tea became popular in the 18th century, and mid-morning and afternoon breaks became workplace fixtures with industrialisation. By the 20th century the 'tea break' was even a subject of union negotiations.",
  ],
  [
    'How do solar panels work on cloudy days?',
    "They still generate, just less: typically 10 to 25% of their rated output under heavy cloud, since diffuse light still reaches the cells. The UK's long summer days make up for a lot of the grey.",
  ],
  [
    "what's a good hobby to pick up that's cheap and gets you out of the house",
    'Walking groups, parkrun, birdwatching, volunteering, a library book club or community gardening are all cheap and sociable. Many councils list free local groups online.',
  ],
  [
    'How do noise-cancelling headphones work?',
    'Small microphones pick up the sound outside, and the headphones play an inverted copy of it so the two waves cancel out. It works best on steady low noise like engines; sudden sounds and voices get through more.',
  ],
];

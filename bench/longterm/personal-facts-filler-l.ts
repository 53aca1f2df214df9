/**
 * Filler chatter for probe L (`personal-facts-probe-l.ts`): ordinary exchanges of a user with a chat assistant —
 * coding help, recipes, travel, writing — that state nothing about the user, interleaved with the second half in
 * `personal-facts-filler-l2.ts` (maths, shopping, health questions about other people, news of friends and
 * relatives, general questions). No exchange holds a value the probe asks about.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';
import { general, healthOthers, maths, otherPeople, shopping } from './personal-facts-filler-l2.ts';

/** Coding help. */
const coding: readonly FillerExchange[] = [
  [
    'How do I remove duplicate rows in SQL but keep the most recent one per customer?',
    'Use a window function: `WITH ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY updated_at DESC) AS rn FROM t) SELECT * FROM ranked WHERE rn = 1;`',
  ],
  [
    'python: whats the cleanest way to read a csv into a list of dicts',
    'The standard library does it: `import csv; with open(path, newline="") as f: rows = list(csv.DictReader(f))`. Each row is a dict keyed by the header line.',
  ],
  [
    'What is the difference between LEFT JOIN and INNER JOIN? I always mix them up.',
    'INNER JOIN keeps only rows that match on both sides. LEFT JOIN keeps every row of the left table and fills the right side with NULLs where there is no match.',
  ],
  [
    'In pandas, how do I group by month and sum a column?',
    "Make sure the date column is a datetime, then `df.groupby(df['date'].dt.to_period('M'))['amount'].sum()`. Use `.reset_index()` if you want a plain DataFrame back.",
  ],
  [
    'Why does my Excel VLOOKUP return #N/A when the value is clearly there?',
    'Usually a type mismatch (a number stored as text), trailing spaces, or a missing FALSE for exact match. Try TRIM on both sides, or switch to XLOOKUP which defaults to exact match.',
  ],
  [
    'Can you explain what a git rebase does compared to merge?',
    'Merge joins two histories with a merge commit. Rebase replays your commits on top of the other branch, giving a straight line of history. Never rebase commits others have already pulled.',
  ],
  [
    'regex to match a UK postcode?',
    'A practical one: `^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$` (case-insensitive). It accepts the usual formats without validating every real postcode.',
  ],
  [
    'How do I make a Python script take command-line arguments properly?',
    'Use argparse: `parser = argparse.ArgumentParser(); parser.add_argument("--input", required=True); args = parser.parse_args()`. It gives you `--help` for free.',
  ],
  [
    'What does "NoneType object is not subscriptable" mean?',
    'You did something like `x[0]` where `x` is None, often because a function returned nothing. Print the value just before that line and check the function actually returns it.',
  ],
  [
    'Is it bad to use SELECT * in production queries?',
    'Often, yes: it fetches columns you do not need, breaks when columns are added or reordered, and can stop the database using covering indexes. List the columns you need.',
  ],
  [
    'how do i centre a div horizontally and vertically',
    'On the parent: `display: flex; justify-content: center; align-items: center;` and give the parent a height. Or `display: grid; place-items: center;`.',
  ],
  [
    'What is a good way to learn DAX? The functions feel backwards to me.',
    'Start with CALCULATE and filter context; most confusion comes from there. The SQLBI site and their free videos explain it well, and rebuilding a small report you already know helps.',
  ],
  [
    'Can you write a bash one-liner to count lines in all .csv files in a folder?',
    '`wc -l *.csv` prints each file and a total. For subfolders too: `find . -name "*.csv" -exec wc -l {} +`.',
  ],
  [
    'What is the difference between a list and a tuple in Python?',
    'Lists are mutable, tuples are not. Use tuples for fixed groups of values (like coordinates) and as dictionary keys; lists for collections that change.',
  ],
];

/** Recipes and cooking. */
const cooking: readonly FillerExchange[] = [
  [
    'How do I stop my rice going mushy?',
    'Rinse it until the water runs clear, use the right ratio (about 1:1.5 for basmati), simmer with the lid on, then let it rest off the heat for ten minutes before fluffing.',
  ],
  [
    'Easy traybake dinner for four, nothing fancy?',
    'Chicken thighs, new potatoes, red onion, peppers and chorizo with olive oil, paprika and garlic, 200°C fan for 40 minutes. Squeeze a lemon over at the end.',
  ],
  [
    'Can I freeze cooked rice?',
    'Yes, cool it quickly (within an hour), freeze in portions and reheat until piping hot. Do not leave cooked rice sitting at room temperature.',
  ],
  [
    'whats a good marinade for grilled fish',
    'Lime juice and zest, garlic, ginger, a little chilli, olive oil and salt. Only 20 to 30 minutes; longer and the acid starts to cook the fish.',
  ],
  [
    'How do you make a proper Sunday roast gravy?',
    'Use the roasting tin juices, stir in a spoon of flour over the heat, add stock gradually while scraping the tin, simmer until glossy, season and sieve.',
  ],
  [
    'What can I do with overripe bananas besides banana bread?',
    'Freeze them for smoothies, make pancakes (banana and egg), banana ice cream, or plantain-style fritters with a bit of flour and nutmeg.',
  ],
  [
    'How long should I boil an egg for a runny yolk?',
    'Six minutes from boiling for a large egg straight from the fridge, then into cold water for a minute. Six and a half for a jammy yolk.',
  ],
  [
    'Best way to cook salmon so the skin is crispy?',
    'Pat it very dry, season, and put it skin-side down in a hot oiled pan. Press gently for the first 30 seconds and leave it for most of the cooking, flipping only at the end.',
  ],
  [
    'What is the difference between baking soda and baking powder?',
    'Baking soda needs an acid (buttermilk, yoghurt, lemon) to rise; baking powder already contains its acid. Swapping them changes rise and taste.',
  ],
  [
    'Give me a quick lentil soup recipe.',
    'Soften onion, carrot and garlic, add cumin, 200 g red lentils, a tin of tomatoes and a litre of stock. Simmer 20 minutes, blend if you like, finish with lemon.',
  ],
  [
    'How do I make a stew thicker without flour?',
    'Simmer with the lid off, mash some of the potatoes or beans into it, or stir in a spoonful of ground oats or blended veg.',
  ],
  [
    'What herbs go with lamb?',
    'Rosemary, mint, thyme, oregano and garlic are classics; cumin, cinnamon and ras el hanout for North African flavours.',
  ],
  [
    'How do I keep homemade bread from going stale so fast?',
    'Store it cut side down on a board or in a bread bin, not the fridge. Freeze slices you will not eat within two days and toast them from frozen.',
  ],
  [
    'Is it safe to reheat chicken twice?',
    'Best to reheat only once, until steaming hot throughout. Each cooling and reheating gives bacteria another chance.',
  ],
];

/** Travel. */
const travel: readonly FillerExchange[] = [
  [
    'What is the cheapest way to get from London to Edinburgh?',
    'Booking an advance train ticket on LNER weeks ahead, a budget coach (slow but cheap), or a flight if you find a sale and travel light. A railcard cuts train fares by a third.',
  ],
  [
    'Three days in Rome, what should I not miss?',
    'The Colosseum and Forum (book ahead), the Vatican Museums early, the Pantheon, Trastevere for dinner and a walk from Piazza Navona to the Trevi Fountain at night.',
  ],
  [
    'Do I need a visa to visit the US from the UK for a week?',
    'British citizens usually need an ESTA, not a visa, for stays up to 90 days. Apply online at least 72 hours before travel, only on the official site.',
  ],
  [
    'How early should I get to Heathrow for a long-haul flight?',
    'Three hours before departure is safe; bag drop usually closes 60 minutes before long-haul flights.',
  ],
  [
    'Ideas for a rainy day in Edinburgh?',
    'The National Museum of Scotland (free), Camera Obscura, Surgeons’ Hall, the Royal Botanic Garden glasshouses, and a long lunch in Stockbridge.',
  ],
  [
    'whats a good carry on packing list for 4 days',
    'Three tops, two bottoms, one layer, underwear and socks for each day, one pair of shoes besides what you wear, toiletries under 100 ml in a clear bag, chargers and an adapter.',
  ],
  [
    'Is the Lake District doable without a car?',
    'Yes: trains reach Windermere and Penrith, and buses like the 555 link Kendal, Windermere, Ambleside and Keswick. Lake steamers help too.',
  ],
  [
    'How do I beat jet lag flying east?',
    'Shift your sleep an hour earlier for a few days before, get morning daylight at your destination, avoid long naps and go to bed at local time.',
  ],
  [
    'Good day trips from Barcelona?',
    'Montserrat for the mountain views, Sitges for the beach, Girona for its old town, and Figueres for the Dalí museum.',
  ],
  [
    'Is travel insurance worth it for a short trip in Europe?',
    'Usually yes, and cheap. The GHIC covers state healthcare but not repatriation, cancellations, lost bags or private treatment.',
  ],
  [
    'What is the best way to see the northern lights from the UK?',
    'Go north and dark: the Scottish Highlands, Orkney or Shetland, on a clear night with a strong aurora forecast, in autumn or winter.',
  ],
  [
    'How much should I tip in restaurants in New York?',
    'Around 18 to 22% of the pre-tax bill is normal at sit-down restaurants; a dollar or two per drink at bars.',
  ],
  [
    'Any tips for travelling with a toddler on a long flight? Asking for my friend.',
    'Book a bassinet or bulkhead seat, bring new small toys to unwrap, snacks, a tablet with downloaded shows, and feed or give a drink during take-off and landing for ear pressure.',
  ],
  [
    'Which Scottish islands are easiest to reach by ferry?',
    'Arran from Ardrossan, Mull from Oban, and Skye by bridge. Cumbrae is a ten-minute crossing from Largs.',
  ],
];

/** Writing help. */
const writing: readonly FillerExchange[] = [
  [
    'Can you make this email sound less passive-aggressive: "As per my last email, the figures are attached."',
    'Try: "Just resending the figures in case they got buried — they are attached here. Happy to talk them through if helpful."',
  ],
  [
    'How do I write a short thank-you card to a neighbour who watered our plants?',
    '"Thank you so much for looking after the plants while we were away — they have never looked happier! Please let us return the favour any time."',
  ],
  [
    'is it "affect" or "effect" in "the change will ___ everyone"',
    '"Affect": it is the verb. "Effect" is usually the noun, as in "the change will have an effect on everyone".',
  ],
  [
    'Help me write a LinkedIn post congratulating a former colleague on her new role.',
    '"Huge congratulations to Sarah on her new role as Head of Operations! It was a pleasure working with you, and your new team is lucky to have you."',
  ],
  [
    'Can you suggest a better word than "very important"?',
    'Essential, crucial, vital, key, critical or paramount, depending on the tone.',
  ],
  [
    'Write a two-line poem about Monday mornings.',
    '"The kettle sighs, the inbox grows; / Monday arrives on tiptoes."',
  ],
  [
    'How do I politely decline a meeting that has no agenda?',
    '"Thanks for the invite. Could you share a short agenda so I can see whether I need to be there, or if I can contribute by email?"',
  ],
  [
    'What is the rule for using semicolons?',
    'Use one to join two complete sentences that are closely related, or to separate items in a list when the items already contain commas.',
  ],
  [
    'Can you shorten this: "We are writing to inform you that your application has been successful."',
    '"Good news: your application was successful."',
  ],
  [
    'Help me word a complaint to a landlord about a broken boiler, for a friend.',
    '"Dear [name], I am writing to report that the boiler at [address] has not worked since [date], leaving no heating or hot water. Please arrange a repair within 24 hours as required. Kind regards."',
  ],
  [
    'Give me a catchy title for a blog post about saving money on groceries.',
    '"Full Basket, Fat Wallet: Small Swaps That Cut Your Food Bill".',
  ],
  [
    'How should I sign off a work email to someone senior?',
    '"Kind regards" or "Best regards" are safe; "Many thanks" if you are asking something of them.',
  ],
  ['write a funny caption for a photo of a cat sitting in a box', '"If I fits, I sits. Rent is due never."'],
  [
    'Can you proofread: "Their going to announce the results tomorow."',
    '"They\'re going to announce the results tomorrow." Two fixes: "their" to "they\'re" and "tomorow" to "tomorrow".',
  ],
];

/** All filler exchanges, one topic after another in turn. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  coding,
  cooking,
  travel,
  writing,
  maths,
  shopping,
  healthOthers,
  otherPeople,
  general,
]);

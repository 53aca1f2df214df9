/**
 * Filler chatter for personal-facts probe E (written blind, see personal-facts-probe-e.ts): ordinary exchanges
 * with an assistant — coding, cooking, travel, writing here; maths, shopping, other people's health, other
 * people's lives and general questions in personal-facts-filler-e-more.ts. Many exchanges hold details about
 * OTHER people (a sister's city, a neighbour's dog and diet, a friend's husband, a coworker, a sister's boss) or
 * general questions on a topic the probe asks about, as distractors a memory must not take as the user's own.
 * No exchange holds any value the probe asks about.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';
import { generalTopics, maths, otherHealth, otherPeople, shopping } from './personal-facts-filler-e-more.ts';

/** Coding help. */
const coding: readonly FillerExchange[] = [
  [
    'How do I reverse a list in Python without changing the original?',
    'Use slicing: `reversed_copy = items[::-1]`. It returns a new list and leaves `items` untouched. If you only need to iterate, `reversed(items)` gives an iterator without copying anything.',
  ],
  [
    "what's the difference between let and const in javascript",
    "Both are block-scoped. `const` can't be reassigned after it's declared, `let` can. Note that `const` doesn't make objects immutable: you can still change the properties of a const object.",
  ],
  [
    'My git branch is 3 commits behind main. Should I merge or rebase?',
    "If the branch is only yours, rebasing gives a cleaner history: `git fetch`, then `git rebase origin/main`. If others have pulled it, merge instead so you don't rewrite history they depend on.",
  ],
  [
    'Can you explain what a SQL LEFT JOIN does in plain English?',
    "It keeps every row from the left table and attaches the matching rows from the right table. Where there's no match, the right-hand columns come back as NULL. Handy for 'customers and their orders, including customers with no orders'.",
  ],
  [
    "regex to match a UK postcode? doesn't need to be perfect",
    "A reasonable approximation: `^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$` with the case-insensitive flag. It accepts nearly all real postcodes and rejects obvious junk, though it'll let a few invalid ones through.",
  ],
  [
    'Why does my CSS flexbox item refuse to shrink below its content width?',
    "Flex items default to `min-width: auto`, so they won't shrink smaller than their content. Set `min-width: 0` on the item (or `overflow: hidden`) and it'll shrink as expected.",
  ],
  [
    'How do I read a CSV file in pandas and skip the first two rows?',
    "`pd.read_csv('file.csv', skiprows=2)`. If the header is on the third line, that's all you need; to skip specific rows instead, pass a list like `skiprows=[0, 1]`.",
  ],
  [
    "what does 'async' actually do in a JS function",
    'It makes the function always return a Promise and lets you use `await` inside it. `await` pauses that function until the promise settles, without blocking the rest of the program.',
  ],
  [
    'Is there a quick way to find which process is using port 3000 on a Mac?',
    'Run `lsof -i :3000`. The PID column tells you the process; `kill <pid>` stops it, or `kill -9 <pid>` if it ignores the polite version.',
  ],
  [
    "Can you explain Big O notation like I'm new to this?",
    'It describes how the work grows as the input grows. O(1) stays flat, O(n) grows in step with the input, O(n²) grows with its square, so doubling the input quadruples the work. It ignores constants and looks at the trend.',
  ],
  [
    'How do I undo my last git commit but keep the changes?',
    '`git reset --soft HEAD~1`. The commit disappears but your changes stay staged, so you can fix them up and commit again.',
  ],
  [
    'whats the cleanest way to remove duplicates from an array in JS',
    "`[...new Set(arr)]` for primitive values. For objects you'll need to pick a key, for example filtering with a Set of ids you've already seen.",
  ],
  [
    "My Python script says 'ModuleNotFoundError' even though I installed the package. Why?",
    'Usually pip installed it into a different interpreter. Run `python -m pip install <package>` with the same `python` you use to run the script, or check that your virtual environment is activated.',
  ],
  [
    'Could you write a bash one-liner to count the lines in all .md files in a folder?',
    "`cat *.md | wc -l` gives the total. `wc -l *.md` gives a per-file breakdown, and `find . -name '*.md' -exec wc -l {} +` includes subfolders.",
  ],
  [
    "What's the point of a Docker volume vs just copying files into the image?",
    'Files baked into the image are fixed at build time, and anything a container writes is lost when it is removed. A volume lives outside the container, so data like a database survives restarts and rebuilds.',
  ],
  [
    "How do I make a Google Sheets formula that counts cells containing the word 'late'?",
    "`=COUNTIF(A:A, \"*late*\")`. The asterisks are wildcards, so it matches 'late' anywhere in the cell, and it isn't case-sensitive.",
  ],
  [
    'explain what an API rate limit is',
    "It's a cap on how many requests you can make in a time window, say 100 per minute. Go over it and the server answers with an error (often HTTP 429) until the window resets, so clients should back off and retry later.",
  ],
  [
    'In TypeScript, when should I use an interface instead of a type alias?',
    'For object shapes they are almost interchangeable. Interfaces can be extended and merged, which suits public APIs; type aliases can also express unions and mapped types. Pick one convention and stay consistent.',
  ],
];

/** Cooking. */
const cooking: readonly FillerExchange[] = [
  [
    'How long do I boil an egg for a runny yolk?',
    'About 6 minutes from lowering it into already boiling water, then straight into cold water. Go to 7 minutes for jammy, 9 to 10 for fully set.',
  ],
  [
    'what can i make with leftover rice, some eggs and frozen peas',
    'Egg fried rice is the obvious winner: fry the cold rice in a hot pan, push it aside, scramble the eggs, then toss everything with the peas, soy sauce and a splash of oil. Spring onions on top if you have them.',
  ],
  [
    'Can I freeze cooked pasta?',
    'Yes. Slightly undercook it, toss it with a little oil and freeze it in portions. It keeps about two months; reheat it in boiling water for a minute or straight in a hot sauce.',
  ],
  [
    'Why did my bread come out dense?',
    "Common causes: under-proofing, old yeast, too much flour, or a kitchen that's too cold. Let the dough rise until it has clearly doubled, and check your yeast foams in warm water first.",
  ],
  [
    'Give me a quick tomato soup recipe',
    'Soften an onion and two garlic cloves in olive oil, add two tins of tomatoes, 500ml of stock and a pinch of sugar, simmer for 20 minutes, then blend. Finish with a swirl of cream or pesto and plenty of black pepper.',
  ],
  [
    'how do you stop a roux going lumpy',
    'Add the liquid gradually and whisk after each splash, and use warm milk rather than fridge-cold. If it does go lumpy, a quick blitz with a stick blender rescues it.',
  ],
  [
    "What's a good substitute for buttermilk in pancakes?",
    'Stir a tablespoon of lemon juice or white vinegar into 250ml of milk and leave it five minutes. Plain yoghurt thinned with a little milk works too.',
  ],
  [
    "How do I cook rice so it isn't sticky?",
    'Rinse it until the water runs clear, use about 1.5 parts water to 1 part rice, bring it to the boil, then cover and simmer on the lowest heat for 12 minutes. Let it rest off the heat for 5 minutes before fluffing.',
  ],
  [
    'Is it safe to reheat chicken twice?',
    "Food safety agencies recommend reheating only once. Each cooling and reheating cycle gives bacteria another chance to grow, so portion it out and reheat just what you'll eat.",
  ],
  [
    'Ideas for a dessert I can make the day before a dinner party?',
    'Tiramisu, panna cotta, a lemon posset or a chocolate mousse all improve overnight in the fridge. Posset is the easiest: cream, sugar and lemon juice, nothing else.',
  ],
  [
    "my friend is coming over and she's gluten free. what main can i do that everyone will eat",
    'A risotto, a roast chicken traybake with potatoes, or a chilli with rice are all naturally gluten-free. Just check stock cubes and bought sauces, since some contain wheat.',
  ],
  [
    'How much salt should go in pasta water?',
    'Roughly 10 grams per litre, about a rounded teaspoon. It should taste pleasantly seasoned, not like the sea.',
  ],
  [
    "What's the difference between baking soda and baking powder?",
    "Baking soda is pure bicarbonate and needs an acid (yoghurt, lemon, buttermilk) to react. Baking powder already contains an acid, so it works on its own. They aren't interchangeable one to one.",
  ],
  [
    'how do i know when a steak is medium rare without cutting it',
    'A thermometer is the reliable way: about 54 to 57°C in the middle. Without one, the press test works roughly: medium rare feels like the fleshy base of your thumb when you touch thumb to middle finger. Rest it 5 minutes after.',
  ],
];

/** Travel. */
const travel: readonly FillerExchange[] = [
  [
    "What's the best way to get from Paris to Amsterdam?",
    'The direct Eurostar train takes about 3h20 centre to centre and is usually easier than flying once you count airport time. Book a few weeks ahead for the cheaper fares.',
  ],
  [
    'Do I need a visa to visit Japan from the UK for two weeks?',
    'No: UK passport holders can visit visa-free for up to 90 days as tourists. Make sure your passport is valid for the whole stay, and filling in the Visit Japan Web form speeds up arrival.',
  ],
  [
    'things to do in copenhagen in winter',
    "Tivoli's winter season, the Design Museum, a canal tour on a clear day, the Torvehallerne food market, and a sauna with a cold plunge at one of the harbour spots. Plan for dark afternoons: it's dark by 4pm.",
  ],
  [
    'How early should I get to the airport for a European flight?',
    'Two hours is the usual advice for short-haul. With hand luggage only and online check-in, 90 minutes is often fine, but allow more on busy summer weekends.',
  ],
  [
    'Is Interrail worth it for a three-week trip?',
    "Usually yes if you'll take several long train journeys; a global pass covers most of Europe. For just two or three cities, point-to-point tickets bought early can be cheaper. Some high-speed trains need paid seat reservations on top.",
  ],
  [
    'what should I pack for a week of hiking in the Scottish Highlands in May',
    'Layers: a base layer, a fleece, waterproof jacket and trousers, broken-in boots and a warm hat, since May can still bring snow on the tops. Add midge repellent, a map and compass, and a power bank.',
  ],
  [
    'Can you suggest a 3-day itinerary for Rome?',
    "Day 1: Colosseum, Forum and Palatine Hill. Day 2: the Vatican Museums and St Peter's in the morning, Trastevere in the evening. Day 3: the Pantheon, Trevi Fountain, Piazza Navona and the Borghese Gallery (book ahead).",
  ],
  [
    'how does travel insurance work for cancelled flights',
    "If the airline cancels, claim from them first: UK and EU rules give you a refund or rerouting, and sometimes compensation. Insurance typically covers what the airline won't, like prepaid hotels, depending on your policy's cancellation cover.",
  ],
  [
    "What's the cheapest way to get around Berlin?",
    'A day ticket or a 7-day ticket for zones AB covers the U-Bahn, S-Bahn, trams and buses. Berlin is also very bikeable, and most sights in Mitte are walkable.',
  ],
  [
    'Is tap water safe to drink in Mexico City?',
    'Generally no: stick to bottled or filtered water, and be careful with ice from street stalls. Restaurants that cater to visitors usually use purified ice.',
  ],
  [
    "my friend is flying to Toronto next month, what's the weather like there in March",
    "Still cold: typically around -5 to 5°C, with a fair chance of snow or slush. She'll want a proper winter coat, waterproof boots and gloves.",
  ],
  [
    "What's a good day trip from Barcelona?",
    'Montserrat is the classic: a mountain monastery with great views, about 1.5 hours away by train and rack railway. Girona and Sitges are also easy by train.',
  ],
];

/** Writing help. */
const writing: readonly FillerExchange[] = [
  [
    "Can you make this sentence less clunky: 'Due to the fact that the meeting was moved, the deadline has been extended by us.'",
    "'Because the meeting moved, we've extended the deadline.' Same meaning, half the words, and in the active voice.",
  ],
  [
    'How do I write a polite email declining a meeting?',
    "Keep it short: thank them, decline clearly, and offer an alternative. For example: 'Thanks for the invite. I can't make Thursday, but I'm happy to read the notes afterwards or catch up next week if that helps.'",
  ],
  [
    "What's the difference between 'affect' and 'effect'?",
    "Usually 'affect' is the verb (the rain affected the match) and 'effect' the noun (the rain had an effect). The exception: 'to effect change' means to bring it about.",
  ],
  [
    'give me 5 subject lines for a newsletter about a community garden',
    "1. What's growing this month 2. Muddy boots and big harvests 3. Your garden needs you (on Saturday) 4. Seeds, swaps and a new shed 5. The tomatoes are winning",
  ],
  [
    "Is it 'fewer' or 'less' people?",
    "'Fewer people': use 'fewer' for things you count one by one and 'less' for amounts you don't (less water, less time).",
  ],
  [
    "Could you help me write a leaving card message for a colleague who's moving to Australia?",
    "How about: 'It won't be the same without you. Thanks for all the help, the laughs and the emergency snacks. Good luck with the big move, and send photos of the beaches so we can all be jealous.'",
  ],
  [
    'How long should a cover letter be?',
    'Around 250 to 400 words, three or four short paragraphs: why this role, what you bring with one or two concrete examples, and a brief close. It should fit comfortably on one page.',
  ],
  [
    "what's a semicolon actually for",
    "It joins two complete sentences that are closely linked: 'It was late; everyone had gone home.' It also separates items in a list when the items already contain commas.",
  ],
  [
    'Can you summarise the plot of Pride and Prejudice in three sentences?',
    "Elizabeth Bennet, one of five unmarried sisters, takes an instant dislike to the proud, wealthy Mr Darcy. Through misunderstandings, a disastrous proposal and Wickham's lies, both have to confront their own pride and prejudice. In the end they reconcile and marry, as do her sister Jane and Mr Bingley.",
  ],
  [
    "My friend's writing a wedding speech as best man and it's way too long. Tips for cutting it?",
    'Aim for 5 to 7 minutes. Keep one or two stories that show who the groom is, cut the in-jokes only a few people get, and end with a warm toast. Reading it aloud with a timer shows quickly where it drags.',
  ],
  [
    'How do I make a LinkedIn post not sound cringe?',
    "Write the way you'd talk to a colleague: one specific point, a concrete example, no 'I'm humbled to announce'. Short paragraphs, a couple of hashtags at most, and skip the motivational moral at the end.",
  ],
  [
    "Rewrite this to sound friendlier: 'Please ensure all receipts are submitted by Friday.'",
    "'Could you send over your receipts by Friday? That way everything gets reimbursed in this month's pay run. Thanks!'",
  ],
];

/** All the filler exchanges, the topics interleaved so that each session mixes them. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  coding,
  otherPeople,
  cooking,
  maths,
  travel,
  otherHealth,
  writing,
  shopping,
  generalTopics,
]);

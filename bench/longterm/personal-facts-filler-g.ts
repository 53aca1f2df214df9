/**
 * Filler chatter for probe G (`personal-facts-probe-g.ts`), part one: ordinary exchanges of a student with a chat
 * assistant that state nothing about the user — coursework and coding help, cheap recipes, travel questions,
 * writing, maths, shopping — plus details about OTHER people (a roommate's boyfriend's job, a classmate's home
 * town, a friend's dog, a coworker's allergy, a professor's name) and general questions ("what jobs suit someone
 * who likes maths?") that a memory must not take as the user's own. No exchange holds any value the probe asks
 * about. Part two is `personal-facts-filler-g2.ts`.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';

/** Coursework, coding and maths help. */
const school: readonly FillerExchange[] = [
  [
    'how do i cite a podcast episode in apa 7',
    'Host, A. A. (Host). (Year, Month Day). Episode title (No. if any) [Audio podcast episode]. In Podcast name. Publisher. URL',
  ],
  [
    'whats the difference between a t-test and an anova, my stats prof explained it in like 30 seconds',
    'A t-test compares the means of two groups; a one-way ANOVA compares three or more at once and tells you if at least one mean differs.',
  ],
  [
    'In Python, why does my list change when I modify a copy of it? I did b = a and then b.append(3).',
    'b = a makes both names point to the same list. Use b = a.copy() or b = list(a) for a shallow copy.',
  ],
  [
    'can u explain p-values like im five',
    "It's how surprising your data would be if nothing interesting were going on. Small p = very surprising, so maybe something is going on.",
  ],
  [
    'excel formula to count cells that say "yes" in column B?',
    '=COUNTIF(B:B, "yes") — it is not case-sensitive.',
  ],
  [
    'What is the derivative of x^2 * sin(x)? I keep getting it wrong.',
    'Product rule: 2x·sin(x) + x²·cos(x).',
  ],
  [
    'my css flexbox wont center vertically, i have justify-content: center',
    'justify-content centers along the main axis (horizontal by default). Add align-items: center and give the container a height.',
  ],
  ['how many sig figs in 0.004050', 'Four: 4, 0, 5 and the trailing 0. Leading zeros never count.'],
  [
    "Can you check my thesis statement? 'Social media has changed how young people experience politics.' My TA said it's too vague.",
    "Make it arguable and specific: 'TikTok's short-form format has shifted young voters' political engagement from party loyalty to issue-based activism.'",
  ],
  ['what does "et al." actually stand for', "'Et alii' — Latin for 'and others'."],
  [
    'git says "your branch is behind origin/main by 3 commits" what do i do',
    'Run git pull to bring in the three commits; if you have local changes, commit or stash them first.',
  ],
  [
    'how do i make a bibliography in google docs automatically',
    'Tools > Citations lets you add sources and insert a bibliography; Zotero with its Docs plugin is more robust for big papers.',
  ],
  [
    'r question: how do i drop rows with NA in just one column',
    'df <- df[!is.na(df$col), ] or with tidyr: df |> drop_na(col).',
  ],
  [
    'is it "affect" or "effect" in "the policy will ___ low-income renters"',
    "'Affect' — it is the verb. 'Effect' is usually the noun.",
  ],
  [
    'how do i find the median of an even number of values',
    'Sort them and take the average of the two middle values.',
  ],
  [
    'What is a good structure for a 10-minute class presentation?',
    'A one-minute hook, three main points of about two minutes each, a summary, and a minute for questions.',
  ],
  [
    'in javascript whats the difference between == and ===',
    '=== compares value and type without conversion; == converts types first, so 0 == "0" is true but 0 === "0" is false.',
  ],
  [
    'how do you calculate a weighted average for grades',
    'Multiply each grade by its weight, add them up, and divide by the sum of the weights.',
  ],
];

/** Other people: roommates' partners, friends, classmates, coworkers, family of friends. */
const otherPeople: readonly FillerExchange[] = [
  [
    "my friend maya's dog biscuit ate a whole chocolate bar, she's freaking out. is milk chocolate as bad as dark?",
    'Milk chocolate has less theobromine than dark, but she should still call a vet or pet poison line with the dog’s weight and amount eaten.',
  ],
  [
    'My lab partner is from Winnipeg and keeps saying our summers are nothing. Is Winnipeg actually colder in winter than most big cities?',
    'Yes, it is one of the coldest large cities in the world, with January averages around −16 °C.',
  ],
  [
    'coworker at the register is allergic to cinnamon and we put it on like half the menu. how do we keep it from cross contaminating',
    'Separate shakers and scoops, wipe the counter after use, and let them avoid prepping the cinnamon items.',
  ],
  [
    "my roommate's boyfriend is a paramedic and works 24h shifts. is that even safe??",
    'Many services run 24-hour shifts with downtime to rest at the station; fatigue is a real concern and is studied a lot.',
  ],
  [
    'my prof dr. okafor wants us to call her by her first name but it feels weird. normal?',
    "Pretty normal, especially in smaller seminars. If she offered, it's fine to use it.",
  ],
  [
    'A friend from class, Théo, is thinking of dropping out to do an electrician apprenticeship. Is that a good career?',
    'Electricians are in demand, apprentices earn while learning, and licensed journeymen earn well. It is a solid path.',
  ],
  [
    "my best friend's sister just moved to vancouver for a job at a video game studio. is rent there as bad as people say",
    'Yes, it is among the most expensive in Canada, with one-bedrooms often over $2,700 a month.',
  ],
  [
    'my grandpa keeps forgetting to take his blood pressure pills. any good reminder systems for old people',
    'A weekly pill organizer, a phone alarm, or a smart dispenser that beeps; tying it to a daily habit like breakfast helps.',
  ],
  [
    "My classmate Jordan has celiac disease and we're doing a potluck. Which dishes are usually safe?",
    'Rice dishes, salads without croutons, corn tortillas, roasted veg and meats without marinades; label everything.',
  ],
  [
    'my aunt in calgary drives a huge pickup and wants something smaller. good reliable used cars?',
    'A Toyota Corolla, Honda Civic or Mazda3 are reliable; a RAV4 or CR-V if she wants some height.',
  ],
  [
    'Someone at work has a guinea pig named Waffles and wants to get a second one. Do they need a friend?',
    'Yes, guinea pigs are social and do best in pairs; introduce them slowly on neutral ground.',
  ],
  [
    "my cousin's husband just started as an accountant at deloitte, what does a first year even do",
    'Mostly audit or tax support: testing samples, reconciling accounts and preparing workpapers under seniors.',
  ],
  [
    'my neighbour downstairs is doing keto and keeps offering me fat bombs lol. what even is keto',
    'A very low-carb, high-fat diet meant to push the body into ketosis, burning fat for fuel.',
  ],
  [
    'The guy who runs the bike shop near campus, Marco, told me to get tubeless tires. What does that mean?',
    'Tubeless tires seal to the rim with sealant instead of an inner tube, so small punctures seal themselves.',
  ],
  [
    "my friend's mom is a pharmacist in ottawa and says i should never mix tylenol and alcohol. is that true",
    'Yes, both are processed by the liver, and regular drinking with acetaminophen raises the risk of liver damage.',
  ],
  [
    'a guy in my seminar, omar, is learning mandarin for a semester in taipei. is that a hard language for english speakers',
    'It is one of the harder ones because of tones and characters, but grammar is fairly simple; a semester abroad helps a lot.',
  ],
  [
    "My manager's kid plays the violin and wants a second-hand one. What should they check?",
    'Cracks in the top, a straight neck, the bridge fit, and that the pegs hold; have a luthier look before buying.',
  ],
  [
    'whats a good first car for a 17 year old, my neighbour is shopping for her son',
    'Something safe and boring: a used Corolla, Civic, Mazda3 or Honda Fit with good crash ratings.',
  ],
];

/** Cheap recipes and food. */
const food: readonly FillerExchange[] = [
  [
    'cheapest way to make a big pot of soup that lasts a week',
    'Lentil or split pea soup: onions, carrots, celery, dried lentils, canned tomatoes and stock. Freezes well.',
  ],
  [
    'How long do cooked rice leftovers last in the fridge?',
    'About 3-4 days. Cool it quickly and reheat until steaming hot.',
  ],
  ['can u freeze bread', 'Yes! Slice it first, freeze in a bag, and toast straight from frozen.'],
  [
    'What can I make with a can of coconut milk, a sweet potato and some spinach?',
    'A quick curry: onion, garlic, curry paste, cubed sweet potato, coconut milk, simmer 20 min, stir in spinach at the end.',
  ],
  [
    'how do i make my stir fry not soggy',
    'Very hot pan, small batches, dry the veg well, and add the sauce at the very end.',
  ],
  [
    'is it safe to eat potatoes that have sprouted',
    'Remove the sprouts and any green parts; if they are very soft or shriveled, toss them.',
  ],
  [
    'Easy dessert for 10 people that needs no oven?',
    'No-bake cheesecake cups, chocolate mousse, or a fruit trifle with store-bought cake.',
  ],
  [
    'whats a good sub for buttermilk',
    'Add 1 tablespoon of lemon juice or vinegar to a cup of milk and let it sit 5 minutes.',
  ],
  [
    'how do people meal prep without getting bored',
    'Prep components (a grain, two proteins, roasted veg, two sauces) instead of identical meals, and mix them differently.',
  ],
  [
    'Why does my banana bread sink in the middle?',
    'Usually underbaking, too much leavening, or opening the oven early. Check with a skewer before taking it out.',
  ],
  [
    'can you make overnight oats with water instead of milk',
    'Yes, they will be less creamy; add a spoon of yogurt or nut butter to make up for it.',
  ],
  [
    "what's the difference between baking soda and baking powder",
    'Baking soda needs an acid to react; baking powder already contains its own acid.',
  ],
  [
    'how do i make rice in a pot without it burning',
    'Rinse it, use about 1.5 cups water per cup, bring to a boil, cover, lowest heat 15 min, then rest 10 min off heat.',
  ],
  [
    'best way to store fresh herbs',
    'Soft herbs like parsley in a glass of water in the fridge; hardy ones like rosemary wrapped in a damp towel.',
  ],
];

/** Part one, interleaved so sessions mix topics. */
export const fillerExchanges: readonly FillerExchange[] = interleave([school, otherPeople, food]);

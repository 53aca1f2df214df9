/**
 * Filler chatter for probe C (`personal-facts-probe-c.ts`): exchanges of a user with a chat assistant that state
 * nothing about the user — coding help, recipes, travel planning, small talk — and exchanges about OTHER people
 * (a colleague's diet, a father's car, a friend's age, a sister's boyfriend's allergy, a hypothetical move) that a
 * memory must not take as the user's own. No exchange holds any value the probe asks about.
 */

/** One filler exchange: what the user says, then the assistant's reply. */
export type FillerExchange = readonly [user: string, assistant: string];

/** Coding help. */
const coding: readonly FillerExchange[] = [
  [
    'how do i undo my last git commit but keep the changes?',
    '`git reset --soft HEAD~1` moves the branch back one commit and leaves your changes staged.',
  ],
  [
    "ts keeps saying 'object is possibly undefined' on arr.find(...).id, whats the clean fix",
    'Either guard it (`const hit = arr.find(...); if (!hit) return;`) or use `arr.find(...)?.id` if undefined is fine downstream.',
  ],
  [
    "regex to match a uk postcode? doesn't need to be perfect",
    'A decent approximation: `^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$` with the `i` flag.',
  ],
  [
    'whats the diff between left join and inner join in plain english',
    'An inner join keeps only rows that match on both sides; a left join keeps every row of the left table and fills the right side with NULL when nothing matches.',
  ],
  [
    'docker compose up says port already allocated, how do i see whats using it',
    'Run `lsof -i :5432` (with your port) to find the process, then stop it or change the host port in the compose file.',
  ],
  [
    'css: easiest way to center a div both ways these days?',
    'Give the parent `display: grid; place-items: center;` — one line, both axes.',
  ],
  [
    'is promise.all fail-fast? i want all the results even if some fail',
    'Yes, it rejects on the first failure. `Promise.allSettled` gives you every outcome with its status.',
  ],
  [
    'bash: loop over all the .csv files in a folder and print line counts',
    '`for f in *.csv; do wc -l "$f"; done` — or simply `wc -l *.csv`.',
  ],
  [
    "python venv won't activate in powershell, 'running scripts is disabled on this system'",
    'Run `Set-ExecutionPolicy -Scope CurrentUser RemoteSigned` once; after that `.venv\\Scripts\\Activate.ps1` works.',
  ],
  [
    'json.parse unexpected token < in json at position 0 — what does that even mean',
    "You're parsing HTML, usually an error page or a redirect. Log the raw response text and check the status code and URL.",
  ],
  [
    'best way to debounce a search box in react without pulling in a library?',
    'Keep the input in state and run the search in a `useEffect` with a ~300 ms `setTimeout`, cleared in the cleanup.',
  ],
  [
    'how do i squash the last 3 commits before opening a PR',
    '`git rebase -i HEAD~3`, mark the last two as `squash`, save, then edit the combined message.',
  ],
  [
    'sql: latest order per customer?',
    'A window function: `ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY created_at DESC)`, keeping the rows where it is 1.',
  ],
  [
    'vitest: how do i run just one test file',
    '`npx vitest run path/to/file.test.ts`; add `-t "name"` to filter by test name.',
  ],
  [
    'whats the shortcut to split the terminal in vscode',
    'Ctrl+Shift+5 on Windows and Linux, Cmd+\\ on macOS, with the terminal focused.',
  ],
];

/** Recipes and cooking. */
const cooking: readonly FillerExchange[] = [
  [
    'banana bread keeps sinking in the middle, what am i doing wrong',
    'Usually underbaking or too much raising agent. Test the centre with a skewer and give it 10 more minutes under foil.',
  ],
  [
    'can u freeze risotto?',
    'You can, but the rice goes soft; it is better turned into arancini or reheated with a splash of stock.',
  ],
  [
    'shakshuka for 2, how many eggs and how long',
    'Four eggs in a 26 cm pan: simmer the sauce 10 minutes, then cover and cook the eggs 6–8 minutes for runny yolks.',
  ],
  [
    'overnight oats ratio?',
    'One part oats, one part milk, half a part yoghurt; add the fruit in the morning so it stays fresh.',
  ],
  [
    'focaccia dough is super sticky is that normal',
    'Yes, high hydration is the point. Oil your hands and use stretch-and-folds instead of kneading.',
  ],
  [
    'red lentil soup tastes flat, how do i rescue it',
    'Acid and salt: a squeeze of lemon and a pinch more salt usually wake it up; smoked paprika helps too.',
  ],
  [
    'quick stir fry sauce from cupboard stuff?',
    'Soy sauce, a little honey, rice vinegar, garlic, and a teaspoon of cornflour in water to thicken.',
  ],
  [
    'how long do hard boiled eggs last in the fridge',
    'About a week in their shells; once peeled, eat them within a couple of days.',
  ],
  [
    'what can i use instead of buttermilk',
    'Stir a tablespoon of lemon juice into a cup of milk and leave it for 10 minutes.',
  ],
];

/** Travel planning. */
const travel: readonly FillerExchange[] = [
  [
    'porto: is 3 days enough or are we rushing it',
    'Three days covers the Ribeira, a port cellar in Gaia, Livraria Lello and a day trip up the Douro valley.',
  ],
  [
    'cheapest way from porto airport to the centre?',
    'Metro line E (violet) goes straight into the centre in about half an hour for a couple of euros.',
  ],
  [
    'packing list for a weekend hike in the lakes, uk weather lol',
    'Waterproof jacket and trousers, a warm layer, map and compass, head torch, snacks, and spare socks in a dry bag.',
  ],
  [
    'train or plane from london to edinburgh, honestly',
    'The train: about four and a half hours centre to centre, no security queues, often a similar price if booked early.',
  ],
  [
    'do i need a plug adapter for portugal',
    'Yes, Portugal uses type F sockets (two round pins); a standard EU adapter works.',
  ],
];

/** Small talk and everyday questions. */
const smallTalk: readonly FillerExchange[] = [
  [
    'morning! rough night, the neighbours had a party till 3',
    'Oof, sorry. Strong coffee, and go easy on yourself today.',
  ],
  [
    'tell me a bad joke, need cheering up',
    'Why did the scarecrow win an award? He was outstanding in his field.',
  ],
  [
    'is it just me or is it grim outside again',
    'Not just you, plenty of grey skies about. A good evening for a film and a blanket.',
  ],
  [
    'how do i get better at saying no at work without being a jerk',
    "Offer what you can do instead: 'I can't take that this week, but I could look at it next sprint.'",
  ],
  [
    "whats a houseplant that's hard to kill",
    'A snake plant or a pothos: both cope with low light and with being forgotten.',
  ],
  ['ok thanks thats helpful', 'Glad it helped!'],
  [
    'should i upgrade my phone or wait another year',
    'If yours still works and gets updates, waiting usually gets you a better deal.',
  ],
  [
    'how do i get candle wax out of a carpet',
    'Lay brown paper over it and press with a warm iron; the wax soaks into the paper.',
  ],
  ["explain inflation like i'm 5", 'When prices go up over time, the same pocket money buys fewer sweets.'],
  [
    'best way to learn touch typing as an adult?',
    "Twenty minutes a day on keybr or Monkeytype, and don't look at the keys even when it's slow.",
  ],
  [
    'how do i write a cover letter that doesnt sound generic',
    'Say why this company, give one concrete achievement with a number, and end with what you would do first.',
  ],
  [
    'remind me how compound interest works',
    'You earn interest on the interest: balance × (1 + rate)^years, so time matters more than the rate.',
  ],
];

/** Other people's details: none of them is the user's. */
const otherPeople: readonly FillerExchange[] = [
  [
    "my colleague dev is vegan and coming round for dinner, any main that won't feel like a compromise?",
    'A mushroom and chestnut wellington, or a big Thai green curry with tofu, works for everyone.',
  ],
  [
    'my boss lives in york and keeps inviting the team up, is it worth a day trip?',
    'Definitely: the Minster, the Shambles and the city walls fill a day easily.',
  ],
  [
    'my fiancée works nights as a paediatric nurse, how can i help her sleep during the day?',
    'Blackout blinds, white noise, a cool quiet bedroom, and keeping chores and calls out of her sleep window.',
  ],
  [
    'my dad just bought a volvo xc40, is that ok for towing a small caravan?',
    "It can tow a light caravan within its limit; check the braked towing capacity against the caravan's loaded weight.",
  ],
  [
    'my mate kev turned 50 yesterday and i forgot, help me write a belated card',
    "'Happy belated 50th, Kev. I was giving you a head start on pretending you're still 49.'",
  ],
  [
    'my brother-in-law is a newcastle fan and wont stop texting me about the derby, comeback ideas?',
    "Keep it light: a gif of a broken record, or 'see you at the return fixture'.",
  ],
  [
    "my sister's boyfriend is coeliac, she wants a birthday cake he can actually eat",
    'A flourless chocolate cake is naturally gluten-free; just check the cocoa and baking powder labels.',
  ],
  [
    'my mum takes warfarin, can she have grapefruit juice?',
    'One to check with her pharmacist or anticoagulation clinic: some foods interact with blood thinners.',
  ],
  [
    "we're staying in lisbon for a week in july, which area is best for an airbnb?",
    'Príncipe Real or Alfama for charm, Cais do Sodré for nightlife; stay near a metro stop.',
  ],
  [
    'if i moved to berlin would my salary go further or is that a myth now?',
    "Rents there have risen a lot; compare net pay after German tax with rents in the area you'd want.",
  ],
  [
    'my friend sam just got a job as a data scientist at a bank, what do i get her to celebrate?',
    'A nice notebook and pen, a good bottle, or dinner out.',
  ],
  [
    "my fiancée's dad supports leicester tigers, whats a good rugby gift for him?",
    'A signed programme, or tickets to a home game at Welford Road.',
  ],
  [
    'my coworker swears by a 5am routine, is that actually healthier?',
    'Only if it still gives enough sleep; a consistent schedule matters more than the clock time.',
  ],
];

/**
 * The filler exchanges, interleaved by kind so that consecutive sessions mix coding, cooking, travel, small talk
 * and other people's details (54 exchanges; a session takes the next eight, wrapping around).
 */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  coding,
  smallTalk,
  otherPeople,
  cooking,
  travel,
]);

/** Round-robin over the lists: the first of each, then the second of each, and so on. */
export function interleave(lists: readonly (readonly FillerExchange[])[]): FillerExchange[] {
  const out: FillerExchange[] = [];
  const longest = Math.max(...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (i < l.length) out.push(l[i] as FillerExchange);
  return out;
}

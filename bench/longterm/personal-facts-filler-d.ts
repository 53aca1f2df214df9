/**
 * Filler chatter of personal-facts probe D: twelve blocks of eight exchanges, one block per session, in the
 * session's writing style (all lowercase, normally capitalised, terse/mobile, in turn). Coding help, recipes,
 * travel planning and small talk, with other people's details (a colleague's allergy, a friend's car, a
 * partner's job, a mother's medication) that are not the user's. No fact value of the probe appears here.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';
import { laterFiller } from './personal-facts-filler-d-later.ts';

/** Session 0, lowercase. */
const s0: readonly FillerExchange[] = [
  [
    'hey can u explain what a closure is in javascript, like actually explain it not the textbook version',
    'A closure is a function that remembers the variables from where it was created, even after the outer function has returned. Think of it as a function carrying a little backpack of the variables it saw.',
  ],
  [
    'ok so if i make a counter function that returns another function, the inner one keeps the count?',
    'Exactly. Each call to the outer function creates a fresh count, and the returned function keeps incrementing its own copy.',
  ],
  [
    'whats a good dinner i can make in 20 min with chickpeas and spinach',
    'Try a quick chickpea and spinach curry: fry onion, garlic and ginger, add curry powder, a tin of chickpeas and coconut milk, simmer 10 minutes and wilt in the spinach.',
  ],
  [
    "my coworker femke is allergic to shellfish and i'm hosting the team lunch, anything to watch out for besides the obvious prawns",
    'Check fish sauce, some stock cubes, surimi and certain Asian pastes, and keep serving spoons separate so nothing cross-contaminates.',
  ],
  [
    'lol ok. also how do i undo my last git commit but keep the changes',
    'Use `git reset --soft HEAD~1`: the commit is removed and the changes stay staged.',
  ],
  [
    'and if i already pushed it?',
    "Then prefer `git revert HEAD`, which adds a new commit undoing it, so you don't rewrite shared history.",
  ],
  [
    'thinking about a weekend in ghent, is it walkable from the station',
    "The centre is about 25 to 30 minutes' walk from Gent-Sint-Pieters; tram 1 gets you to the Korenmarkt in about 10 minutes.",
  ],
  [
    'nice. any cheap eats there',
    'Look for a frituur for fries, the Vrijdagmarkt area for cafés, and the student streets around Overpoort for cheaper meals.',
  ],
];

/** Session 1, capitalised. */
const s1: readonly FillerExchange[] = [
  [
    'Can you explain the difference between a mutex and a semaphore in plain terms?',
    'A mutex is a single key: one thread holds it at a time and must release it. A semaphore is a counter of permits, letting up to N threads in at once.',
  ],
  [
    "Got it. What's a good way to debounce a button press in C without blocking?",
    'Sample the pin on a timer tick and only accept a new state after it has been stable for several consecutive ticks, say 5 ticks at 1 ms.',
  ],
  [
    "My manager asked me to estimate a task I've never done before. How do I give a number without lying?",
    'Give a range with your assumptions, timebox a short spike to learn the unknowns, and promise an updated estimate after it.',
  ],
  [
    "My friend Daan just bought a Tesla Model 3 and won't stop talking about it. What's a nice way to change the subject?",
    "Ask him one genuine question, then bridge to something you both care about: a trip, a match, or what he's been cooking lately.",
  ],
  [
    "I'm cooking roast chicken for some friends on Saturday. What's a good side that isn't just potatoes?",
    'Roasted carrots with cumin and honey, charred broccoli with lemon, or braised leeks with mustard all work well.',
  ],
  [
    "What's the rule of thumb for rice to water?",
    'For long-grain white rice, about 1 part rice to 1.5 parts water by volume, simmered covered for 12 minutes and rested for 10.',
  ],
  [
    "We're planning a few days in Copenhagen in November. Is the Copenhagen Card worth it?",
    'It pays off if you visit three or more paid attractions a day and use public transport a lot; otherwise single tickets are usually cheaper.',
  ],
  [
    "What's the weather usually like there then?",
    'Cold and changeable: around 4 to 9°C, windy, with rain on many days, so bring layers and a waterproof.',
  ],
];

/** Session 2, terse/mobile. */
const s2: readonly FillerExchange[] = [
  [
    'hw do i make a python venv again',
    'Run `python3 -m venv .venv`, then `source .venv/bin/activate` on Linux or macOS.',
  ],
  ['thx. n pip install from requirements?', '`pip install -r requirements.txt` inside the activated venv.'],
  [
    'omw home, what can i make w eggs rice n frozen peas in 15 min',
    'Egg fried rice: scramble the eggs and set aside, fry the rice hot with the peas, soy sauce and a little sesame oil, then fold the egg back in.',
  ],
  [
    'my niece loves bluey, whats a good bday present for a 4yo',
    'A Bluey playset or the Bluey picture books are safe bets; a simple craft kit also suits that age.',
  ],
  [
    "tbh cant sleep lately, any tips that arent 'put ur phone away'",
    "Keep a fixed wake-up time, get daylight early, cut caffeine after midday, and if you're awake for 20 minutes, get up and do something dull until you're sleepy.",
  ],
  [
    'my mate sem is an ajax fan, need some banter for the group chat',
    "Something like: 'Sem, I'd tell you a joke about Ajax's defence, but it doesn't hold up either.'",
  ],
  [
    'cheapest way ams to lisbon in dec?',
    'Direct low-cost flights from Amsterdam to Lisbon are usually cheapest midweek; book 6 to 8 weeks ahead and travel with hand luggage only.',
  ],
  [
    'ok n is 3 days enough',
    'Three days covers Alfama, Baixa, Belém and a day trip to Sintra at a comfortable pace.',
  ],
];

/** Session 3, lowercase. */
const s3: readonly FillerExchange[] = [
  [
    'can u explain what big o of n log n actually means in practice',
    'It grows a bit faster than linear: doubling the input a bit more than doubles the work. Good sorting algorithms like merge sort land there.',
  ],
  [
    'so quicksort is n log n too?',
    'On average yes, but its worst case is n squared, which is why real implementations pick pivots carefully or fall back to heapsort.',
  ],
  [
    "my gf's sister lives in antwerp and we're visiting next month, what should we not miss",
    'The station itself, the cathedral with its Rubens paintings, the view from the MAS museum roof and a walk along the Scheldt quays.',
  ],
  [
    'whats a good marinade for tofu that actually has flavour',
    'Soy sauce, maple syrup, garlic, ginger, rice vinegar and a little chilli; press the tofu first and marinate it for at least an hour.',
  ],
  [
    'how do i keep herbs alive on a windowsill',
    'Give them bright light, water when the top of the soil is dry, pinch off flower buds and harvest from the top so they bush out.',
  ],
  [
    "our neighbour's cat mochi keeps coming in through the window, is it ok to feed him",
    'Better not: he probably has a diet at home. A quick word with the neighbour is the kindest route.',
  ],
  [
    'random q but why do cats knead blankets',
    "It's a leftover kitten behaviour from nursing; adult cats do it when they're relaxed and content.",
  ],
  [
    'how do i get red wine out of a light sofa',
    "Blot, don't rub; dab with washing-up liquid in cold water and rinse with cold water. Baking soda can draw out what's left.",
  ],
];

/** Session 4, capitalised. */
const s4: readonly FillerExchange[] = [
  [
    "What's the cleanest way to structure a REST API for a todo app?",
    'Use resource URLs like /todos and /todos/{id}, map verbs to actions (GET, POST, PATCH, DELETE) and return proper status codes.',
  ],
  [
    'Should I use PATCH or PUT for marking a todo done?',
    'PATCH, since you change one field; PUT means replacing the whole resource.',
  ],
  [
    'My boss did her PhD at Leuven and keeps quoting papers at me. How do I keep up without reading everything?',
    'Skim abstracts and conclusions, ask her which one paper matters most for your project, and read that one properly.',
  ],
  [
    'Can you give me a recipe for a simple lentil soup?',
    'Sweat onion, carrot and celery, add garlic, cumin, red lentils, a tin of tomatoes and stock, simmer 20 minutes and finish with lemon.',
  ],
  [
    'My partner works night shifts as a radiographer. Any tips for keeping the house quiet during the day?',
    'Soft-close the doors, move noisy chores to the evening, and put a white-noise machine in the bedroom.',
  ],
  [
    'Is it worth getting a dehumidifier for a small flat?',
    'If you see condensation on the windows or mould in the corners, yes; a compact desiccant model works well in colder rooms.',
  ],
  [
    "We're thinking about a long weekend in the Ardennes. Where should we base ourselves?",
    'Durbuy or La Roche-en-Ardenne are good bases for hiking and kayaking, with easy day trips around the region.',
  ],
  [
    'Do we need a car there?',
    'It helps a lot, as public transport is sparse. Without one, pick a village with trails starting right from it.',
  ],
];

/** Session 5, terse/mobile. */
const s5: readonly FillerExchange[] = [
  [
    'regex for a dutch postcode pls',
    'Try `^[1-9][0-9]{3} ?[A-Z]{2}$`: four digits not starting with 0, then two letters.',
  ],
  ['ty. n case insensitive?', 'Add the i flag, or write the letters as [A-Za-z]{2}.'],
  [
    'gf is learning italian, any fun shows for her',
    "Try 'Summertime' or 'Skam Italia' on Netflix with Italian subtitles; slower dialogue helps at first.",
  ],
  [
    'my colleague takes metformin, is it ok for him to do the team fasting challenge thing',
    "That's one for his doctor: fasting with metformin can affect blood sugar, so he should check before joining.",
  ],
  [
    'chia pudding recipe quick',
    'Three tablespoons of chia in a cup of plant milk with a little maple syrup; stir twice, fridge overnight, top with berries.',
  ],
  [
    'whats the metro like in paris, tickets?',
    'Buy a Navigo Easy card and load single tickets or a day pass; the Métro is quickest for most trips.',
  ],
  [
    'omw to the airport, how early for a schengen flight',
    'About 2 hours before is comfortable; online check-in and hand luggage only can cut that.',
  ],
  [
    'tbh airport coffee is criminal',
    'It is. Bring an empty bottle for water at least, and count the coffee as part of the holiday budget.',
  ],
];

/** The filler exchanges, eight per session in session order. */
export const fillerExchanges: readonly FillerExchange[] = [
  ...s0,
  ...s1,
  ...s2,
  ...s3,
  ...s4,
  ...s5,
  ...laterFiller,
];

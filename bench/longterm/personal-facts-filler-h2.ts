/**
 * Filler chatter for personal-facts probe H, second half (see personal-facts-filler-h.ts for the first half and
 * what the filler holds). Written blind; the user states nothing about herself here.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** The second half of probe H's filler exchanges. */
export const fillerExchangesH2: readonly FillerExchange[] = [
  [
    "what's the best way to explain to an elderly man why he can't drive anymore. asking for a friend whose dad lost his licence",
    "Lead with respect and safety rather than blame: acknowledge how much independence the car meant, put the decision on the doctor or the licensing rules rather than the family, and come with a concrete plan for getting around — taxi vouchers, community transport, set lifts. Expect grief and anger; it's a real loss.",
  ],
  ['can u convert 180C to fahrenheit', '180°C is 356°F, which most recipes round to 350°F.'],
  [
    "Can you help me write a short bio for a fundraiser flyer? My friend Sal is running the Gold Coast marathon for the children's hospital.",
    "‘This July, Sal is taking on the Gold Coast Marathon — all 42.2 km — to raise money for the children's hospital. Every dollar helps fund equipment and support for sick kids and their families. Back Sal's run and donate today!’",
  ],
  [
    'why does my sourdough go flat in the oven',
    'Usually overproofing, weak starter or not enough surface tension when shaping. Try a shorter final proof (poke test: it should spring back slowly), shape more tightly, and bake in a preheated Dutch oven with the lid on for the first 20 minutes.',
  ],
  [
    'How do I set up a shared family calendar so everyone can see who needs picking up when?',
    "Google Calendar works across iPhone and Android: make a new calendar called ‘Family’, share it with everyone's accounts with ‘make changes’ permission, and have everyone add it to their phone. Give each person a colour. Apple's Family Sharing calendar works too if everyone is on iPhone.",
  ],
  [
    'what does a quantity surveyor actually do',
    "They manage the costs of construction projects: estimating materials and labour, preparing budgets and tender documents, valuing work completed, and handling variations and final accounts. Think of them as the project's accountant.",
  ],
  [
    "My neighbour Pete has gone vegan after a cholesterol scare. What's a high-protein vegan meal I could bring him?",
    'A lentil and chickpea curry with brown rice, a tofu and edamame stir-fry, or a black bean chilli. All freeze well and give him a decent protein hit.',
  ],
  [
    'is it worth paying extra for a fridge with an ice maker',
    'Only if you use a lot of ice — plumbed-in ice makers are the part of a fridge most likely to fail, they take up freezer space and they need a water connection. Trays or a benchtop ice maker are cheaper to fix.',
  ],
  [
    'explain Pythagoras in one sentence',
    'In a right-angled triangle, the square of the longest side equals the sum of the squares of the other two sides: a² + b² = c².',
  ],
  [
    'My coworker Bec wants to switch from ED to community health for better hours. What should she ask in the interview?',
    "About the rostering pattern and on-call, caseload size, how much travel and whether there's a car, what support new staff get, documentation systems, and how the team handles safety on home visits.",
  ],
  [
    'how do I get rid of ants in the kitchen without spraying poison everywhere',
    'Wipe their trail with vinegar and water to erase the scent, keep food sealed and crumbs cleared, seal entry points with caulk, and use bait stations rather than spray — they take the bait back to the nest.',
  ],
  [
    "best places to see in New Zealand's South Island in 10 days",
    "Christchurch, Lake Tekapo, Aoraki/Mount Cook, Wanaka, Queenstown, Milford Sound, then back via Arrowtown or over to the West Coast glaciers if time allows. Hire a car — that's the only practical way.",
  ],
  [
    "Dad's hearing aids keep whistling. Is that a sign they need replacing?",
    'Whistling is usually feedback from a poor fit, wax build-up in the ear or a blocked tube — not necessarily age. Try cleaning the domes and tubes and checking his ears for wax. If it continues, his audiologist can refit or adjust them.',
  ],
  [
    'write a funny 2 line caption for a photo of a dog wearing sunnies',
    'Too cool for fetch. Please direct all enquiries to my agent.',
  ],
  [
    "how much should a 15 yr old get paid for mowing the neighbour's lawn",
    'Somewhere around $20 to $40 depending on the size of the yard and whether they bring the mower and do the edges. Agree on the price before he starts.',
  ],
  [
    "What's a good Excel formula to count how many weekends someone worked in a month? Dates are in column A.",
    '=SUMPRODUCT(--(WEEKDAY(A2:A40,2)>5)) counts the dates that fall on a Saturday or Sunday. Adjust the range to your data.',
  ],
  [
    'Friend of mine, Tam, has just been diagnosed with type 2 diabetes at 45. What changes matter most early on?',
    'Regular movement, losing a modest amount of weight if needed, cutting sugary drinks, more fibre and vegetables, and taking any prescribed medication consistently. A referral to a diabetes educator and dietitian through her GP is really worthwhile.',
  ],
  [
    'how to unblock a bathroom sink without calling a plumber',
    "Pull out and clean the pop-up plug first — that's usually the culprit. Then try boiling water, or bicarb followed by vinegar, then boiling water. If that fails, unscrew the trap underneath with a bucket under it and clear it by hand.",
  ],
  [
    "cheap ideas for a school holiday day trip with teens that won't whinge",
    'A rainforest walk with a swim at the end, a rock-climbing gym, a day at a theme park on a discount day, a trip to the city with a budget and a map, or a cooking challenge at home where they plan and buy the dinner.',
  ],
  [
    "is it true you shouldn't wake a sleepwalker",
    "It isn't dangerous to wake them, but they can be confused or startled. The best approach is to gently guide them back to bed without a fuss.",
  ],
  [
    "What's a good first car for a P-plater that's safe and cheap to run?",
    "Look at a 5-star ANCAP small car around 2015 or newer: a Mazda 3, Hyundai i30, Kia Cerato or Honda Jazz. Check that it's allowed for P-platers in your state, and budget for insurance, which is often the biggest cost.",
  ],
  [
    'whats the formula for percentage increase',
    '(New − Old) ÷ Old × 100. For example, going from $40 to $46 is (6 ÷ 40) × 100 = 15%.',
  ],
  [
    "My mate Shell's cat has stopped eating for two days. Is that urgent?",
    "Yes — a cat not eating for 24 to 48 hours needs a vet. Cats can develop a serious liver problem called hepatic lipidosis quite quickly when they stop eating, especially if they're overweight.",
  ],
  [
    "how do I write a reference for a junior staff member who's good but a bit disorganised",
    "Focus on strengths with specific examples — clinical skill, rapport with patients, willingness to learn — and be honest but constructive: ‘She is developing her time-management skills and responds well to feedback.’ Don't say anything you couldn't back up.",
  ],
  [
    'quick lunch box ideas that survive a day in a hot locker',
    'Use a frozen drink bottle as an ice brick. Good options: rice paper rolls, pasta salad, wraps with hard cheese, boiled eggs, tuna and crackers, and whole fruit. Skip mayo-heavy things.',
  ],
  [
    'How do I block a number on a Samsung phone? Teenager getting spam calls.',
    'Open the Phone app, go to Recents, tap the number, then the ‘i’ or three dots, and choose Block. In Phone settings, you can also turn on ‘Block spam and scam calls’.',
  ],
  [
    "what's the difference between a will and an enduring power of attorney",
    "A will deals with your property after you die. An enduring power of attorney lets someone you choose make financial (and, in some states, personal or health) decisions for you while you're alive if you lose capacity. Most people should have both.",
  ],
  [
    'are pressure cookers safe now or do they still explode',
    'Modern electric pressure cookers like the Instant Pot have several locking and release safety features and are very safe if you follow the fill lines and keep the seal clean. Old stovetop ones without modern valves were the risky ones.',
  ],
  [
    'Recommend a good audiobook for a 9 hour drive that two adults and teenagers would all like.',
    'Try ‘The Martian’ by Andy Weir, ‘Wonder’ by R.J. Palacio, or a Terry Pratchett novel like ‘Guards! Guards!’. A true-crime or science podcast series also works well for mixed ages.',
  ],
  [
    'how much water should someone drink on a hot day doing physical work outside',
    "Roughly 250 to 500 mL every 20 to 30 minutes while working, not just when thirsty, and more in extreme heat. An electrolyte drink helps if they're sweating a lot for hours.",
  ],
  [
    'My boss at my old job, Lynette, is retiring. What do I write in the card?',
    "‘Lynette — thank you for everything you taught me, especially how to stay calm when everything's going sideways. Enjoy every minute of retirement; you've more than earned it.’",
  ],
  [
    "what's a good way to learn guitar as an adult who has no time",
    'Ten focused minutes a day beats an hour once a week. Use an app like Justin Guitar or Yousician, learn four chords (G, C, D, Em), and pick a song you love to practise them on.',
  ],
  ['solve 3x + 7 = 22', '3x = 15, so x = 5.'],
  [
    "My cousin Nat lives in Adelaide and wants to move to the Sunshine Coast. What's the cost of living difference?",
    "Housing is usually the big difference: rents and house prices on the Sunshine Coast have risen sharply and are often higher than Adelaide's. Groceries and fuel are similar. Electricity and insurance can be higher in Queensland.",
  ],
  [
    'is it bad to keep a phone charging overnight',
    "Not really — modern phones stop charging at 100% and many have an optimised charging setting that holds at 80% until morning. Heat is the bigger enemy, so don't charge it under a pillow.",
  ],
  [
    "How do I make a pavlova that doesn't crack and weep?",
    "Use room-temperature egg whites, add the sugar slowly until it's fully dissolved, add a little cornflour and vinegar, bake low (around 120°C), then turn the oven off and let it cool inside with the door ajar.",
  ],
  [
    'what are the signs of a UTI in an older woman, my neighbour seems confused',
    "In older people a UTI can show up mostly as new confusion, agitation, falls or not eating, sometimes without classic burning. Sudden confusion is worth a same-day GP visit, or an urgent one if she's unwell or feverish.",
  ],
  [
    'help me write a clear note for the fridge about who feeds the dog',
    "DOG FEEDING: Morning — whoever is up first, one scoop. Night — 6 pm, one scoop. Tick the box when done. If it's ticked, don't feed again, no matter how sad the eyes are.",
  ],
  [
    "What's a sensible way to split household bills with a teenager who's started earning?",
    'A small, fixed contribution works best — for example 10–20% of their pay — or have them cover their own phone and transport. It teaches budgeting without taking away the motivation to work.',
  ],
  [
    'how long does a tetanus shot last',
    'Adults generally need a booster every 10 years, or sooner (after 5 years) for a dirty or tetanus-prone wound.',
  ],
  [
    'any tips for sleeping in a hot house without aircon',
    'Close blinds during the day, open up at night for cross-breeze, put a bowl of ice in front of a fan, use cotton or linen sheets, have a lukewarm shower before bed, and keep a damp face washer handy.',
  ],
  [
    'My friend Cath just started as a paralegal. What does that job actually involve?',
    "Supporting lawyers: researching case law, drafting documents, organising files and evidence, liaising with clients and courts, and keeping deadlines on track. It's a common pathway into law.",
  ],
  [
    'can you suggest names for a trivia team at a hospital fundraiser',
    'Quizzical Reactions, The Triage Trivia, Cardiac Quizzes, Know It All Pharmacy, Vital Signs of Genius, and Nil By Mouth.',
  ],
  [
    "what's the deal with ‘salary packaging’, is it worth it",
    "It lets you pay certain expenses from your pre-tax salary, which lowers your taxable income. For public hospital and not-for-profit workers the benefits can be substantial — often thousands a year — so it's usually worth asking payroll about.",
  ],
  [
    "what's a nice low-effort dessert for 10 people",
    'A trifle, an Eton mess with berries and store-bought meringues, a tray of brownies with ice cream, or a big bowl of mango and passionfruit with cream.',
  ],
  [
    "How do I explain to a Year 9 kid why you can't divide by zero?",
    "Division asks ‘how many times does this fit?’ How many times does 0 fit into 10? You could add zeros forever and never reach 10, so there's no answer. That's why it's called undefined.",
  ],
  [
    'the lady over the road, Rhonda, is on a low-salt diet after her heart op. what could i drop over',
    'A homemade soup made without stock cubes (use herbs, garlic and lemon for flavour), a roast chicken with vegetables, or a fruit crumble. Avoid processed meats, cheese-heavy dishes and packet sauces.',
  ],
  [
    'good podcast for learning about australian history',
    "Try ‘The History Listen’ from the ABC, ‘Australia's Wars and Battles’, or ‘Dead and Buried’. ‘The Australian History Podcast’ covers broader topics.",
  ],
  [
    "what's the difference between a cyclone watch and a cyclone warning",
    "A watch means gales are possible in the area within 48 hours; a warning means they're expected within 24 hours. A warning is the signal to finish your preparations.",
  ],
  [
    "how do I politely tell my teen's friend's parents their kid can't stay over again this week",
    'Keep it simple and warm: ‘We love having him over, but we need a quiet week at home this time — maybe next weekend?’ No need to over-explain.',
  ],
  [
    "What's the best way to clean old grout on a budget?",
    'Scrub with a paste of bicarb and water using an old toothbrush, spray with vinegar, scrub again and rinse. For mould, a diluted bleach solution with good ventilation works. Seal it afterwards to keep it clean.',
  ],
  [
    'how do you calculate a penalty rate, like time and a half for 6 hours at $42',
    'Time and a half is 1.5 × $42 = $63 an hour, so 6 hours is $378.',
  ],
  [
    'My brother-in-law works as a boilermaker and wants to retrain. What could he do with that background?',
    'Welding inspection, engineering drafting, WHS officer roles, teaching at TAFE, fabrication supervision, or moving into mining maintenance planning. His hands-on experience transfers well.',
  ],
  [
    'easy way to remember the order of the planets',
    '‘My Very Educated Mother Just Served Us Noodles’: Mercury, Venus, Earth, Mars, Jupiter, Saturn, Uranus, Neptune.',
  ],
  [
    'is it worth getting travel insurance for a domestic trip',
    "Often yes if you've paid a lot upfront for flights and accommodation, because it covers cancellations, delays and lost luggage. It doesn't cover medical costs in Australia (Medicare does), so domestic policies are cheaper.",
  ],
  [
    'I want to start journaling but I never know what to write. prompts?',
    "Try: three things that went right today; one thing I'd do differently; what I'm worrying about and whether I can do anything about it; who made me laugh this week; what I'm looking forward to.",
  ],
];

/**
 * Filler chatter for probe K (`personal-facts-probe-k.ts`): exchanges of a user with a chat assistant that state
 * nothing about the user — recipes, travel, health questions about other people, general questions ("what's a
 * good job for someone who…"), small talk — and exchanges about OTHER people (a coworker's new job, a cousin's
 * city, a friend's cat, a neighbour's diet, a mate's boss) that a memory must not take as the user's own. The
 * coding, maths, writing and shopping exchanges are in `personal-facts-filler-k2.ts`. No exchange holds any value
 * probe K asks about.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';
import { coding, maths, shopping, writing } from './personal-facts-filler-k2.ts';

/** Cooking. */
const cooking: readonly FillerExchange[] = [
  [
    'easy dinner with chicken thighs, rice and whatever veg is in the fridge?',
    'A one-pan teriyaki: brown the thighs, add soy, honey, garlic and ginger, then toss in sliced veg for the last five minutes and serve over rice.',
  ],
  [
    'How long do I rest a steak?',
    'About half the cooking time, usually five minutes for a regular steak, loosely covered with foil.',
  ],
  [
    'what can i sub for eggs in pancakes',
    'Mashed banana (half a banana per egg), or a tablespoon of ground flaxseed mixed with three tablespoons of water and left for five minutes.',
  ],
  [
    'Can you give me a slow cooker lamb shank recipe?',
    'Brown four shanks, then add an onion, two carrots, garlic, a tin of tomatoes, a cup of stock, a splash of red wine and rosemary. Cook on low for 8 hours and serve on mash.',
  ],
  [
    'how do i stop rice going mushy',
    'Rinse it until the water runs clear, use about 1.5 cups of water per cup of white rice, simmer covered, then let it sit off the heat for ten minutes without lifting the lid.',
  ],
  [
    'My neighbour is doing keto and coming over for a barbecue. What can I serve her?',
    'Grilled meat or fish, haloumi, a big green salad with olive oil dressing, grilled zucchini and mushrooms. Skip the bread rolls and sugary sauces, or keep them to one side.',
  ],
  [
    'whats a good marinade for prawns on the bbq',
    'Garlic, lemon zest and juice, chilli, olive oil and parsley. Marinate for 20 minutes only — the acid starts to cook them if you leave it longer.',
  ],
  [
    'Is it safe to refreeze thawed mince?',
    'Only if it was thawed in the fridge and is still within a day or two. If it was thawed on the bench or in the microwave, cook it first, then you can freeze the cooked dish.',
  ],
  [
    'quick sauce for pasta with just tinned tomatoes and garlic',
    'Fry sliced garlic gently in olive oil, add the tomatoes, a pinch of salt and sugar, and simmer 15 minutes. A knob of butter or some chilli flakes at the end lifts it.',
  ],
  [
    'A mate is vegan and coming for dinner — any crowd-pleaser mains?',
    "A chickpea and sweet potato curry with coconut milk, a big mushroom and lentil shepherd's pie with olive-oil mash, or tacos with spiced black beans and charred corn.",
  ],
  [
    'how long do boiled eggs last in the fridge',
    'About a week in the shell. Peeled ones are best eaten within a couple of days.',
  ],
  [
    "What's the trick to crispy roast potatoes?",
    'Parboil them for ten minutes, drain and shake to rough up the edges, then roast in very hot oil or fat at 220 °C, turning once.',
  ],
  [
    'can you make pavlova a day ahead',
    'Yes — bake the meringue and let it cool in the switched-off oven, then keep it in an airtight container. Add the cream and fruit just before serving.',
  ],
  [
    'what spices go in a basic dal',
    'Cumin seeds, turmeric, garlic, ginger and a little chilli, with a tempering of mustard seeds and curry leaves fried in ghee or oil poured over at the end.',
  ],
];

/** Travel. */
const travel: readonly FillerExchange[] = [
  [
    'A friend is driving Sydney to Brisbane. Coast road or inland?',
    'The Pacific Highway along the coast is more scenic, with stops like Port Macquarie and Byron Bay. The New England Highway inland is quieter and good if they like country towns.',
  ],
  [
    'what do i need for a trip to japan, visa wise, on an aussie passport',
    'Australians can visit Japan visa-free for up to 90 days as tourists. Your passport should be valid for the whole stay, and it is worth registering on Smartraveller.',
  ],
  [
    'Best time of year to visit Tasmania?',
    'Late summer, February to March, has the most settled weather. Autumn is beautiful for colours, and winter is quiet and cosy if you do not mind the cold.',
  ],
  [
    'how early should i get to the airport for a domestic flight',
    'An hour before departure is usually enough, or 90 minutes at busy times or if you are checking a bag.',
  ],
  [
    'My coworker is going to Bali for her honeymoon. Any tips I can pass on?',
    'Split the stay between Ubud for rice terraces and culture and the coast for beaches. Drink bottled water, carry small notes, and get travel insurance that covers scooters if they plan to ride.',
  ],
  [
    "What's the Great Ocean Road like as a day trip?",
    'Doable but long. Most people drive to the Twelve Apostles and back in about 10 to 12 hours. Staying a night in Apollo Bay or Port Campbell makes it much more relaxed.',
  ],
  [
    'tips for long haul flights without feeling wrecked',
    'Drink water, go easy on alcohol, walk the aisle every couple of hours, and shift your sleep toward the destination time zone on the plane.',
  ],
  [
    'Is Uluru worth the trip?',
    'Most people say yes. Sunrise and sunset over the rock are the highlights, and Kata Tjuta nearby is spectacular for walking. Two full days there is a comfortable stay.',
  ],
  [
    'cheapest way to get around london',
    'Use a contactless card or phone on the Tube and buses — fares are capped daily. Buses are cheaper than the Tube and you see more.',
  ],
  [
    'My cousin just moved to Perth. What are good things to do there on a weekend?',
    'Rottnest Island for the quokkas and beaches, Fremantle markets, Kings Park, and the Swan Valley wineries. Cottesloe at sunset is a must.',
  ],
  [
    'what should i pack for a camping weekend in the high country in autumn',
    'Warm layers and a beanie (nights can drop near zero), a rated sleeping bag, rain jacket, head torch, plenty of water and a first aid kit.',
  ],
  [
    'Do I need an international driving permit for New Zealand?',
    'No, if your licence is in English you can drive in New Zealand for up to 12 months on it.',
  ],
];

/** Health questions about other people, and general health questions. */
const health: readonly FillerExchange[] = [
  [
    'my dad keeps getting cramps in his calves at night, anything that helps',
    'Stretching the calves before bed, staying hydrated and checking his medications with his GP — some, like diuretics, can cause cramps. If they are frequent, a GP check of his electrolytes is worthwhile.',
  ],
  [
    'A friend was just told she has high cholesterol. What foods help?',
    'Oats, legumes, nuts, oily fish and plenty of vegetables; less saturated fat from fatty meat, butter and pastries. Her GP may also suggest a recheck in a few months.',
  ],
  [
    'how much water should a kid drink a day',
    'Roughly 1 to 1.5 litres for primary-school-aged kids, more when it is hot or they are active. Water and milk are the best drinks.',
  ],
  [
    'My neighbour had a knee replacement. How long before she can drive?',
    'Usually around six weeks for the right knee, sometimes sooner for the left in an automatic. Her surgeon should give the go-ahead.',
  ],
  [
    'whats the difference between a cold and the flu',
    'Colds come on gradually with a runny nose and sore throat. The flu hits suddenly with fever, aches and exhaustion, and can knock you flat for a week or more.',
  ],
  [
    'My grandma is on blood thinners. Is it OK for her to take ibuprofen?',
    'Usually not without checking — ibuprofen raises the bleeding risk with blood thinners. Paracetamol is generally the safer choice, but her GP or pharmacist should confirm.',
  ],
  [
    'is it normal for a toddler to only eat like 5 foods',
    'Very common. Keep offering new foods alongside the safe ones without pressure; it can take 10 to 15 exposures. Talk to a GP if growth or energy seem off.',
  ],
  [
    'How much sleep does a teenager actually need?',
    'About 8 to 10 hours. Their body clock shifts later in puberty, which is why they struggle with early mornings.',
  ],
  [
    'a mate hurt his shoulder at cricket, when should he see a physio',
    'If it is still painful or stiff after a few days, or he cannot lift his arm properly, sooner rather than later. Straight to a GP or emergency if there is a deformity or numbness.',
  ],
  [
    'What does a pharmacist mean by "take with food"?',
    'Take it during a meal or just after, which protects the stomach and sometimes helps absorption. A snack is usually enough.',
  ],
];

/** Other people: values that belong to someone else, not the user. */
const otherPeople: readonly FillerExchange[] = [
  [
    'my coworker just got a job as a train driver, what does the training involve',
    'In Victoria it is roughly a year of paid training: classroom work on rules and signalling, then supervised driving on the network before being qualified on their own.',
  ],
  [
    "A friend's cat, Pickles, has started scratching the couch. Any tips?",
    'Put a sturdy scratching post right next to the couch, reward the cat for using it, and cover the couch corner with double-sided tape for a few weeks.',
  ],
  [
    'my cousin lives in Hobart and says its freezing, how cold does it actually get',
    'Winter days sit around 12 °C and nights can go down to 3 or 4 °C, with frost in the suburbs. Not freezing by European standards, but it feels it in old houses.',
  ],
  [
    "My mate Dave's boss, a guy called Trevor, keeps changing his roster last minute. Is that legal?",
    'Most awards require reasonable notice of roster changes, often seven days unless the employee agrees. Dave can check his award on the Fair Work website or call them.',
  ],
  [
    'A friend of mine is a dental hygienist and wants a career change. Ideas?',
    'Health promotion, dental sales or product education, practice management, or teaching at a TAFE. Her clinical background is useful in all of them.',
  ],
  [
    'my neighbour does intermittent fasting, 16:8. is that actually healthy',
    'For most healthy adults it is safe and can help with weight, mainly because people eat less. It is not suitable for everyone — pregnant women or people with diabetes on medication should check with a doctor.',
  ],
  [
    "A coworker's son is starting uni in Adelaide. What should he know about renting there?",
    'Start looking a couple of months before semester, check listings near the tram lines, inspect in person if possible, and keep a copy of the bond lodgement.',
  ],
  [
    'my brother in law drives a mazda cx-5, are they reliable',
    'Generally yes — they have a good reliability record. Keep up the servicing, and watch for carbon build-up on some of the older petrol engines.',
  ],
  [
    'My friend has a border collie that chews everything. What helps?',
    'Border collies need lots of exercise and mental work: long runs, training games, puzzle feeders and chew toys. Boredom is usually the cause.',
  ],
  [
    "A mate's wife is a midwife and works 12-hour shifts. Any ideas for a thank-you gift?",
    'Good compression socks, a nice insulated drink bottle, a voucher for a massage, or a meal delivery subscription for the weeks she is rostered heavy.',
  ],
  [
    'my nephew wants to be an electrician, how does an apprenticeship work',
    'Four years of paid work with an employer plus TAFE study. He needs to find an employer willing to take him on; group training organisations can help.',
  ],
  [
    "A friend is turning 40 and hates fuss. What's a low-key way to celebrate?",
    'A long lunch with a few close friends, a surprise booking at a favourite restaurant, or a day trip somewhere they love. Skip the speeches.',
  ],
  [
    'a colleague moved to Canberra for a public service job, is it a nice place to live',
    'People who live there usually like it: short commutes, lots of parks and bike paths, good schools. The winters are cold and it can feel quiet compared with bigger cities.',
  ],
  [
    'My neighbour keeps bees. Will they bother us?',
    'Usually not. Honeybees forage away from the hive and are not aggressive unless the hive is disturbed. Keep a water source in your yard so they do not go for the pool.',
  ],
  [
    "My boss's daughter is a champion swimmer. What's a good question to ask her at the work barbecue?",
    'Ask what her favourite event is, how early she trains, or what got her into swimming. People love talking about the thing they have worked hard at.',
  ],
  [
    'mate of mine is doing a marathon in october, whats a good long-run plan',
    'Build the long run by a couple of kilometres a week up to about 32 km, three weeks out, then taper. Most runs should be at an easy, chatty pace.',
  ],
];

/** General questions and small talk. */
const general: readonly FillerExchange[] = [
  [
    "What's a good job for someone who likes being outdoors and working with their hands?",
    'Landscaping, arboriculture, surveying, park ranger work, building trades, or environmental field work. Many of them start with a TAFE certificate.',
  ],
  [
    'why is the sky blue, short version',
    'Sunlight is scattered by air molecules, and blue light scatters much more than red because of its shorter wavelength, so the sky looks blue from every direction.',
  ],
  [
    'How do solar panels work, in simple terms?',
    'Light knocks electrons loose in silicon cells, which creates a direct current. An inverter turns that into the alternating current your house uses.',
  ],
  [
    'who invented the hills hoist',
    'Lance Hill, in Adelaide in 1945, improved an earlier rotary clothes line design and made it the famous backyard fixture.',
  ],
  [
    'Any good board games for four adults?',
    'Ticket to Ride, Codenames, Wingspan and Catan are great choices. For something quick and silly, try Just One.',
  ],
  [
    'whats a good way to get to sleep when your brains going a million miles an hour',
    'Try writing down what is on your mind, then a slow breathing pattern like 4-7-8. Keep the room cool and dark and avoid checking the time.',
  ],
  [
    'What are the rules of cricket in one paragraph?',
    'Two teams of eleven take turns to bat and bowl. The batting side scores runs by running between the wickets or hitting boundaries; the bowling side tries to get batters out by hitting the stumps, catching the ball, or running them out. Whoever scores more runs wins.',
  ],
  [
    'why do cats knead',
    'It is a leftover kitten behaviour from feeding. Adult cats do it when they feel safe and content, and it also leaves scent from glands in their paws.',
  ],
  [
    'How do I get rid of mould in a bathroom ceiling?',
    'Spray with white vinegar, leave an hour, and wipe. Then fix the cause: run the exhaust fan during and after showers and open a window.',
  ],
  [
    'what is a good indoor plant that is hard to kill',
    'A ZZ plant, snake plant or pothos. They cope with low light and forgetting to water.',
  ],
  [
    'How does a heat pump hot water system work?',
    'It works like a fridge in reverse: it pulls heat from the outside air and pumps it into the water tank, using far less electricity than a standard electric heater.',
  ],
  [
    "what's the difference between a crocodile and an alligator",
    'Crocodiles have narrower, V-shaped snouts and their lower teeth show when the mouth is closed. Alligators have wider, U-shaped snouts. Australia only has crocodiles.',
  ],
  [
    'Is it going to be a hot summer this year?',
    'I cannot see live forecasts, but the Bureau of Meteorology publishes a seasonal outlook on its website that gives the chances of above-average temperatures.',
  ],
  [
    'tell me a fun fact',
    'Wombats produce cube-shaped poo, which stops it rolling away — they use it to mark territory.',
  ],
];

/** The filler exchanges of probe K: the topics interleaved, so that each session mixes them. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  cooking,
  otherPeople,
  coding,
  travel,
  health,
  general,
  maths,
  writing,
  shopping,
]);

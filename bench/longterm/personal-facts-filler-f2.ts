/**
 * Filler chatter for probe F, second half (see `personal-facts-filler-f.ts`): writing help, health questions
 * about other people, shopping, exchanges about other people's lives, and general questions that ask about a
 * topic without saying anything about the user.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Letters, notices and other writing. */
export const writing: readonly FillerExchange[] = [
  [
    'Can you make this sound more polite: "The gate was left open again and the animals got out. Please shut it."',
    'How about: "A quick request — the gate was left open again recently and the animals got onto the road. Please could everyone make sure it is closed behind them? Thank you."',
  ],
  [
    'I have to write a thank-you card to the nurses who looked after my aunt. Any ideas?',
    '"Thank you all for the care and kindness you showed Auntie during her stay. You made a frightening time so much easier for her and for all of us, and we will not forget it."',
  ],
  [
    'whats the difference between affect and effect',
    'Affect is usually the verb (the weather affects the harvest), effect is usually the noun (the weather had an effect on the harvest). "Effect" as a verb means to bring about, as in "effect a change".',
  ],
  [
    'Write a short notice for the village hall about a coffee morning raising money for the air ambulance',
    'COFFEE MORNING for the Air Ambulance — Saturday, 10am to 12 noon, Village Hall. Tea, coffee and homemade cakes, raffle and bring-and-buy stall. Everyone welcome — every penny goes to keeping the helicopter flying.',
  ],
  [
    'How do I start a eulogy for a neighbour I knew for forty years?',
    'Start with a picture of him as people knew him: "If you drove past his farm any morning for forty years, you would have seen him leaning on the gate with a cup of tea, ready to put the world to rights." Then one or two stories, and what he meant to the community.',
  ],
  [
    'Is it "practice" or "practise" in British English?',
    'In British English, "practice" is the noun (choir practice, a doctor\'s practice) and "practise" is the verb (I practise the piano). American English uses "practice" for both.',
  ],
  [
    'can you help me complain to a company that sent the wrong part twice',
    '"I am writing about order [number]. I ordered [part], but on two occasions I have received [wrong part]. Please send the correct item by next-day delivery and arrange collection of the wrong ones at no cost to me. I would appreciate a reply within seven days."',
  ],
  [
    'Write a short poem about a misty morning in the hills for a card',
    'The mist lies soft along the hill, / the gate is wet, the world is still; / a blackbird wakes, the sheep reply, / and light comes slowly through the sky.',
  ],
  [
    'How do I write a good objection to a planning application?',
    'Stick to material planning grounds: road safety, access, drainage, impact on neighbours, the landscape, and the local development plan. Be specific and polite, give the application number, and keep emotion and property values out of it — they are not planning matters.',
  ],
  [
    'Could you shorten this to one sentence: "The meeting that was supposed to be held next week has now been moved to a later date which will be confirmed in due course."',
    '"Next week\'s meeting has been postponed; a new date will follow."',
  ],
  [
    'what does "per se" mean',
    'Latin for "by itself" or "in itself": "The plan is not bad per se, but the timing is wrong."',
  ],
];

/** Health questions, about other people. */
export const health: readonly FillerExchange[] = [
  [
    'My friend Glenys has just been told she has gout. What should she avoid eating?',
    'Red meat and offal, shellfish, oily fish in large amounts, beer and sugary drinks are the main triggers. Plenty of water, low-fat dairy and cherries are thought to help. Her GP may also suggest medication to lower uric acid.',
  ],
  [
    'Our neighbour has gone gluten-free and is coming for dinner. What can I make?',
    'A roast with potatoes and veg is naturally gluten-free if you thicken the gravy with cornflour instead of flour. For pudding, a meringue with fruit and cream, or a flourless chocolate cake.',
  ],
  [
    'My brother-in-law snores terribly. Could it be something serious?',
    'Loud snoring with pauses in breathing, gasping, or daytime sleepiness can be sleep apnoea, which is treatable and worth checking with a GP. Plain snoring is often helped by losing weight, less alcohol and sleeping on the side.',
  ],
  [
    'What are the signs of a stroke? My aunt is getting on and I worry.',
    'Remember FAST: Face drooping on one side, Arm weakness, Speech slurred, Time to call 999. Sudden confusion, loss of vision or a severe headache are also warning signs.',
  ],
  [
    'the lad at the feed merchants has hay fever really bad. what works best',
    'A daily non-drowsy antihistamine such as cetirizine or loratadine, started before the season, plus a steroid nasal spray for a blocked nose. Wraparound sunglasses and showering after work help too.',
  ],
  [
    'How much water should an older person drink a day?',
    'About six to eight glasses (1.5–2 litres) of fluid, more in hot weather. Tea, milk and soup count. Older people often feel less thirsty, so regular drinks at set times help.',
  ],
  [
    "My friend's husband has been told his blood pressure is high. What can he do apart from tablets?",
    'Cut down on salt, lose weight if he needs to, walk briskly most days, keep alcohol low, and stop smoking. Home blood pressure monitors are cheap and help track whether changes work.',
  ],
  [
    'Is it normal for a child of two to have so many colds?',
    'Yes — young children can have eight or more colds a year, especially at nursery. It builds their immunity. See a doctor if breathing is difficult, there is a high fever that will not come down, or the child is unusually drowsy.',
  ],
  [
    'my sister in law is starting chemo next week, what can i do to help',
    'Practical help counts most: lifts to appointments, meals for the freezer, doing the washing or shopping, and company on the bad days. Ask before visiting, as her immunity may be low, and keep away if you have a cold.',
  ],
  [
    'Our neighbour Mrs Jenkins is on a low-salt diet. What can I bake for her?',
    'Most sweet baking is low in salt if you use unsalted butter and leave out added salt: fruit scones, an apple cake, or flapjacks. Avoid bicarbonate-heavy recipes, as that adds sodium.',
  ],
  [
    'A friend has been having dizzy spells when she stands up. What causes that?',
    'Often low blood pressure on standing, dehydration or a side effect of medication. It is worth her seeing a GP, especially if she has fallen or fainted.',
  ],
];

/** Shopping. */
export const shopping: readonly FillerExchange[] = [
  [
    'Are heated clothes airers worth it?',
    'For drying indoors in winter, yes: they cost a few pence an hour to run, far less than a tumble dryer, and things dry overnight. Get one with a cover to speed it up.',
  ],
  [
    'what are the best wellies for wide feet',
    'Le Chameau and Aigle make wide-fit versions; Dunlop Purofort are roomy, light and warm. Neoprene-lined boots like Muck Boots suit cold weather and wide calves.',
  ],
  [
    'Which is better, a chest freezer or an upright one?',
    'A chest freezer holds more, is cheaper to run and keeps cold longer in a power cut, but things get lost at the bottom. An upright is easier to organise and takes less floor space.',
  ],
  [
    'Whats a good present for a man who has everything, about £30?',
    'A good pocket knife, a personalised hip flask, a whisky tasting set, a bird feeder with a camera, or tickets to something. Experiences are often better than things for people who have everything.',
  ],
  [
    'Is it worth buying an electric blanket or just a hot water bottle?',
    'An electric blanket warms the whole bed and costs only a few pence a night. Choose one with auto switch-off and check it for wear each winter. A hot water bottle is cheaper but cools down.',
  ],
  [
    'good waterproof coat that actually stays waterproof',
    'Look for Gore-Tex or a similar membrane rather than a coated fabric: Paramo, Rab and Berghaus are reliable. Re-proof it every year with a wash-in treatment.',
  ],
  [
    'What should I look for in a new washing machine?',
    'An energy rating of A or B, a drum of 8–9 kg for a family, a quick wash programme, and a spin of 1400 rpm. Check the reviews for noise, and whether the brand offers a long warranty.',
  ],
  [
    'Are air fryers actually cheaper to run than the oven?',
    'For small amounts, yes — they heat up fast and use roughly half the energy of a full oven. For a big family roast the oven is still more practical.',
  ],
  [
    'what size log store do i need for a winter',
    'A typical house burning most evenings uses 3–5 cubic metres of logs a season. A store about 2 m wide, 1 m deep and 1.8 m high holds around 3 cubic metres; allow room for airflow.',
  ],
  [
    'Can you recommend a good pair of binoculars for birdwatching under £150?',
    '8×42 is the standard size for birdwatching. The Opticron Adventurer, Celestron Nature DX and Hawke Nature-Trek are all good value within that budget.',
  ],
  [
    'Is a robot vacuum any good with dog hair?',
    'Yes, the better ones cope well: look for rubber rollers rather than bristles, which tangle, and a self-emptying base if there is a lot of hair. They do not replace a proper vacuum on stairs.',
  ],
];

/** Other people's lives: details a memory must not take as the user's own. */
export const otherPeople: readonly FillerExchange[] = [
  [
    'My friend Carys has just retrained as a physiotherapist at 50. Is that a common age to change career?',
    'More common than people think — many physiotherapy students are mature students, and life experience helps with patients. Good for her.',
  ],
  [
    'My niece has moved to Aberdeen for a job in the oil industry. What is the city like to live in?',
    'Aberdeen is a granite city with good wages in energy, a beautiful coast and quick access to the Cairngorms. Winters are dark and cold, and house prices are lower than they were.',
  ],
  [
    "my cousin's boss, a man called Warren, keeps messaging her on sundays. is that allowed",
    'In the UK there is no law against it, but she does not have to reply outside working hours unless her contract says so. A polite conversation about expectations usually helps.',
  ],
  [
    "A friend's spaniel, Biscuit, keeps eating socks. Is that dangerous?",
    'It can be: socks can block the gut and need surgery. Keep socks out of reach, give him chew toys, and see a vet urgently if he vomits repeatedly or stops eating.',
  ],
  [
    'The couple across the road are vegan and asked us round. Should I bring wine — is wine vegan?',
    'Not always: some wines are fined with egg, milk or fish products. Look for "vegan" on the label — many supermarkets mark it — and you will be safe.',
  ],
  [
    'My brother-in-law just bought a Ford Ranger. Are they reliable?',
    'The Ranger is generally well regarded and tows well. Older ones had some issues with clutches and timing belts, so servicing history matters.',
  ],
  [
    'My friend supports the Ospreys and keeps teasing everyone. Any good comebacks?',
    'Gentle teasing works best: ask if they have booked the open-top bus yet — or simply save your best line for the day they lose.',
  ],
  [
    'My friend Sian is getting married in Tenby in the summer. What is there to do in Tenby?',
    'Lovely beaches, the old walled town, boat trips to Caldey Island, and coast path walks. It gets busy in summer, so book rooms early.',
  ],
  [
    'A woman at church has just become a grandmother for the first time — a boy called Osian. What is a nice gift?',
    'A personalised blanket or book with his name, a savings account starter, or a keepsake box. Something for the new parents, like a meal, is always welcome too.',
  ],
  [
    'My old school friend lives in Toronto now and works as a pharmacist. Is that a well-paid job there?',
    'Yes, pharmacists in Canada earn well — around 100,000 to 130,000 Canadian dollars a year in Ontario, depending on the employer.',
  ],
  [
    "My friend's mother has dementia and keeps asking for her husband who died years ago. What should she say?",
    'Many carers find it kinder not to correct her each time, as it can be like hearing the news afresh. Asking about him ("Tell me about him") and then gently changing the subject often works better.',
  ],
  [
    'the people who bought the farm down the road are from london and want to keep alpacas. are alpacas hard work',
    'Not very, but they need company of their own kind (at least three), shearing once a year, regular toenail trimming and good fencing. They are hardy, but they do not like wet, muddy ground.',
  ],
  [
    'My friend is allergic to nuts and coming to a buffet. How do I keep her safe?',
    'Make at least some dishes completely nut-free, label everything, keep serving spoons separate, and check labels for "may contain". Ask if she carries an adrenaline pen and where it is.',
  ],
  [
    'My godson is off to university to study marine biology. What jobs does that lead to?',
    "Fisheries science, conservation, environmental consultancy, aquariums, research, or teaching. Many go on to a master's degree, and practical skills like boat handling or diving help a lot.",
  ],
];

/** General questions, about the world rather than the user. */
export const generalTopics: readonly FillerExchange[] = [
  [
    "What's a good job for someone who loves being outdoors but hates the cold?",
    'Landscape gardening or tree surgery in a mild region, a park ranger, an ecologist who does summer fieldwork and writes up in winter, or an outdoor guide abroad.',
  ],
  [
    'Why do sheep have their tails docked?',
    'To stop muck building up on the back end, which attracts blowflies and causes flystrike. It is done in the first week of life with a rubber ring and must leave enough tail to cover the vulva in ewes and the anus in rams.',
  ],
  [
    'how do they decide when easter is',
    'Easter Sunday is the first Sunday after the first full moon on or after 21 March. That is why it moves between 22 March and 25 April.',
  ],
  [
    'What is the oldest language still spoken in Europe?',
    'Basque is often called the oldest, as it is unrelated to any other known language. Greek has the longest written record among living languages.',
  ],
  [
    'Is it true that red sky at night means good weather?',
    'There is some truth in it for Britain: a red evening sky means clear air to the west, where the weather usually comes from, so the next day is often fine.',
  ],
  [
    'How does a heat pump work?',
    'Like a fridge in reverse: it pulls warmth out of the outside air or ground using a refrigerant, compresses it to raise the temperature, and releases it into the house. It makes about three units of heat for each unit of electricity.',
  ],
  [
    'Why are hedgerows so important?',
    'They shelter livestock, hold soil together, give birds, insects and small mammals food and corridors to move along, and store carbon. Many are hundreds of years old.',
  ],
  [
    'whats the tallest mountain in britain',
    'Ben Nevis in Scotland, at 1,345 metres. The highest in England is Scafell Pike, at 978 metres.',
  ],
  [
    'How do they measure how old a tree is without cutting it down?',
    'They use an increment borer: a thin hollow drill that takes out a pencil-thin core, and the rings are counted. A rough estimate comes from the girth: about 2.5 cm of girth per year for many trees.',
  ],
  [
    'What hobbies are good for someone who has just retired?',
    'Walking groups, volunteering, gardening or an allotment, a choir, learning a language, local history, bowls, painting classes, or the University of the Third Age, which runs all sorts of groups.',
  ],
  [
    'Why do cows lie down before it rains?',
    'It is mostly a myth: cows lie down to chew the cud and rest, whatever the weather. One idea is that they lie down to keep a dry patch, but studies have not found it a reliable forecast.',
  ],
  [
    'How do you tell a crow from a rook?',
    'Rooks have a bare, greyish-white face around the base of the beak and shaggy "trousers" on the legs; crows have an all-black, feathered face and neater legs. Rooks are usually in groups; crows alone or in pairs.',
  ],
];

/**
 * Filler chatter for personal-facts probe M, continued from personal-facts-filler-m.ts: other people's news
 * (distractors), sums, letters and speeches, health questions about other people, and general questions.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

export const otherPeople: readonly FillerExchange[] = [
  [
    "My buddy Lloyd's daughter just got hired as a paramedic in Truro. What kind of schedule do they usually work?",
    'Paramedics in Nova Scotia usually work 12-hour shifts, often two days then two nights then four off. It varies by station, so she will find out at orientation.',
  ],
  [
    'fella next door Art went vegan, doctors orders. what do i bring to his potluck',
    'A big bean chili, a lentil and vegetable soup, or roasted vegetables with a tahini dressing. Check the bread and pastry for butter and eggs.',
  ],
  [
    'Phyllis across the road has a beagle named Duke that keeps getting into my garbage. Nice way to bring it up with her?',
    'Keep it friendly: mention it over the fence as a small problem, not a complaint, and suggest a latch for the bin. A strap or bungee on the lid also stops most dogs.',
  ],
  [
    'Gordie our fire chief is stepping down after 25 years. what should be on the plaque',
    'Something short: "Gordon, 25 years of service to our community. With gratitude from your department." Add the dates and the department crest.',
  ],
  [
    'buddy of mine Clarence is a big Habs fan and he is driving me foolish. what are their odds this year',
    "I can't give you live standings, but I can tell you Montreal has been rebuilding with young players. Clarence will likely stay hopeful either way.",
  ],
  [
    "Lloyd just bought a Ram 1500 and he's bragging about the mileage. Is a diesel really worth it for a half-ton?",
    'Only if you tow a lot or drive big distances: the diesel costs more to buy and to service, and fuel savings take years to pay it back for ordinary use.',
  ],
  [
    'my cousin rita out in moncton is opening a little bakery. whats a good name for it',
    "A few ideas: Rita's Rising, The Flour Shed, Sweet Tide Bakery, Morning Crust. Something with her name is easy to remember.",
  ],
  [
    "Neighbour's boy is going to NSCC for welding. Is that a good trade these days?",
    'Yes, welders are in demand in the Maritimes, in shipbuilding, construction and fabrication shops. Red Seal certification makes it portable across Canada.',
  ],
  [
    'the fella who plows my lane, Murray, wants to be paid e-transfer now. is that normal',
    'Very normal these days. Just double-check the email or phone number with him in person before you send the first one.',
  ],
  [
    "Bev at the credit union says I should look at a TFSA. She's been there 30 years so she knows her stuff. What is it?",
    "A Tax-Free Savings Account: money you put in grows and comes out without tax. It's handy for savings you might want to dip into.",
  ],
  [
    'a young couple from ontario bought the old Hiltz place. what do i bring them',
    'A loaf of homemade bread, a jar of jam or pickles, and a card with your phone number and the name of a good plow guy. That goes a long way out here.',
  ],
  [
    "Clarence's wife Joan is a teacher and she says kids can't write in cursive anymore. Is that true?",
    'Many schools now teach less cursive than they used to, so a lot of kids print or type. Some provinces have brought it back a bit.',
  ],
  [
    'buddy of mine has a cat that only drinks from the tap. is that normal',
    'Quite common. Cats prefer running water. A cat water fountain usually solves it and gets them drinking more.',
  ],
  [
    'the minister at the united church down the road, Reverend Sutherland, asked me to read at a service. what do i need to know',
    'Read the passage a few times out loud beforehand, go slowly, and look up at the end. Ask him which version of the Bible they use.',
  ],
  [
    "Murray's wife Gail says she is allergic to shellfish but she eats haddock. How does that work?",
    'Shellfish and fin fish are different allergies. Plenty of people react to lobster or shrimp but are fine with haddock or cod.',
  ],
];

export const sums: readonly FillerExchange[] = [
  [
    'how many board feet in a 2x6 that is 12 foot long',
    'Board feet = thickness × width × length in feet ÷ 12, so 2 × 6 × 12 ÷ 12 = 12 board feet.',
  ],
  [
    'truck went 540 km on 68 litres. whats that in litres per 100',
    '68 ÷ 540 × 100 = about 12.6 litres per 100 km.',
  ],
  [
    'if a model is 1:96 scale and the real ship is 140 feet long how long is the model',
    '140 feet is 1,680 inches; divide by 96 and you get 17.5 inches.',
  ],
  ["What's 15% HST on $1,249?", '$1,249 × 0.15 = $187.35, so $1,436.35 in total.'],
  [
    'GIC pays 4.2 percent for 3 years. how much does 10000 turn into',
    'Compounded yearly: 10,000 × 1.042³ ≈ $11,314. If it pays simple interest, $11,260.',
  ],
  ['how many square feet is a deck 12 by 16', '12 × 16 = 192 square feet.'],
  [
    'recipe is for 8 people, i got 30 coming. how do i scale it',
    'Multiply each amount by 30 ÷ 8 = 3.75. Round sensibly, and go a little lighter on the salt and spices, then taste.',
  ],
  [
    'how many bags of concrete for 8 fence posts',
    'For 8-inch holes 3 feet deep, about two 30 kg bags per post, so 16 bags. Get a couple extra.',
  ],
  [
    'convert 40 below fahrenheit to celsius',
    "It's the same: −40 °F is −40 °C, the one point where both scales meet.",
  ],
  ['lumber yard wants 9.85 a board for 45 boards. ballpark before tax', '45 × $9.85 = $443.25.'],
  [
    'how far is it driving halfway across canada, say truro to winnipeg',
    "About 3,300 km, roughly 35 hours of driving, so four or five days if you're taking it easy.",
  ],
  ['how many cups in a litre', 'About 4 cups (4.2 Canadian cups, since a cup is 250 mL here).'],
  [
    'if i walk 3 km a day how far is that in a year',
    '3 × 365 = 1,095 km a year, about the distance from here to Montreal.',
  ],
];

export const writing: readonly FillerExchange[] = [
  [
    'Could you help me write a letter to the municipality about the potholes on our road? I want it polite but firm.',
    'Sure: "Dear Councillor, I am writing about the condition of our road, which has deteriorated badly this spring. Several potholes are now deep enough to damage vehicles and are a hazard for buses and emergency vehicles. I would ask that repairs be scheduled before summer. Thank you for your attention."',
  ],
  [
    "need to say a few words at Lloyd's retirement supper. he was a mechanic 40 years. something funny but not mean",
    'Try: "Lloyd has had his hands in more engines than anyone on this shore, and he only ever lost one part, which he still swears was never in the box to begin with. Forty years, and every truck in the county ran a little better because of him."',
  ],
  [
    'thank you card for the nurses who looked after my neighbour',
    '"Thank you for the care and kindness you showed Art during his stay. You made a hard time easier for him and for all of us who love him."',
  ],
  [
    'Remembrance Day blurb for the Legion newsletter, short',
    '"On November 11 we gather to remember those who served and those who did not come home. Join us at the cenotaph at 10:45. Lest we forget."',
  ],
  [
    'how do i write a complaint to nova scotia power about my bill doubling',
    'Keep it factual: your account number, the two bill amounts and dates, what changed on your end (nothing), and a clear request to review the meter reading. Ask for a written reply.',
  ],
  [
    'A fella from the curling club passed. Could you help me with a few lines for the sympathy card to his wife?',
    '"I was so sorry to hear about Ernie. He was a fine man to have on the ice and better company after. Thinking of you and the family."',
  ],
  [
    'help me write an ad to sell a snowblower. 8 hp, runs good',
    '"8 HP two-stage snowblower, starts on the first pull, well maintained, new belts last year. $450 or best offer. Can show it running."',
  ],
  [
    'whats the right way to start an email to someone i dont know',
    'Start with "Hello Ms. Smith," or "Good morning," then say in one line who you are and why you are writing. Finish with "Thank you," and your name.',
  ],
  [
    'is it ok to say "me and Lloyd went fishing" or is it "Lloyd and I"',
    'In conversation "me and Lloyd" is fine. In writing, "Lloyd and I went fishing" is the standard.',
  ],
  [
    'need a toast for my buddy murrays 40th anniversary',
    "\"Forty years ago Murray talked Gail into marrying him, and he's been talking ever since. Here's to Murray and Gail: forty years, and still each other's favourite company.\"",
  ],
  [
    'Could you proofread this? "Their going to be a fish fry at the hall on saturday, every body welcome."',
    '"There\'s going to be a fish fry at the hall on Saturday. Everybody welcome." Their should be There\'s, and everybody is one word.',
  ],
  [
    'write me a short note to the school thanking them for the christmas concert',
    '"Thank you to the staff and students for a wonderful Christmas concert. The hard work showed, and it was a real treat for the whole community."',
  ],
  ['how do you spell the word for when somebody is really nice. couteous?', 'Courteous: c-o-u-r-t-e-o-u-s.'],
];

export const healthOfOthers: readonly FillerExchange[] = [
  [
    'my cousin rita has shingles. can you catch it from her',
    "You can't catch shingles itself, but someone who never had chickenpox can catch chickenpox from the blisters. Once they're crusted over it's safe.",
  ],
  [
    'Lloyd has gout in his big toe. What foods should he stay away from?',
    'Beer, organ meats, shellfish, sardines and sugary drinks are the big ones. Lots of water helps, and he should talk to his doctor about medication if it keeps flaring.',
  ],
  [
    'fella on the fire department has a pacemaker. is it ok for him to use the radios',
    'Two-way radios and cell phones are generally fine; the advice is to keep them about 15 cm from the device, so not in a chest pocket over it.',
  ],
  [
    "A friend's wife is starting to forget things, putting the kettle in the fridge. Where do they start?",
    'With their family doctor, who can do a memory test and rule out things like thyroid or vitamin B12. The Alzheimer Society of Nova Scotia also has a helpline for families.',
  ],
  [
    'neighbours little fella has asthma, what do you do if he has an attack when im watching him',
    'Sit him upright, stay calm, and give his blue reliever puffer as his parents showed you. If he is not better in a few minutes or his lips go blue, call 911.',
  ],
  [
    'Art is on blood thinners. Can he have a beer at the Legion?',
    'An occasional drink is usually okay on most thinners, but heavy drinking raises bleeding risk. He should ask his pharmacist about his particular pill.',
  ],
  [
    'what are the signs of a stroke, they told us at training but i forget',
    'FAST: Face drooping, Arm weakness, Speech slurred, Time to call 911. Note the time it started; it matters for treatment.',
  ],
  [
    'gail has vertigo when she rolls over in bed. what is that',
    'It sounds like BPPV, loose crystals in the inner ear. It is common and a doctor or physio can usually fix it with a simple head movement called the Epley manoeuvre.',
  ],
  [
    "My buddy's on a low-sodium diet for his heart. How does he season food without salt?",
    'Lemon, garlic, onion, black pepper, fresh herbs, vinegar, and salt-free spice blends. Watch canned soups and deli meats, which are loaded with salt.',
  ],
  [
    'how long does a broken wrist take to heal at 70. asking for phyllis',
    'Usually 6 to 8 weeks in a cast, then a few months of stiffness and physio. It can take longer at her age, so she should do the exercises they give her.',
  ],
  [
    'Is it true you should put butter on a burn?',
    'No. Cool the burn under cool running water for 20 minutes, then cover loosely with a clean dressing. Butter holds the heat in.',
  ],
  [
    'clarence got stung by a wasp and his hand is twice the size. worry?',
    'A big local swelling is common and usually settles with ice and an antihistamine. If he has trouble breathing, swelling of the face or throat, or feels faint, call 911.',
  ],
  [
    'Murray snores like a foghorn, Gail says. Could it be something serious?',
    'Loud snoring with pauses or gasping can be sleep apnea, which affects the heart. He should mention it to his doctor; a sleep study can check.',
  ],
];

export const generalQuestions: readonly FillerExchange[] = [
  [
    "what's a good job for a young fella who is good with his hands but hates school",
    'Trades: electrician, plumber, heavy equipment technician, carpenter, welder. Apprenticeships pay while you learn, and there is a shortage of all of them.',
  ],
  [
    'Why are the tides in the Bay of Fundy so high?',
    'The bay is just the right length and shape that the water sloshes in rhythm with the ocean tide, so it builds up, up to 16 metres at the head of the bay.',
  ],
  [
    'how does the old age security clawback work',
    'If your net income goes over a threshold (around $90,000), OAS is reduced by 15 cents for every dollar above it, until it is gone at a much higher income.',
  ],
  [
    'what is a good job for someone who likes maths',
    'Actuary, engineer, accountant, surveyor, data analyst, or teacher. Surveying and engineering suit someone who also likes being outdoors.',
  ],
  [
    'Who were the Acadians deported by, and when?',
    'By the British colonial government, starting in 1755, in what is called the Great Upheaval (le Grand Dérangement). Thousands were shipped to the American colonies, France and elsewhere.',
  ],
  [
    'how do lighthouses work now, are there still keepers',
    'Nearly all in Canada are automated now with electric lights and sensors. The last staffed ones in Canada are mostly on the British Columbia coast.',
  ],
  [
    'why do they call it a dory',
    'The word likely comes from a Central American word for a dugout canoe, dori. The flat-bottomed fishing dory became famous with the Grand Banks schooners.',
  ],
  [
    "What's the difference between a hurricane and a post-tropical storm?",
    'A hurricane has a warm core and a tight eye; a post-tropical storm has lost that structure over cold water, but it can still be huge and windy, like Fiona was.',
  ],
  [
    'is it true you lose most of your heat through your head',
    "No, that's a myth. You lose heat from any skin that's uncovered; the head is just often the only bit showing.",
  ],
  [
    'how do they decide when lobster season opens',
    'Fisheries and Oceans Canada sets dates for each lobster fishing area, to protect moulting and egg-bearing lobsters, after talking with fishermen.',
  ],
  [
    'Is it worth learning Gaelic at my age? A few people at the hall are doing a class.',
    "Absolutely: adults learn languages fine, especially in a class with people they know. Nova Scotia has good Gaelic resources and the college in St. Ann's.",
  ],
  [
    'what makes the northern lights',
    "Particles from the sun hit the upper atmosphere and make the gases glow, green from oxygen and red or purple from nitrogen. They're seen further south when the sun is very active.",
  ],
  [
    'what is a pension splitting, they said something about it at the bank',
    "A couple can move up to half of one spouse's eligible pension income to the other on their tax returns, to lower the total tax paid.",
  ],
  [
    'Why does the ocean look green here and blue down south?',
    'Our colder water is full of plankton and algae, which turn it green; warm tropical water has less life in it, so it looks clear blue.',
  ],
  [
    'what is the best way to learn to type faster at my age',
    'A free typing lesson site like typing.com, ten minutes a day, looking at the screen and not the keys. Speed comes in a few weeks.',
  ],
];

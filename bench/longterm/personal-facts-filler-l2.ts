/**
 * Filler chatter for probe L, second half (see `personal-facts-filler-l.ts`): maths help, shopping, health
 * questions about OTHER people, news of friends, colleagues and relatives (distractors a memory must not take as
 * the user's own), and general questions asked without saying anything about the user.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Maths and numbers. */
export const maths: readonly FillerExchange[] = [
  [
    'What is 17.5% of 240? Doing it in my head and not trusting myself.',
    '17.5% of 240 is 42: 10% is 24, 5% is 12, 2.5% is 6, and 24 + 12 + 6 = 42.',
  ],
  [
    'Can you explain the difference between mean and median like I am twelve?',
    'The mean is what everyone would get if you shared the total out equally; the median is the middle person when you line everyone up from smallest to biggest. One billionaire moves the mean a lot and the median hardly at all.',
  ],
  [
    'If something goes up 20% and then down 20%, is it back where it started?',
    'No. 100 up 20% is 120, and 120 down 20% is 96, so you end 4% lower. The second percentage is taken of a bigger number.',
  ],
  [
    'how do i work out compound interest on savings, monthly compounding',
    'Final amount = P × (1 + r/12)^(12t), where P is the starting sum, r the yearly rate as a decimal and t the years. For £1,000 at 4% for 3 years that is about £1,127.',
  ],
  [
    'Quick one: what is a standard deviation actually telling me?',
    'Roughly how far a typical value sits from the average. Small means the values huddle together; large means they are spread out. For a bell-shaped distribution about two-thirds of values fall within one standard deviation of the mean.',
  ],
  [
    'Is 0.999 recurring really equal to 1? My nephew swears it is and I am not having it.',
    'Your nephew is right. One way to see it: 1/3 = 0.333…, and 3 × 1/3 = 1 while 3 × 0.333… = 0.999…. There is no number between them, so they are the same number.',
  ],
  [
    'What are the odds of rolling two sixes with two dice?',
    '1 in 36, since each die has a 1 in 6 chance and the rolls are independent: 1/6 × 1/6.',
  ],
  [
    'Can you check this: a 12-inch pizza vs two 8-inch pizzas, which is more pizza?',
    'The 12-inch wins. Area goes with the square of the radius: one 12-inch is about 113 square inches, two 8-inch are about 100 together.',
  ],
  [
    'explain correlation vs causation with an example that isnt ice cream and sharks',
    'Towns with more fire engines see more fire damage. The engines do not cause damage: bigger fires bring more engines and more damage. A third factor, fire size, drives both.',
  ],
  [
    'My friend split a £186 bill between 7 people and got £26.57 each. Is that right?',
    '186 ÷ 7 = 26.571…, so £26.57 each leaves you 1p short overall; one person needs to pay £26.58.',
  ],
  [
    'How do I convert a recipe from Fahrenheit to Celsius quickly?',
    'Subtract 32, then multiply by 5/9. Quick rule: 350°F ≈ 180°C, 400°F ≈ 200°C, 425°F ≈ 220°C; knock off about 20°C for a fan oven.',
  ],
  [
    'What does p < 0.05 actually mean? Everyone at my friend’s lab uses it differently.',
    'If there were truly no effect, you would see data at least this extreme less than 5% of the time. It is not the chance the hypothesis is true, and it says nothing about how big the effect is.',
  ],
];

/** Shopping and household. */
export const shopping: readonly FillerExchange[] = [
  [
    'What should I look for in a decent air fryer? Buying one as a housewarming present.',
    'A basket of at least 4 litres for a couple, a dishwasher-safe non-stick basket, a simple dial or clear buttons, and a window if they like to peek. Dual-basket models are handy for families.',
  ],
  [
    'Is it worth paying extra for a memory foam pillow?',
    'For many people yes, especially side sleepers who need the height to stay put. Check the return policy though; pillows are personal and a 30-night trial saves a lot of regret.',
  ],
  [
    'Good gift for a 10 year old who is into space?',
    'A beginner telescope or good binoculars, a glow-in-the-dark star map for the ceiling, a build-your-own solar system kit, or a book like "The Usborne Book of Space".',
  ],
  [
    'whats the difference between a hoover with a bag and bagless, which is better',
    'Bagged models trap dust better, which helps people with hay fever, but you keep buying bags. Bagless saves that cost but emptying can be messy. Both clean well at the same price point.',
  ],
  [
    'How do I tell if a sofa is well made before buying?',
    'Ask about the frame (kiln-dried hardwood beats chipboard), lift one front corner: if the other front leg rises quickly the frame is stiff. Check for sprung seats rather than just foam, and removable covers.',
  ],
  [
    'Cheapest way to get a new phone, contract or SIM-free plus SIM-only deal?',
    'Usually SIM-free plus a SIM-only plan works out cheaper over 24 months. Add up the handset price and 24 months of the plan, then compare with the contract total including the upfront cost.',
  ],
  [
    'Need a present for a colleague who is leaving. Budget about £40 from the team.',
    'A nice notebook and pen set, a plant, a voucher for a restaurant near their new job, or a framed photo of the team with a card everyone signs. Personal beats pricey.',
  ],
  [
    'Are expensive running socks a scam?',
    'Mostly not: technical socks wick sweat and have fewer seams, which cuts blisters. You do not need the priciest pair, but a mid-range pack is money well spent for anyone doing long distances.',
  ],
  [
    'What bedding tog should I buy for a guest room?',
    'A 10.5 tog duvet suits most of the year in a UK home; if guests come in winter and summer, an all-seasons set (a 4.5 and a 9 that clip together) covers everything.',
  ],
  [
    'Which is better value, Aldi or Lidl, for a weekly shop?',
    'They are very close, and both are usually cheaper than the big four. The differences are in specific own-brand items and the middle-aisle offers, so pick whichever is nearer.',
  ],
  [
    'Is an electric toothbrush worth it over a manual one?',
    'Studies show electric brushes remove a bit more plaque, and the two-minute timer helps. A basic rechargeable model does the job; premium features add little.',
  ],
  [
    'what do i need to start a small herb garden on a windowsill',
    'Pots with drainage holes, a tray, peat-free compost, and easy herbs like basil, parsley, chives and mint (mint in its own pot, it spreads). A south or west-facing window is best.',
  ],
];

/** Health questions about other people. */
export const healthOthers: readonly FillerExchange[] = [
  [
    'My dad has just been told he is pre-diabetic. What does that mean for his diet?',
    'Cutting down on sugary drinks and refined carbs, more fibre (wholegrains, pulses, veg), smaller portions and regular activity can bring blood sugar back to normal. His GP may refer him to the NHS Diabetes Prevention Programme.',
  ],
  [
    'My colleague keeps getting migraines at work. Anything that usually helps?',
    'Regular meals and water, screen breaks, good lighting and a quiet room to rest in. A headache diary helps spot triggers, and a GP can offer preventive medication if they are frequent.',
  ],
  [
    'My neighbour is recovering from a hip replacement. What could I cook for her?',
    'Soft, easy-to-reheat meals: soups, stews, fish pie, lentil dal, porridge pots. Portion them into single servings she can microwave without standing for long.',
  ],
  [
    'My niece has a temperature of 38.5. When should my sister worry?',
    'For a child over six months, paracetamol or ibuprofen and fluids are usually fine. Call 111 or the GP if the fever lasts more than five days, she is floppy, has a rash that does not fade under a glass, or struggles to breathe.',
  ],
  [
    'Grandma keeps forgetting things. How do we get her checked for dementia?',
    'Start with her GP: they can do memory tests, blood tests to rule out other causes, and refer her to a memory clinic. Going with her and noting examples of the forgetfulness helps.',
  ],
  [
    'My friend’s boyfriend snores terribly. Is that a health thing?',
    'It can be. Loud snoring with pauses in breathing and daytime sleepiness can be sleep apnoea, which is worth a GP visit. Otherwise, sleeping on his side and cutting alcohol before bed often helps.',
  ],
  [
    'My uncle was told his cholesterol is high. Does he have to give up eggs?',
    'Not necessarily: for most people saturated fat matters more than eggs. Less fatty meat, butter and pastry, more oats, beans, nuts and oily fish, and his GP may suggest a statin.',
  ],
  [
    'Is it normal for a toddler to only eat beige food? Asking for my cousin.',
    'Very common. Keep offering other foods alongside the safe ones without pressure, eat together, and it usually passes. A health visitor can help if weight or growth is a worry.',
  ],
  [
    'My manager’s son broke his wrist at football. How long do those take to heal?',
    'In a child, usually around four to six weeks in a cast, sometimes less for a buckle fracture. Kids heal quickly; physio is rarely needed.',
  ],
  [
    'A friend just got diagnosed with coeliac disease. What can I make when she visits?',
    'Naturally gluten-free dishes are easiest: a rice-based curry, chilli with jacket potatoes, roast chicken and veg. Check stock cubes and sauces for wheat, and use a clean board to avoid crumbs.',
  ],
];

/** News of other people. */
export const otherPeople: readonly FillerExchange[] = [
  [
    'My coworker Hannah just became a project manager and is panicking. Any tips I can pass on?',
    'Tell her to get clear on scope and deadlines early, keep a simple risk list, hold short regular check-ins, and not be afraid to say no to new work without moving a deadline.',
  ],
  [
    'My sister lives in Bristol and wants to visit somewhere new nearby for a weekend. Ideas?',
    'Bath is close and lovely, the Wye Valley is great for walks, and Cardiff is an easy train ride. For the coast, Clevedon or the Gower.',
  ],
  [
    'My friend’s dog, a rescue greyhound, is scared of stairs. Is that common?',
    'Very common in ex-racing greyhounds; many have never seen stairs. Patient training with treats, one step at a time, usually fixes it in a few weeks.',
  ],
  [
    'My neighbour has gone fully vegan and I am doing a barbecue. What can I grill for him?',
    'Portobello mushrooms, halloumi is out but marinated tofu works, veggie skewers, corn on the cob with vegan butter, and a good bean burger. Grill them on foil or a separate part of the grill.',
  ],
  [
    'My friend’s boss, Linda, asked her to organise a leaving do. How far ahead should I book?',
    'Four to six weeks for a restaurant or function room, more in December. She should send a save-the-date now and collect dietary needs with the RSVPs.',
  ],
  [
    'My cousin in Toronto is thinking of studying nursing. Is it a good career?',
    'Nursing is in demand almost everywhere, pays steadily and offers many paths (ICU, community, teaching). It is demanding shift work, so a placement or volunteering first helps her decide.',
  ],
  [
    'My friend Aisha is getting married in Kent and wants a budget-friendly photographer. Tips?',
    'Look at recently qualified photographers building portfolios, book weekday or off-season dates, cover only the ceremony and portraits, and check full galleries not just the highlights.',
  ],
  [
    'My colleague Tom has started learning the bass guitar at 50. Good beginner songs?',
    'Another One Bites the Dust, Seven Nation Army, Stand By Me and Come Together all have memorable, simple bass lines.',
  ],
  [
    'My aunt just retired from teaching science. What could she do to keep busy?',
    'Tutoring, volunteering at a museum or science centre, a University of the Third Age group, allotment gardening, or a long-planned trip now term dates no longer rule her holidays.',
  ],
  [
    'My cousin Ellie wants to get into climbing. Where should she start?',
    'At a local bouldering wall: shoes can be hired, and most walls run beginner sessions. She should learn to fall safely first and take rest days for her fingers.',
  ],
  [
    'My friend’s husband is an accountant and wants to switch to teaching maths. Is that realistic?',
    'Yes: maths teachers are in short supply in England and there are tax-free bursaries for training. He would need a PGCE or a salaried route like School Direct.',
  ],
  [
    'A friend from church has a parrot that keeps plucking its feathers. What causes that?',
    'Boredom, stress, poor diet or skin infections. She should see an avian vet first, then add foraging toys, more time out of the cage and a varied diet.',
  ],
  [
    'My teammate Jonah is moving to Glasgow. What should he know about the weather there?',
    'It rains a lot, so a proper waterproof matters more than a heavy coat; summers are mild and winters are dark but rarely very cold.',
  ],
  [
    'My godmother is turning 70 and loves gardening. Present ideas?',
    'A good pair of secateurs, a kneeler with handles, a voucher for a garden centre, or a rare plant she has mentioned. A visit to a famous garden together is lovely too.',
  ],
];

/** General questions, asked without saying anything about the user. */
export const general: readonly FillerExchange[] = [
  [
    'What is a good job for someone who likes maths but hates sitting at a desk?',
    'Surveying, civil engineering on site, teaching, actuarial work mixed with client visits, or quantity surveying. Anything that blends numbers with time outdoors or with people.',
  ],
  [
    'Which is healthier, brown rice or basmati?',
    'Brown rice has more fibre; basmati has a lower glycaemic index than most white rice. Brown basmati gives you both.',
  ],
  [
    'Is it better to run in the morning or the evening?',
    'Whenever you will actually do it. Evening runs can feel easier as muscles are warmer; morning runs are easier to keep as a habit because less gets in the way.',
  ],
  [
    'How do people usually pick a wedding date?',
    'By season and budget (Friday or winter dates are cheaper), venue availability, key guests’ calendars and avoiding big holidays. Many book the venue first and take the date it offers.',
  ],
  [
    'Why do onions make you cry?',
    'Cutting them releases an enzyme that turns sulphur compounds into a gas that irritates your eyes. A sharp knife and a chilled onion help.',
  ],
  [
    'What is the difference between a Roth IRA and an ISA? Saw it on a US podcast.',
    'Both let savings grow tax-free. A Roth IRA is an American retirement account with income limits; an ISA is British, lets anyone save up to £20,000 a year, and can be withdrawn at any time.',
  ],
  [
    'Is it true you should not wake a sleepwalker?',
    'It is a myth that it is dangerous, but they may be confused. It is better to gently guide them back to bed.',
  ],
  [
    'How long does it usually take to learn to touch type?',
    'A few weeks of 15 to 20 minutes a day gets most people typing without looking; reaching 60 words per minute takes a few months.',
  ],
  [
    'What are some hobbies that are good for anxious people?',
    'Anything absorbing and repetitive: knitting, jigsaws, gardening, swimming, baking bread, drawing. Group hobbies like walking clubs add gentle social contact.',
  ],
  [
    'Do plants really like being talked to?',
    'There is little evidence the words matter; the extra carbon dioxide and attention you give them might, a little.',
  ],
];

/**
 * Filler chatter for personal-facts probe H (first half; the second is personal-facts-filler-h2.ts): ordinary
 * exchanges with an assistant in the voice of a busy shift worker — recipes, a teenager's homework, spreadsheets,
 * travel in general, letters and cards, maths, shopping, health questions about other people. Written blind (see
 * the header of personal-facts-probe-h.ts). The user states nothing about herself here; the distractors are facts
 * about OTHER people (a coworker's new job, a sister-in-law's city, a friend's dog, a neighbour's diet, a manager's
 * name, her father's tablets) and general questions ("what job suits someone who likes maths?").
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';
import { fillerExchangesH2 } from './personal-facts-filler-h2.ts';

const firstHalf: readonly FillerExchange[] = [
  [
    'what temp do you cook a pork roast at to get crackling that actually crackles',
    'Pat the skin bone-dry, salt it well, then start at 240°C for about 30 minutes until it blisters, and drop to 180°C for roughly 45 minutes per kilo. Leaving it uncovered in the fridge overnight helps a lot.',
  ],
  [
    "Can you explain what a Python list comprehension is? My son's assignment uses one and I want to check his work without looking clueless.",
    "It's a compact way to build a list from another one: [x * 2 for x in numbers] makes a new list with every number doubled. You can add a filter too: [x for x in numbers if x > 10] keeps only the big ones. If his code reads like 'do this for each thing in that list', he's on the right track.",
  ],
  [
    "coworker of mine, Raj, just got a spot in ICU. what's a good congrats gift thats not chocolate",
    'A good insulated drink bottle or a quality pen and notebook go down well for someone starting a new unit. A voucher for the hospital café, or a nice hand cream for the constant handwashing, is thoughtful too.',
  ],
  ['how long does 1 litre last running at 125 mL an hour', '1000 ÷ 125 = 8, so it lasts 8 hours.'],
  [
    'My neighbour Marg has gone full keto and keeps dropping off ‘fat bombs’. Is keto actually safe long term for a 70-year-old?',
    'The evidence for older adults long term is thin. It can help with weight and blood sugar, but it can raise LDL cholesterol in some people and make it harder to get enough fibre. If Marg is on diabetes or blood pressure tablets, she should definitely have her GP keep an eye on her, because doses sometimes need adjusting.',
  ],
  [
    'quickest way to get texta off a white laminate benchtop',
    "Try a little rubbing alcohol or hand sanitiser on a cloth first. If it's stubborn, a whiteboard marker drawn over the top and wiped off straight away often lifts permanent ink. Avoid abrasive creams, which dull laminate.",
  ],
  [
    "What's a good job for someone who likes maths but hates sitting at a desk all day?",
    'Surveying, civil engineering site work, meteorology field roles, actuarial work with a consulting bent, teaching, or trades like electrical and plumbing that use a lot of applied maths. Data roles in sport science or agriculture mix numbers with being outdoors too.',
  ],
  [
    'is it rude to ask wedding guests to pay for their own drinks',
    "It's increasingly common and mostly fine if you're upfront about it on the invitation or website. Many couples cover the first drink or a couple of hours, then switch to a cash bar. What feels rude is people finding out at the bar.",
  ],
  [
    'excel formula to add up hours from start and finish times, some go past midnight',
    'Use =MOD(B2-A2,1)*24 where A2 is the start and B2 the finish. MOD handles the times that cross midnight, and multiplying by 24 gives decimal hours. Format the result as a number, not a time.',
  ],
  [
    'My sister-in-law Kylie lives in Darwin and wants us to visit in the wet season. Is it miserable or is it actually nice?',
    "It's hot, humid and dramatic — huge afternoon storms — but the landscape is lush, the waterfalls are pumping, and it's cheaper and quieter. Some roads and parts of Kakadu close, so plan around that. A lot of people love it, as long as they aren't expecting dry sunny days.",
  ],
  [
    'slow cooker beef ragu, do i brown the meat first or is that a myth',
    "Browning isn't essential for safety, but it adds a lot of deep flavour. If you're short on time, brown just half the meat, or at least fry the tomato paste and onions before they go in.",
  ],
  [
    'write me a 2-line sympathy card message for a colleague whose mum died',
    'Thinking of you and your family at this very sad time. Your mum raised someone so kind — I hope the memories bring you comfort.',
  ],
  [
    "Dad's on warfarin. Can he have cranberry juice or does that mess with his INR?",
    "Large amounts of cranberry juice have been reported to raise INR in some people on warfarin, although the evidence is mixed. A small glass occasionally is probably fine, but regular big amounts aren't a great idea. It's worth mentioning to whoever manages his INR, especially if his intake changes.",
  ],
  [
    'whats the difference between a heat pump hot water system and just electric',
    'A heat pump works like a fridge in reverse, pulling heat from the air, so it uses roughly a third of the electricity of a standard electric storage tank. It costs more upfront but often pays back in a few years, and there are frequently state rebates.',
  ],
  [
    "My friend Jodie's cavoodle, Pickles, has started scratching constantly. What could it be?",
    "Common culprits are fleas, a food allergy, environmental allergies like grass, or a skin infection. Check for fleas and red patches first. If it's persistent or the skin is broken, a vet visit is worth it — they may suggest an elimination diet or anti-itch medication.",
  ],
  [
    'Help me word an email to the school asking why the excursion permission note came home the day before it was due.',
    "Hi [Teacher], I've just received the permission note for the excursion, which is due tomorrow. Could notes like this come home a little earlier in future? With shift work it's hard to organise payment and forms at short notice. Thanks for arranging the trip — I know it's a lot of work.",
  ],
  ["what's 15% off $349", '15% of $349 is $52.35, so the sale price is $296.65.'],
  [
    'are cast iron pans worth it or just a trend',
    "They're genuinely good for searing, last forever and get better with use. Downsides: heavy, need drying and oiling, and acidic sauces can strip the seasoning. If you want one pan that goes stove to oven, they're worth it.",
  ],
  [
    "The after-hours manager, Leanne, asked me to write up an incident from last night. What's the standard structure?",
    'Keep it factual and in order: date, time and location; who was involved (by role); what happened, in objective terms; what actions were taken; who was notified and when; and the outcome. Avoid opinions or blame, and stick to what you saw and did.',
  ],
  [
    "how do I get my teenager's phone to stop downloading updates on mobile data",
    'On iPhone: Settings → App Store → turn off Automatic Downloads under Mobile Data, and in Settings → General → Software Update → Automatic Updates, make sure downloads are on Wi-Fi only. On Android: Play Store → Settings → Network preferences → Auto-update apps → Over Wi-Fi only.',
  ],
  [
    "good road trip snacks that aren't all sugar",
    'Cheese and crackers, boiled eggs, roasted chickpeas, nuts, popcorn, cut veggies with hummus, beef jerky, fruit that travels well like apples and mandarins, and homemade muffins with less sugar.',
  ],
  [
    "My coworker's husband had a heart attack at 52. What usually happens in cardiac rehab?",
    "Usually a six- to twelve-week program of supervised exercise, education on diet, medications and risk factors, and support for stress and mood. It's run by a hospital rehab team in small groups, and people who complete it do measurably better.",
  ],
  [
    "explain compound interest like I'm 14, it's for homework",
    'You earn interest on your money, then next time you earn interest on the interest too. Put $100 in at 10% a year: after one year you have $110, after two years $121 (because the 10% is now on $110). It snowballs over time.',
  ],
  [
    'best way to store fresh herbs so they dont go slimy',
    'Soft herbs like coriander and parsley: trim the stems and stand them in a jar of water in the fridge with a bag loosely over the top. Hard herbs like rosemary and thyme: wrap in a barely damp paper towel in a container.',
  ],
  [
    'Does a bloke in his 60s need a shingles vaccine? Asking for my uncle.',
    "In Australia, Shingrix is free under the National Immunisation Program for people 65 and over, and for some younger people with weakened immune systems. At 60 to 64 it's recommended but usually paid for privately. His GP or pharmacist can check his eligibility.",
  ],
  [
    'ideas for a cheap 16th birthday party for a girl who says parties are cringe',
    'Small things she might actually like: a movie night with a few friends and good snacks, a picnic at a lookout, a bowling or laser tag outing, a pizza-making night, or taking her and two mates for brunch somewhere nice.',
  ],
  [
    'Can you proofread this? ‘Please be advised that the carpark on level 2 will be closed for repairs from Monday, staff should use the overflow lot.’',
    "Nearly there — it's a run-on sentence. Try: ‘Please note that the level 2 car park will be closed for repairs from Monday. Staff should use the overflow lot.’",
  ],
  [
    'are air fryers really cheaper to run than the oven',
    "Usually yes for small portions: they heat a small space quickly and cook faster, so they use less energy per meal. For big batches the oven can be more efficient because you'd otherwise run the air fryer several times.",
  ],
  [
    "What's the difference between dementia and Alzheimer's? Dad's GP used both words.",
    "Dementia is the umbrella term for a decline in memory and thinking that affects daily life. Alzheimer's disease is the most common cause of dementia, but there are others, like vascular dementia and Lewy body dementia. The GP may use both while working out which type it is.",
  ],
  [
    "gift ideas for a 12 yr old nephew who's into lego and fishing",
    "A Lego Technic set, a tackle box with lures, a kids' fishing rod and reel combo, a fishing knot guide, or a Lego Creator set with a boat or vehicle theme.",
  ],
  [
    'How do I make Google Sheets highlight a row red if the date in column C has passed?',
    'Select the rows, then Format → Conditional formatting → Custom formula is, and enter =$C2<TODAY(). Choose a red fill. The $ locks the column so the whole row highlights.',
  ],
  [
    'what counts as a carry-on liquid in australia, is peanut butter a liquid',
    'For international flights, anything spreadable counts, so peanut butter, yoghurt and jam must be under 100 mL each and in the clear bag. Domestic flights in Australia have no liquid limit.',
  ],
  [
    "neighbour's kid (8) gets wheezy every time he runs. could it just be fitness or should they get it checked",
    "Wheeze with exercise in a child is worth getting checked — it's often exercise-induced asthma, which is very treatable. A GP can listen to his chest, and may do a spirometry test or trial a reliever puffer before sport.",
  ],
  [
    'easy dinner for 4 with chicken thighs, rice and whatever veg is lying around',
    'Chicken fried rice: dice and brown the thighs, push aside, scramble two eggs, add cold cooked rice and chopped veg, then season with soy sauce, a splash of sesame oil and spring onions. Done in 20 minutes.',
  ],
  [
    "my boss's boss is called Geoff and he signs off every email with ‘Cheers, G’. how formal should my reply be",
    'Match his tone loosely: a short, friendly but clear reply. ‘Hi Geoff,’ and ‘Thanks,’ or ‘Cheers,’ with your name is fine. Keep the content tidy even if the greeting is relaxed.',
  ],
  [
    "what's the point of the tax-free threshold, I've got two jobs",
    "It's the first $18,200 of income each year that isn't taxed. You should claim it from only one employer — usually the one that pays the most. If you claim it from both, not enough tax is withheld and you'll likely get a bill at tax time.",
  ],
  [
    'Any tips for a Year 10 kid writing a persuasive essay on school uniforms?',
    'Pick a clear side in the first sentence. Give three strong reasons, each in its own paragraph, with an example or statistic. Address one counter-argument and knock it down. Finish with a punchy call to action.',
  ],
  [
    'how do you clean a shower screen with hard water stains',
    'White vinegar and warm water, 50/50, sprayed on and left 15 minutes, then scrubbed with a non-scratch sponge. For heavy build-up, make a paste of vinegar and bicarb. A squeegee after every shower stops it coming back.',
  ],
  [
    'My mate Lou works at a vet clinic and wants to move into dog grooming. Is that a good career move?',
    'It can be — her animal handling experience is a big plus, and grooming has steady demand and can be run as a mobile business. The trade-offs are physical strain and income that depends on building a client base. A short grooming course plus her background would set her apart.',
  ],
  [
    'what to do with overripe bananas other than banana bread',
    'Freeze them for smoothies, blend frozen slices into ‘nice cream’, make pancakes (one banana plus two eggs), bake banana oat muffins, or mash them into porridge.',
  ],
  [
    "Is it normal for a 90-year-old to sleep most of the day? My friend's nan does.",
    "Older people often sleep more and in shorter bursts, but a big change in how much someone sleeps can signal infection, medication side effects, low mood or progressing illness. If it's new, her GP should review her.",
  ],
  [
    'how many hours of sleep does a 15 year old actually need',
    'Around 8 to 10 hours a night is recommended for teenagers. Most get less, partly because their body clock shifts later during puberty.',
  ],
  [
    "write a short polite text to a tradie who hasn't shown up twice",
    "Hi Mark, just checking in — we've had two bookings that didn't go ahead. Can you confirm a firm time this week? If it's not going to work, no worries, just let me know so I can arrange someone else. Thanks.",
  ],
  [
    'cheapest way to get 3 teenagers to Brisbane for a concert and back the same night',
    "Compare the train or coach against driving: for three people, driving and paying for city parking usually wins on cost. Check the venue's event transport — some tickets include free public transport on the night.",
  ],
  [
    'My colleague Anita is doing a Masters in midwifery while working full time. How do people even manage that?',
    'Usually with a very structured week: blocks of study on set days, reduced contracted hours if they can get them, leaning on study leave, and accepting that some things slide for a couple of years. A supportive manager and family make a big difference.',
  ],
  [
    "what's a good cheap laptop for a high schooler, mostly docs and youtube",
    "A mid-range Chromebook or a basic Windows laptop with at least 8 GB RAM and an SSD will handle it. Check the school's BYOD requirements first — some need Windows or a specific model.",
  ],
  [
    'how long do cooked rice leftovers last in the fridge',
    'Cool it quickly and refrigerate within an hour. Eat it within 1–2 days, and reheat until steaming hot all the way through.',
  ],
  [
    "What's a polite way to tell a friend I can't be a bridesmaid because of cost?",
    "Be honest and warm: ‘I'm so happy for you and I'd love to be there, but I can't manage the costs of being a bridesmaid right now. I'd still love to help in other ways and be there on the day.’",
  ],
  [
    "how do I stop the dog next door barking at 5am, they won't answer the door",
    'Keep a short log of dates and times, then leave a friendly note in their letterbox. If nothing changes, most councils have a barking dog complaint process that starts with mediation.',
  ],
  [
    "my hubby's mate Dazza reckons diesel utes are dead now. is that true",
    'Not dead, but changing. Diesel utes still dominate for towing and remote work, but hybrid and electric utes are arriving and fleet buyers are shifting slowly. For long-distance towing, diesel remains the practical choice for now.',
  ],
  [
    "how to make scones that don't come out like rocks",
    "Cold butter, a light hand and don't overwork the dough. Mix until just combined, pat it out rather than rolling, cut straight down without twisting, and bake hot at 220°C, placed close together so they rise.",
  ],
  [
    "My sister-in-law's partner is Danish and coming for Christmas. Any Aussie food he must try?",
    "A proper barbecue with prawns, a pavlova, lamingtons, meat pies, Tim Tams, a Vegemite toast attempt (thinly spread!), and mangoes if it's summer. Fish and chips at the beach is a good one too.",
  ],
  [
    'can a ute with a 3.5 t towing capacity really tow a 3.5 t van',
    "Legally only if you stay within the gross combination mass and the towball download limit, which often means the ute can't be loaded much. In practice many people find a 3.5 t van sits close to the limits, so check every rating, not just the headline figure.",
  ],
  [
    'quick stretch routine for someone who sits at a computer all day — for a friend',
    "Every hour: shoulder rolls, a chin tuck, a seated spinal twist each way, a standing hamstring stretch, and a doorway chest stretch. Five minutes is enough if it's regular.",
  ],
  [
    'is the $9 big bag of chicken wings or the $13 smaller bag of thigh fillets better value for a family dinner',
    'Compare per usable kilo: wings are mostly bone and skin, so the thigh fillets usually give more edible meat per dollar even though they cost more per pack.',
  ],
  [
    "what's a nice short poem to read at a 60th",
    "Try an extract from ‘Warning’ by Jenny Joseph for a playful tone, or Mary Oliver's line ‘Tell me, what is it you plan to do with your one wild and precious life?’ as a toast.",
  ],
];

/** The filler of probe H: both halves, the first then the second. */
export const fillerExchanges: readonly FillerExchange[] = [...firstHalf, ...fillerExchangesH2];

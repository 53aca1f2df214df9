/**
 * More filler chatter for probe I (`personal-facts-probe-i.ts`), written by a blind evaluator: computers and
 * office work, health questions about OTHER people, coaching kids in general, travel, shopping and writing help.
 * `personal-facts-filler-i.ts` interleaves these lists with its own. No exchange holds any value the probe asks
 * about.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Phones, spreadsheets and office software. */
export const computers: readonly FillerExchange[] = [
  [
    'how do i make excel add up a column automatically',
    'Click the cell under the column and press Alt + = (AutoSum), or type =SUM(B2:B40) with your own range. If you format the data as a table (Ctrl + T), you can turn on a Total Row that updates as you add lines.',
  ],
  [
    'phone keeps saying storage full, whats taking up all the space',
    'Check Settings → General → iPhone Storage (or Settings → Storage on Android). Usually it is photos and videos, then messaging apps holding old attachments. Turning on cloud photo backup with “optimize storage” and deleting old text threads frees the most.',
  ],
  [
    "what's a good free invoicing app for a small business",
    'Wave is free for invoicing and basic bookkeeping; Zoho Invoice is free too. Square Invoices works well if you already take cards with Square. All of them let customers pay online from the invoice.',
  ],
  [
    'how do i turn off autocorrect on an iphone',
    'Settings → General → Keyboard → turn off Auto-Correction. You can also turn off Predictive if the suggestion bar bothers you.',
  ],
  [
    'explain what a VLOOKUP does like im five',
    'It is a look-it-up-in-the-list machine: you give it a name, it finds that name in the first column of a table, and hands back what is in another column on the same row — like finding a kid on the roster and reading off their jersey number.',
  ],
  [
    'google sheets formula to count how many cells say paid',
    'Use =COUNTIF(D2:D200, "paid") with your own range. It is not case-sensitive, so “Paid” and “PAID” count too.',
  ],
  [
    'how do i stop all these spam calls',
    'Turn on Silence Unknown Callers (iPhone) or Call Screen / spam filtering (Android), register at donotcall.gov, and ask your carrier about its free spam blocking app. For a business line, a call-screening voicemail greeting helps.',
  ],
  [
    'is it worth paying for a website or just use a facebook page',
    'A basic website is worth it: people search Google, not Facebook, and a simple site with services, service area, photos and a quote form makes you look established. Pair it with a free Google Business Profile — that drives most local calls.',
  ],
  [
    'how do you set up a google business profile',
    'Go to google.com/business, sign in, enter the business name and category, choose whether you serve customers at their location, add your service area, phone and website, then verify (by postcard, phone or video). Add photos and ask happy customers for reviews.',
  ],
  [
    'wifi keeps dropping in one room of the house, how to fix',
    'Move the router higher and more central, away from metal and the microwave, and restart it. If the room is far or behind thick walls, a mesh system or a powerline adapter fixes it better than a cheap extender.',
  ],
];

/** Health questions about other people. */
export const health: readonly FillerExchange[] = [
  [
    'my buddy Ray got told he has sleep apnea, whats a cpap like',
    'It is a small machine that blows gentle air pressure through a mask to keep the airway open. Most people take a few weeks to get used to it; a well-fitting mask is key. Many say they feel far more rested within days.',
  ],
  [
    'what are the warning signs of a stroke',
    'Remember BE FAST: Balance loss, Eyes (sudden vision loss), Face drooping, Arm weakness, Speech slurred, Time to call 911. Note the time symptoms started — it matters for treatment.',
  ],
  [
    "what's a normal resting heart rate for a 60 year old",
    'Generally 60–100 beats per minute, and fit people are often lower, in the 50s. A resting rate that is new and consistently above 100 or below 50 with dizziness is worth a doctor visit.',
  ],
  [
    'a guy on the crew keeps getting kidney stones, what causes them',
    'Mostly not drinking enough water — a real risk for people sweating outside all day — plus lots of salt, soda, or animal protein. Most stones are calcium oxalate. Drinking enough to keep urine pale, and lemon water, lower the risk.',
  ],
  [
    'how do you treat poison ivy fast',
    'Wash the skin with soap and cool water as soon as possible (within 30 minutes is best), and wash clothes and tools too. For the rash: hydrocortisone cream, calamine, cool compresses and an oral antihistamine. Widespread rash or any on the face needs a doctor.',
  ],
  [
    'signs of heat exhaustion vs heat stroke',
    'Heat exhaustion: heavy sweating, cool clammy skin, weakness, nausea, headache — move to shade, cool off, sip water. Heat stroke: confusion, hot skin, may stop sweating, body temperature 103°F or higher — that is an emergency, call 911 and cool the person right away.',
  ],
  [
    'one of the kids on the team got a tick bite, when should his parents worry about lyme',
    'Watch the spot for 30 days. A spreading red rash (often bull’s-eye shaped), fever, chills or aches mean he should see a doctor. A tick attached less than 24–36 hours rarely transmits Lyme.',
  ],
  [
    "the neighbor's toddler has a fever of 102, when should they go to the ER",
    'For a toddler, 102°F alone is usually not an emergency if the child is drinking and still playful. Go to the ER for trouble breathing, a stiff neck, a rash that does not fade when pressed, signs of dehydration, a seizure, or a fever that lasts more than 3 days.',
  ],
  [
    'how much water should a guy working outside in 90 degree heat drink',
    'About a cup (8 oz) every 15–20 minutes while working, which is roughly 3/4 to 1 quart an hour. Do not go over about 1.5 quarts an hour. On long days add an electrolyte drink.',
  ],
  [
    'what is gout and why does my uncle Jimmy get it in his big toe',
    'Gout is a type of arthritis from uric acid crystals building up in a joint; the big toe is the most common spot because it is cooler and takes a lot of pressure. Beer, red meat, shellfish and sugary drinks raise uric acid.',
  ],
];

/** Coaching kids' baseball, in general. */
export const coaching: readonly FillerExchange[] = [
  [
    'good warm up drills for little kids baseball',
    'Keep it moving and fun: a lap around the bases, “red light green light” with baserunning, partner throwing at short distance, and a quick fielding relay race. Ten minutes is plenty.',
  ],
  [
    'how do you teach a kid not to be scared of the ball',
    'Start with soft balls or tennis balls, teach them to use the glove in front of their face, and make catching a game with small wins. Never force a scared kid into line drives; confidence comes from lots of easy successes.',
  ],
  [
    'what are the usual rules for coach pitch',
    'In most leagues a coach from the batting team pitches, each batter gets five or six pitches (no walks), there is no stealing, and an inning ends after three outs or five runs. Check your league, since rules vary.',
  ],
  [
    'how do i handle a parent yelling at the ump',
    "Step in calmly between innings, not during the play: “Hey, I know it's heated, but the kids hear everything — let me handle the calls.” If it continues, bring in the league's board member or field coordinator.",
  ],
  [
    'fun end of season party ideas for a kids team',
    'A pizza party at the park, a parents vs kids game, silly awards for every player (best dive, loudest cheer), and a slideshow of season photos. Small trophies or medals for everyone.',
  ],
  [
    'how do you teach little kids to throw with the right footwork',
    'Point and step: glove-side shoulder points at the target, step toward it with the opposite foot, then throw. Use a line on the ground to step along, and have them say “point, step, throw” out loud.',
  ],
  [
    'how do i make a batting order fair so every kid gets chances',
    'Use a continuous batting order with everyone batting, and rotate it each game so different kids lead off. Keep a simple sheet tracking who batted first and who played infield.',
  ],
];

/** Travel, asked in general. */
export const travel: readonly FillerExchange[] = [
  [
    'whats the best time to visit yellowstone',
    'Late May to early June or September: wildlife is active, crowds are smaller than July and August, and the roads are open. Winter is beautiful but most roads are closed to cars.',
  ],
  [
    'how early should you get to the airport for a flight in the US',
    'About 2 hours before a domestic flight at a busy airport, 90 minutes at a small one. Add time on holiday weekends or if you are checking bags.',
  ],
  [
    'cheapest way to get from chicago to st louis',
    'The Amtrak Lincoln Service is often $25–$40 and takes about 5.5 hours; buses like FlixBus can be cheaper. Driving is about 4.5 hours.',
  ],
  [
    'things to do in chattanooga that arent hiking',
    'The Tennessee Aquarium, Rock City and Ruby Falls on Lookout Mountain, the Incline Railway, the Walnut Street pedestrian bridge, and the Chattanooga Choo Choo area downtown.',
  ],
  [
    'do you need a passport to drive into canada',
    'US citizens need a passport, passport card, enhanced driver’s license, or NEXUS card to enter Canada by land. Children under 16 can use a birth certificate.',
  ],
  [
    "what's the drive time from columbus to myrtle beach",
    'About 9.5 to 10 hours without stops, roughly 600 miles, mostly through West Virginia and North Carolina.',
  ],
  [
    'how do you keep a kid from getting bored on a long car ride',
    'Audio books or podcasts for kids, a bag of small new toys handed out one per hour, car bingo, snacks, and stops every two hours to run around. Downloaded shows on a tablet save the last stretch.',
  ],
  [
    'is travel insurance worth it for a cruise',
    'Often yes for cruises: a missed port departure, medical care at sea, or evacuation can be very expensive, and US health insurance usually does not cover you abroad. Buy it soon after booking so cancellation coverage starts early.',
  ],
];

/** Shopping. */
export const shopping: readonly FillerExchange[] = [
  [
    'best work boots under 200 that are actually waterproof',
    'Solid picks: Timberland PRO Pit Boss, Keen Cincinnati, Carhartt waterproof work boots, and Irish Setter Ashby. Look for a waterproof membrane, a good shank, and a sole rated for slips.',
  ],
  [
    'is a costco membership worth it',
    'If you buy gas, tires, meat or household basics in bulk, usually yes — the gas savings alone can cover the $65 fee. If you have little storage or buy small amounts, probably not.',
  ],
  [
    'what cooler keeps ice for 3 days without costing 400 bucks',
    'Coleman Xtreme and Igloo Max Cold run $40–$80 and hold ice several days in shade. RTIC and Orca are cheaper than Yeti with similar rotomolded construction. Pre-chill it and use block ice.',
  ],
  [
    'are battery leaf blowers any good for commercial use yet',
    'The top commercial ones are: Stihl, Echo and Husqvarna backpack models with big batteries blow almost as hard as gas and are quieter. The cost is batteries — a crew needs several per blower and a charging setup in the trailer.',
  ],
  [
    'what size bike for a kid around 45 inches tall',
    'A 16-inch wheel bike usually fits a child 41–48 inches tall. Make sure they can touch the ground with their toes while sitting on the seat.',
  ],
  [
    'good cheap tv for a bedroom',
    'A 32- to 43-inch TCL or Hisense with built-in Roku or Google TV runs $150–$250 and works fine for a bedroom.',
  ],
  [
    'should a small business buy or lease a truck',
    'Buying usually costs less over time and you can write off depreciation (Section 179 for heavy trucks). Leasing lowers the monthly payment but has mileage limits, and trucks used for hauling rack up miles fast.',
  ],
];

/** Writing help. */
export const writing: readonly FillerExchange[] = [
  [
    "write a facebook post announcing we're booking spring cleanups",
    '🌱 Spring is here! We are booking spring cleanups now: leaf and debris removal, bed edging, fresh mulch and the first mow of the season. Spots fill up fast — message us or call for a free quote!',
  ],
  [
    'help me word a thank you to a customer who sent us 3 of her neighbors',
    'Thank you so much for recommending us to your neighbors — word of mouth means everything to a small business like ours. As a thank-you, your next mow is on us.',
  ],
  [
    "proofread: 'Their will be a 5% fuel surcharge starting next month do to gas prices'",
    '“There will be a 5% fuel surcharge starting next month due to gas prices.” (There, not Their; due, not do.)',
  ],
  [
    'write a quick reminder text to team parents that pictures are saturday at 9',
    'Reminder: team pictures are Saturday at 9:00 am! Please have your player there 10 minutes early in full uniform with hat and glove. Thanks!',
  ],
  [
    'how do i write a job posting for a seasonal laborer',
    'Include: job title, pay range, hours and season dates, what the work is (mowing, mulching, planting), requirements (valid license, can lift 50 lb, reliable transportation), and how to apply. Being upfront about the pay gets better applicants.',
  ],
  [
    'short apology to a customer whose flower bed got clipped by a mower',
    'I’m sorry about the damage to your flower bed on Tuesday — that should not have happened. We will replace the plants at no charge this week and I’ve talked to the crew about it. Thank you for letting me know.',
  ],
  [
    "what's a better word than 'professional' for a flyer, i use it way too much",
    'Try reliable, experienced, dependable, skilled, licensed and insured, or simply show it: “on time, every time”.',
  ],
  [
    "what's a good job for someone who likes being outside and hates desks",
    'Lineworker, arborist, surveyor, park ranger, wildland firefighter, landscape or golf course crew, construction trades, or environmental field tech. Many of these pay well with a certificate or apprenticeship instead of a degree.',
  ],
  [
    "why do people say don't water your lawn at night",
    'Grass that stays wet all night is prone to fungal disease. Early morning is best: less evaporation than midday, and the blades dry off during the day.',
  ],
  [
    "what's the difference between a roth and a traditional ira",
    'Traditional: contributions may be tax-deductible now, and you pay tax when you withdraw in retirement. Roth: you pay tax now, and qualified withdrawals in retirement are tax-free. Roth makes sense if you expect your tax rate to be higher later.',
  ],
  [
    'who has won the most world series',
    'The New York Yankees, with 27 titles. The St. Louis Cardinals are second with 11.',
  ],
  [
    'how do you get kids into fishing',
    'Keep trips short, fish for bluegill from a dock where bites are frequent, use a simple bobber and worm, and bring snacks. Let them reel in and release the fish themselves.',
  ],
];

/**
 * Filler chatter for probe I (`personal-facts-probe-i.ts`), written by a blind evaluator: exchanges of a user
 * with a chat assistant that state nothing about the user — general questions about running a lawn business,
 * recipes, arithmetic for jobs and homework — and exchanges about OTHER people (a buddy's new job, a neighbour's
 * diet, a client's fall, a cousin's city, a neighbour's dog) that a memory must not take as the user's own. The
 * rest is in `personal-facts-filler-i2.ts`; `fillerExchanges` interleaves both. No exchange holds any value the
 * probe asks about.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';
import { coaching, computers, health, shopping, travel, writing } from './personal-facts-filler-i2.ts';

/** Questions about the trade, asked in general. */
const trade: readonly FillerExchange[] = [
  [
    'how much should you charge per yard for mulch install, just ballpark',
    'Most outfits in the US land around $75–$150 per cubic yard installed, material included. The spread comes from access (wheelbarrow runs up a hill cost more), bed prep and edging, and the mulch itself. Many price a minimum job too, so a two-yard install still covers the trip.',
  ],
  [
    'whats the best time of year to overseed tall fescue in the midwest',
    'Late summer to early fall — roughly mid-August through September. The soil is still warm so seed germinates fast, the air is cooling off, and weeds are slowing down. Spring seeding works but the young grass has to survive summer heat before it has roots.',
  ],
  [
    "write me a short text to a customer saying we're rained out today and will be back thursday",
    "Hi, it's too wet to mow today without tearing up your lawn, so we're moving you to Thursday, weather permitting. Sorry for the delay and thanks for your patience!",
  ],
  [
    'is it better to bag or mulch grass clippings',
    'Mulching is usually better: clippings break down fast and return nitrogen to the soil, about a quarter of what the lawn needs in a year. Bag when the grass is very long or wet, when there is disease, or when weeds have gone to seed.',
  ],
  [
    'how do i get rid of nutsedge without killing the grass around it',
    'Use a selective sedge herbicide such as halosulfuron (Sedgehammer) or sulfentrazone. Apply when the nutsedge is actively growing, add a surfactant if the label calls for it, and do not pull it by hand — that leaves the tubers behind and they sprout again.',
  ],
  [
    "what's the difference between an LLC and an S corp in plain english",
    'An LLC is a type of company you form with the state; it separates your personal assets from the business. An S corp is a tax election, not a company type — an LLC can choose to be taxed as one. The S corp lets you pay yourself a salary plus distributions, which can lower self-employment tax once profits are high enough.',
  ],
  [
    'how deep should the gravel base be under a paver patio',
    'For a walkway or patio, 4–6 inches of compacted crushed stone, plus an inch of bedding sand on top. For a driveway go 8–12 inches. Compact in 2-inch lifts with a plate compactor and keep a slope of about 1/4 inch per foot away from the house.',
  ],
  [
    'customer wants a rain garden, what plants do good in wet clay',
    'Good picks: swamp milkweed, blue flag iris, joe-pye weed, switchgrass, red twig dogwood, buttonbush and sedges like Carex vulpinoidea. Put the wettest-tolerant plants in the bottom of the basin and the drier ones on the edges.',
  ],
  [
    'can you explain what workers comp experience mod means',
    "Your experience modification rate compares your company's injury claims to the average for businesses of your size and type. 1.0 is average; below 1.0 means fewer claims and a discount on premiums, above 1.0 means you pay more. It is usually based on the last three years of claims.",
  ],
  [
    'how do you winterize a backpack blower',
    'Either run it dry — shut off and run until it stalls — or fill it to the top with fuel that has stabilizer so there is no room for condensation. Clean the air filter, check the spark plug, and store it somewhere dry.',
  ],
  [
    'good way to tell a customer their check bounced without being a jerk about it',
    "Keep it matter-of-fact: “Hi, just a heads-up — the bank returned the check from the May invoice. These things happen. Could you send payment by card or a new check this week? The return fee was $25, which I've added to the balance. Thanks!”",
  ],
  [
    'what causes brown patches in zoysia in the spring',
    'Most often large patch, a fungal disease that shows up as rings of brown in spring and fall when it is cool and wet. Other causes are winter kill, thatch buildup, or grubs. Cut back on nitrogen in spring, improve drainage, and a fungicide in fall helps prevent it.',
  ],
  [
    'how long does pre emergent take to activate after you put it down',
    'It needs to be watered in — about half an inch of rain or irrigation within a few days — to form the barrier in the top layer of soil. Once activated it works for roughly 6–12 weeks depending on the product.',
  ],
  [
    'whats a fair hourly rate for a landscape laborer in ohio right now',
    'Entry-level laborers in Ohio typically make about $16–$19 an hour; experienced crew members with a license or equipment skills earn $20–$25. Rates are higher around Columbus and Cincinnati than in rural counties.',
  ],
  [
    'whats the difference between red and black dyed mulch, is it safe around dogs',
    'The dyes are usually iron oxide (red) or carbon (black), both considered low-risk. The bigger worry is what the wood is: cheap dyed mulch is sometimes recycled pallets. Cocoa mulch is the one to avoid around dogs — it contains theobromine.',
  ],
  [
    'how do you fix a sprinkler head thats spraying sideways',
    'Dig around it, clean the nozzle and filter screen, and check the riser is straight. If the head body is cracked or tilted from a mower hit, unscrew it and replace it with the same brand and pattern. Then adjust the arc with the key.',
  ],
  [
    'how do i get customers to sign for the whole season instead of paying per cut',
    'Offer a small discount for the season agreement (5–10%), spread the payments into equal monthly amounts, and list what is included — number of cuts, spring and fall cleanup. Send it in late winter before they start shopping around.',
  ],
  [
    'what should i say when a customer asks for a discount for paying cash',
    "You can say: “My prices are the same no matter how you pay — that's how I keep everything above board.” If you want to reward prompt payment, offer a small discount for paying the invoice within a week instead.",
  ],
];

/** Cooking and food, in general. */
const cooking: readonly FillerExchange[] = [
  [
    'easy crockpot meal kids will actually eat',
    'Crockpot chicken tacos: chicken breasts, a jar of mild salsa and a packet of taco seasoning on low for 6 hours, shred with two forks, serve in soft tortillas with cheese. Mild, hands-off, and leftovers make quesadillas.',
  ],
  [
    'how long do you smoke a pork butt at 225',
    'Plan on about 1.5–2 hours per pound, so an 8-pound butt takes 12–16 hours. Go by temperature, not time: pull it around 200–205°F internal when a probe slides in like butter, then rest it an hour wrapped in foil.',
  ],
  [
    'recipe for sloppy joes from scratch, no can',
    'Brown 1 lb ground beef with half a diced onion and a diced green pepper. Drain, then add 3/4 cup ketchup, 1 tbsp brown sugar, 1 tbsp mustard, 1 tsp Worcestershire, a splash of water, salt and pepper. Simmer 10 minutes and serve on buns.',
  ],
  [
    'can you freeze cooked rice',
    'Yes. Cool it quickly, pack it flat in freezer bags, and freeze within an hour or two of cooking. It keeps about a month. Reheat in the microwave with a splash of water until steaming hot all the way through.',
  ],
  [
    'how do you make scrambled eggs fluffy',
    'Whisk the eggs well with a pinch of salt, cook over medium-low heat in butter, and push them gently with a spatula so big soft curds form. Take them off the heat while they still look a little wet — they finish cooking on the plate.',
  ],
  [
    "what's a cheap high protein lunch you can pack in a cooler",
    'Hard-boiled eggs, a tuna pouch with crackers, cottage cheese, turkey roll-ups, or leftover chicken thighs. Add a banana or an apple. Around $3 a day and 35–45 g of protein.',
  ],
  [
    'how do i save a cast iron skillet that got rusty',
    'Scrub the rust off with steel wool and a little soapy water, dry it completely on the stove, wipe a very thin coat of oil all over, then bake it upside down at 450°F for an hour. Repeat the oil-and-bake two or three times.',
  ],
  [
    'good dish to bring to a potluck that feeds 20',
    'A big pan of baked ziti: two pounds of pasta, a large jar of marinara, ricotta, mozzarella and Italian sausage. It holds well, travels in a disposable pan, and everyone eats it.',
  ],
  [
    'banana bread recipe that uses 3 bananas',
    'Mash 3 ripe bananas, mix in 1/3 cup melted butter, 3/4 cup sugar, 1 egg, 1 tsp vanilla, 1 tsp baking soda and a pinch of salt, then stir in 1 1/2 cups flour. Bake in a greased loaf pan at 350°F for 55–65 minutes.',
  ],
  [
    'how long is leftover pizza good in the fridge',
    'Three to four days if it went into the fridge within two hours of being delivered. Reheat it in a dry skillet with a lid for a crisp crust.',
  ],
  [
    'give me a meal prep plan for a week for under 40 bucks',
    'Buy: 5 lb chicken thighs, a dozen eggs, 2 lb rice, 2 lb frozen broccoli, a bag of potatoes, a jar of salsa, tortillas, bananas. Cook the chicken and rice on Sunday; lunches are chicken, rice and broccoli, breakfasts are egg burritos, dinners rotate potatoes and chicken tacos.',
  ],
  [
    "how do you make sweet tea that isn't cloudy",
    'Let the tea cool to room temperature before you refrigerate it, and dissolve the sugar while the tea is still hot. A pinch of baking soda in the steeping water also keeps it clear and smooth.',
  ],
];

/** Arithmetic for jobs and homework. */
const maths: readonly FillerExchange[] = [
  [
    'how do you explain carrying in addition to a little kid',
    'Use real things: ten pennies trade for a dime. When the ones column gets to ten or more, you bundle ten of them into one “ten” and move it over to the tens column. Blocks or straws in rubber bands make it concrete.',
  ],
  [
    'if a lawn is 14,500 sq ft and one bag covers 5,000 sq ft how many bags',
    '14,500 ÷ 5,000 = 2.9, so 3 bags.',
  ],
  ['whats 18 percent of 2,340', '0.18 × 2,340 = 421.20.'],
  [
    'how many cubic yards of topsoil for a 20 by 30 area 4 inches deep',
    '20 × 30 = 600 sq ft; 4 inches is 1/3 ft, so 200 cubic feet. Divide by 27: about 7.4 cubic yards. Order 8 to allow for settling.',
  ],
  [
    "what's compound interest vs simple interest",
    'Simple interest is paid only on the original amount. Compound interest is paid on the original amount plus the interest already earned, so it grows faster over time: $1,000 at 5% simple is $1,500 after 10 years; compounded yearly it is about $1,629.',
  ],
  ['convert 3/8 to a decimal', '3 ÷ 8 = 0.375.'],
  [
    'how much drop is a 2 percent slope over 40 feet',
    '40 × 0.02 = 0.8 feet, which is about 9.6 inches of fall over the 40 feet.',
  ],
  [
    "my nephew's doing fractions, how do you divide fractions again",
    'Keep, change, flip: keep the first fraction, change ÷ to ×, flip the second fraction. So 3/4 ÷ 1/2 becomes 3/4 × 2/1 = 6/4 = 1 1/2.',
  ],
  [
    'whats the square footage of a round bed 12 feet across',
    'Radius is 6 ft, so the area is π × 6² ≈ 3.14 × 36 ≈ 113 square feet.',
  ],
];

/** Other people: details that are not the user's. */
const otherPeople: readonly FillerExchange[] = [
  [
    'my buddy Ray just got hired as a lineman for the power company, what is that job actually like',
    'Physically demanding and often dangerous: climbing poles or working from bucket trucks, in all weather, and on call for storms. The pay is good — apprentices start around $25–$30 an hour and journeymen often make six figures with overtime.',
  ],
  [
    'guy i know Luis, his wife is having twins. good gift thats actually useful?',
    'A meal delivery gift card, a double stroller fund contribution, or a big pack of diapers in two sizes. Parents of twins mostly need time and sleep, so offering to bring dinner or mow their lawn for a month is a gift they will remember.',
  ],
  [
    'my neighbor Gloria went vegan for her heart, what can i grill for her at a cookout',
    'Portobello caps, corn on the cob, veggie skewers with peppers and onions, or a good black bean burger. Grill them on foil or a clean part of the grate so they do not touch the meat, and check the buns have no milk or egg.',
  ],
  [
    'an older lady I do work for, Mrs Patterson, fell and broke her hip. what do you write in a get well card',
    "Something short and warm: “Mrs. Patterson, sorry to hear about your fall. Don't worry about the yard, we've got it covered. Wishing you a smooth recovery — see you out on the porch soon.”",
  ],
  [
    'my cousin Derek lives in Tucson, what is there to do out there in may',
    'Sabino Canyon early in the morning, Saguaro National Park, the Arizona-Sonora Desert Museum, Mount Lemmon (much cooler at the top), and Mexican food on 4th Avenue. May gets hot, so plan outdoor things before 10 am.',
  ],
  [
    'the guy next door has a husky named Diesel that howls all day when he is at work. how do i bring it up nicely',
    "Keep it friendly and factual: “Hey, not sure if you know, but Diesel howls a lot during the day while you're gone — figured you'd want to know in case he's stressed.” Most owners don't realize it, and framing it as concern for the dog keeps it from feeling like a complaint.",
  ],
  [
    'a guy from my old job is a diesel mechanic thinking about going back to school for welding. is it worth it',
    'It can be: welding pays well in pipeline, structural and industrial work, and a mechanic who can also weld is very employable. A certificate takes 6–12 months at a community college. The best-paying welding jobs often involve travel or hard conditions, so that is worth weighing.',
  ],
  [
    "my friend's wife Tasha is a teacher and got laid off, what other jobs use teaching skills",
    'Corporate training, instructional design, educational sales, tutoring companies, curriculum writing, school administration support, and customer success roles. Her experience explaining things clearly and managing a room transfers well.',
  ],
  [
    'my old high school coach is turning 70, gift ideas',
    'A framed team photo from his coaching years, a letter signed by former players, or a ball signed by the team. Organizing a small get-together of old players is often the gift coaches remember most.',
  ],
  [
    'the parts guy at the dealer, Ron, says synthetic oil is a waste of money in small engines. true?',
    'Not really. Synthetic protects better in heat and at start-up and lasts longer, which matters for engines that run hard all day. For a homeowner mower used an hour a week, conventional oil changed on schedule is fine — so he is partly right.',
  ],
  [
    'one of my customers is a retired pilot and wants a putting green in his backyard. how do those work',
    'Most are synthetic turf laid over a compacted, sloped gravel base with a layer of sand infill, with cups set in. Real grass greens need daily mowing and a lot of care. Synthetic runs about $15–$40 a square foot installed.',
  ],
  [
    "my buddy Shane's daughter just got diagnosed with type 1 diabetes. how do i be supportive",
    'Ask Shane what would help rather than guessing, learn the basics of low blood sugar signs, and keep treating her like any other kid. Offering a meal or a ride during the first hectic weeks is practical help.',
  ],
  [
    'one of the other coaches in the league, Pete, is a cop retiring after 25 years. he asked me to help with a speech for his party',
    'Start with a funny story about Pete, then a couple of moments that show who he is on the job, thank his family for sharing him, and end with a toast. Keep it under four minutes.',
  ],
  [
    'my buddy Nate is a firefighter working 24 on 48 off, how does that schedule even work',
    'He works a full 24-hour shift, then has 48 hours off, so he is on every third day — about 10 shifts a month, or 56 hours a week on average. Crews sleep at the station when there are no calls.',
  ],
  [
    "one of my guys' girlfriend is a dental hygienist in Springfield, is that good money",
    'Yes — dental hygienists in Ohio typically earn around $35–$42 an hour. It needs an associate degree and a license, and many work four-day weeks.',
  ],
  [
    'lady on an HOA board, Sharon, keeps emailing me in all caps. how do i respond without starting a war',
    'Answer calmly and briefly, only to the points she raises, and end with a next step: “Thanks, Sharon. We will re-edge the front beds on Tuesday and I will send photos when it is done.” Matching her tone never helps.',
  ],
  [
    'a guy i know from the gym is 52 and training for his first marathon, is that crazy',
    'Not at all — plenty of people run their first marathon in their 50s. The keys are a 16–20 week plan, building mileage slowly, one long run a week, and seeing a doctor first if he has any heart risk.',
  ],
];

/** All the filler exchanges of probe I: the topics of both files interleaved. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  trade,
  computers,
  cooking,
  coaching,
  otherPeople,
  health,
  maths,
  travel,
  shopping,
  writing,
]);

/**
 * Personal-facts probe I, a held-out measure written by a blind evaluator (who had not seen the extractor, the
 * other probes or their results). A man in his mid-thirties in the US who runs a small lawn and landscaping
 * business, is recently divorced with shared custody of a young son, coaches kids' baseball and is two years
 * sober, chats with an assistant over 13 sessions (one every ten days). He states 50 facts about himself the way
 * such a user writes — plain, blunt, sometimes lowercase or terse from a phone, with a voice-to-text slip now and
 * then, often as a side remark inside a request — and corrects 12 of them in later sessions ("sold the ford. went
 * w ... instead", "lost the ... contract", "got pushed to ..."). The statements are woven into the filler of
 * `personal-facts-filler-i.ts` and `personal-facts-filler-i2.ts` (ordinary chat and details about OTHER people),
 * 8 filler exchanges per session; each fact is then asked as a first-person question in a new session.
 *
 * Written without reading: anything under src/, docs/personal-facts.md, BENCHMARKS.md, the body of
 * personal-facts-probe.ts (only its type declarations), personal-facts-probe-b.ts, -probe-c.ts, -probe-d.ts,
 * -probe-d-early.ts, -probe-e.ts, -probe-f.ts, -probe-g.ts, -probe-h.ts, every personal-facts-filler*.ts file of
 * the other probes (only the `FillerExchange` type of personal-facts-filler-c.ts), and any git log message or diff.
 */

import { fillerExchanges } from './personal-facts-filler-i.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The facts, in the order of the sessions they are first stated in. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: plain prose, a first try of the assistant.
  fact(
    'first name',
    0,
    "Hi. Name's Travis. Never really used one of these AI things, a buddy said it could help me with the paperwork side of my business so figured I'd try it.",
    'Nice to meet you, Travis. Happy to help with estimates, invoices, emails, whatever you need. What is first?',
    'travis',
    "What's my first name?",
  ),
  fact(
    'business name',
    0,
    'The business is Greenline Lawn & Landscape. Can you give me two lines for the door magnets on the trucks? We do mowing, mulch, cleanups and small patios and walls.',
    'How about: “Greenline Lawn & Landscape — Mowing, mulch, cleanups and hardscapes. Local, reliable, done right.”',
    'greenline',
    "What's my company called?",
  ),
  fact(
    'son',
    0,
    "I have my son Caleb this weekend and it's supposed to rain both days. Ideas for indoor stuff for a six year old that don't cost a fortune?",
    'Build a blanket fort and have a flashlight movie night, do a scavenger hunt with clues around the house, bake cookies together, or check the library — most have free kids events on Saturdays.',
    'caleb',
    "What's my kid's name?",
  ),
  fact(
    'home',
    0,
    "What's the cheapest way to do laundry when your apartment has no hookups? I'm in a one bedroom in Kettering since the divorce and hauling everything to the laundromat is eating my Sundays.",
    'A portable washer that hooks to the kitchen faucet (about $150–$250) plus a drying rack pays for itself in under a year. Otherwise many laundromats offer wash-and-fold by the pound, which saves the wait.',
    'beavercreek',
    'What town do I live in now?',
    {
      session: 5,
      text: 'finally moved outta the apartment, renting a little house in beavercreek with a fenced yard for the dog. what all do i need to do to change my business adress',
      reply:
        'Congrats on the move! Update the address with the Ohio Secretary of State, the IRS (Form 8822-B), your bank, your insurance, your vehicle registration, your suppliers and your Google Business Profile.',
      old: 'kettering',
    },
  ),
  fact(
    'custody schedule',
    0,
    'My ex and I split custody. Right now I get him every other weekend plus Wednesday nights. How do I explain to a six year old why he has two bedrooms now without making it weird?',
    'Keep it simple and steady: “Mom and Dad both love you, and now you have a room at each house.” Let him pick something for his room at your place so it feels like his.',
    'week on week off',
    'How often do I have my son?',
    {
      session: 8,
      text: 'Update on the custody thing: mediation went well and we are doing week on week off now, starting next Sunday. Any tips for making the handoff days easier on a kid?',
      reply:
        'Keep the handoffs at the same time and place, pack a familiar bag he carries both ways, and keep a shared calendar he can see. A short routine at each handoff (a snack, a game) helps.',
      old: 'every other weekend',
    },
  ),
  fact(
    'spring break trip',
    0,
    "Spring break is the first week of April and I'm taking Caleb to Great Wolf Lodge for two nights. What should I pack for an indoor water park with a kid?",
    'Two swimsuits each (one is always wet), water shoes, goggles, a waterproof phone pouch, snacks, pajamas, and a plastic bag for wet clothes. Wristbands handle the room key.',
    'newport aquarium',
    'Where am I taking my son over spring break?',
    {
      session: 1,
      text: 'great wolf fell through, they double charged my card and then cancelled the reservation. so im taking him to the newport aquarium for the day instead. is the shark bridge thing to scary for little kids',
      reply:
        'Sorry about the booking mess — dispute the double charge with your card. The Shark Bridge is a rope bridge over the shark tank; most kids love it, and if he is nervous he can watch from the side first.',
      old: 'great wolf',
    },
  ),

  // Session 1: lowercase chat, with voice-to-text slips.
  fact(
    'dog',
    1,
    'how do i get my pup to quit jumping in the front seat of the truck every time i open the door. boone thinks hes the crew chief lol',
    'Teach a “back” or “place” cue: have him sit in the back seat, reward him there, and only open the door when he is settled. A back seat barrier helps while he learns.',
    'boone',
    "What's my dog's name?",
  ),
  fact(
    'sister',
    1,
    'my sister kayla does hair down in nashville and wants me to help her make a price list for her booth, can you format something simple',
    'Sure — a clean list: Women’s cut $45 · Men’s cut $25 · Blowout $35 · Color from $85 · Highlights from $110 · Kids under 10 $18. Tell me her prices and I will format them the same way.',
    'nashville',
    'Where does my sister live?',
  ),
  fact(
    'crew lead',
    1,
    'hector is my crew lead, been with me since day one. i want to give him a raze but i dont know whats fair, hes at 19 a hour now',
    'For a crew lead with years of experience, $21–$23 an hour is common in the Midwest. A $2 raise plus a small bonus per completed season rewards loyalty without locking you in too much.',
    'marcus',
    "Who's my foreman right now?",
    {
      session: 10,
      text: 'hector quit. went to his cousins concrete outfit. marcus running the crew now. how do i tell customers w/o it sounding bad',
      reply:
        '“Quick update: Hector has moved on to a new opportunity and we wish him well. Marcus, who has been with us for a while, now leads the crew — same quality, same schedule.”',
      old: 'hector',
    },
  ),
  fact(
    'work truck',
    1,
    'my work truck, the 2016 f-250, is making a whining noise when i turn the wheel all the way. power steering?',
    'Most likely: a whine at full lock is usually low power steering fluid or a tired pump. Check the fluid level and color first; foamy or dark fluid or a leak at the hoses points to the cause.',
    'silverado',
    'What pickup do I have?',
    {
      session: 6,
      text: 'sold the ford. went w a 2021 silverado 2500 instead. what do i need to do to switch the commercial insurance over',
      reply:
        'Call your agent with the VIN, the date of purchase and the lienholder if it is financed, and ask them to replace the old vehicle on the policy. Send them the sale paperwork for the old one.',
      old: 'f-250',
    },
  ),
  fact(
    "sister's wedding",
    1,
    'kaylas getting married september 20 down in gatlinburg and i got to give a toast. i am not a speech guy. where do i even start',
    'Start with one story about you and Kayla growing up, say something true about her and her partner, and end with raising a glass. Two to three minutes is perfect.',
    'november 8',
    "When's my sister's wedding?",
    {
      session: 9,
      text: 'kaylas wedding got pushed to november 8, the venue flooded. at least i got more time on the toast. can you look at my first draft',
      reply: 'Sorry about the venue, but more time helps. Paste the draft and I will tighten it up.',
      old: 'september 20',
    },
  ),

  // Session 2: terse, from the phone.
  fact(
    'birthday',
    2,
    'turning 35 june 9. crew wants a cookout. no beer obviously. menu ideas?',
    'Burgers and brats, a big tray of mac and cheese, corn on the cob, watermelon, and for drinks: lemonade, sweet tea, and a cooler of sparkling water and sodas.',
    'june 9',
    "When's my birthday?",
  ),
  fact(
    'ex-wife',
    2,
    'need to text brianna about swapping weekends. divorce was final in jan so its still touchy. short + not snippy',
    '“Hi Brianna, would you be open to swapping weekends this month — I take the 19th and you take the 26th? Let me know what works.”',
    'brianna',
    "What's my ex-wife called?",
  ),
  fact(
    'blood pressure medication',
    2,
    'on lisinopril for BP. ok to take ibuprofen for my back?',
    'Occasional ibuprofen is usually OK, but regular use can raise blood pressure and make lisinopril work less well. Acetaminophen is often the safer choice — worth checking with your pharmacist.',
    'amlodipine',
    'What blood pressure medicine am I on?',
    {
      session: 7,
      text: "Quick health thing and then I've got a spreadsheet question. Doc took me off the lisinopril because of the dry cough that wouldn't quit and put me on amlodipine about two weeks ago. Now my ankles are kind of puffy by the end of the day, which could be from being on my feet in the heat or could be the new pill. Is that a known thing, and is it worth calling about or just wait for my follow-up?",
      reply:
        'Yes, ankle swelling is one of the most common side effects of amlodipine, and heat makes it worse. It is worth a call to the office — sometimes a lower dose helps. Call right away if you have shortness of breath or swelling in one leg only. What is the spreadsheet question?',
      old: 'lisinopril',
    },
  ),
  fact(
    'biggest client',
    2,
    'biggest acct = maple ridge HOA, 40 townhomes. contract up for renewal. how much can i raise price w/o losing it',
    'A 3–5% increase is usually accepted, more if you can point to fuel and labor costs. Send it with a short note listing what is included and offer a two-year term at the same rate to lock it in.',
    'sycamore creek',
    'Which client brings in the most money for me?',
    {
      session: 9,
      text: 'lost the maple ridge contract, some outfit underbid us by like 30 percent. sycamore creek apartments is our biggest account now. how do i not get burned like that again',
      reply:
        'Spread the risk: aim for no single account over 20–25% of revenue, sign multi-year agreements with renewal notice dates, and check in with board members before the contract comes up.',
      old: 'maple ridge',
    },
  ),
  fact(
    'sobriety date',
    2,
    '2 yrs sober thursday. april 3. feels weird. anything good to do to mark it',
    'Two years is huge — congratulations. Some people pick up a chip at their meeting, write a letter to themselves from day one, or do something with the people who helped them, like a breakfast.',
    'april 3',
    'What date did I quit drinking?',
  ),

  // Session 3: long, rambling messages; the fact is a side remark.
  fact(
    'hometown',
    3,
    "Ok so I need help with something kind of long. My mom wants me to go through a box of my dad's old stuff and scan the photos, and I have no clue how to do that without paying some place a fortune. There's probably 300 pictures, a lot of them from when we lived on Offnere Street in Portsmouth, which is where I grew up, right on the river, and some are stuck together from the basement flooding. Do I use my phone or buy a scanner or what?",
    'For 300 prints, a phone app like Google PhotoScan works well and is free; a flatbed scanner ($100–$150) gives better quality. For photos stuck together, soak them briefly in room-temperature water and separate them gently, then air dry face up.',
    'portsmouth',
    "What's my hometown?",
  ),
  fact(
    'sponsor',
    3,
    "Long story but I want to get something for Walt. He's been my sponsor since I got out of treatment and he basically kept me alive that first year. He's about 70, retired machinist, doesn't want anything and hates a fuss. Fishes and does crosswords and that's about it. What's a gift that says thank you without being a big production, under 75 bucks?",
    'A good crossword book or a subscription to a puzzle app, a quality fishing lure set, or a handwritten letter telling him what the last two years meant — that last one will probably mean the most.',
    'walt',
    "Who's my sponsor?",
  ),
  fact(
    'team name',
    3,
    "So baseball season started and I'm coaching again, coach pitch, 12 kids, and the kids voted on a name and we're the Mudcats, which I love. Problem is one dad keeps showing up to practice and coaching his kid from the fence over me. How do I handle that without it turning into a thing in front of the kids?",
    'Talk to him privately before the next practice: thank him for being involved, explain that hearing two voices confuses the kids, and offer him a job — running a station or keeping the scorebook.',
    'mudcats',
    "What's the name of the little league team I coach?",
  ),
  fact(
    'practice field',
    3,
    "We practice Tuesdays and Thursdays at Rotary Park and the field is honestly a mess, the infield is all ruts and puddles after rain. Since this is what I do for a living I feel like I should fix it, but it's a city park. Who would I even ask, and what would it take to level an infield?",
    'Contact the city parks and recreation department; many let volunteers do approved improvements. Leveling means dragging the infield mix, filling low spots with infield conditioner, and compacting it; lips at the grass edge need cutting back.',
    'delco',
    'Which field are we using for little league practice?',
    {
      session: 6,
      text: "moved practices to delco park. city finally said yes. what's a good 1 hr practice plan for 6 yr olds",
      reply:
        '10 min warm-up and throwing, 15 min fielding stations, 15 min batting off a tee and coach pitch, 10 min baserunning games, 10 min scrimmage. Keep each station short and active.',
      old: 'rotary',
    },
  ),
  fact(
    'congregation',
    3,
    "Bit of a weird one. I've been going to Grace Fellowship on Sundays, mostly the early service because it's quieter and I can bring Caleb when I have him, and they asked if I'd say a few words at the recovery ministry night about my story. I've never talked in front of more than ten people at a meeting. How long should something like that be and how do I keep it from being a sob story?",
    'Aim for 8–10 minutes: what it was like, what happened, and what it is like now. Spend the most time on the last part — hope is what people remember. One specific moment says more than a long list.',
    'crossroads',
    'What church do I attend?',
    {
      session: 8,
      text: "Small update, I switched over to Crossroads. Grace Fellowship got a new pastor and it just didn't feel right anymore, and Crossroads has a kids program Caleb actually likes. Any good devotional books for a guy who doesn't read much?",
      reply:
        'Try “Jesus Calling” (one page a day), “The Daily Stoic” if you want something practical, or a daily devotional podcast for the truck.',
      old: 'grace fellowship',
    },
  ),

  // Session 4: plain prose.
  fact(
    'equipment yard',
    4,
    'We rent a fenced lot in Xenia where the trailers and mowers sit overnight. Somebody cut the lock last week and took two trimmers. What kind of cheap camera setup works out there without wifi?',
    'A cellular trail or security camera (Reolink Go, Spypoint) runs on a SIM plan for $5–$15 a month and solar power. Add a disc lock that bolt cutters cannot reach and engrave the equipment.',
    'xenia',
    'Where do I keep my equipment?',
  ),
  fact(
    "son's allergy",
    4,
    "Caleb can't have peanuts at all, he carries an EpiPen. What do I tell the other parents on the team for snack duty so nobody screws it up?",
    'Send a short note: “One of our players has a severe peanut allergy. Please bring only nut-free, store-bought snacks with labels — fruit, pretzels, cheese sticks, Goldfish. Thank you!” Keep the EpiPen in the team bag at every game.',
    'peanut',
    'Does my son have any food allergies?',
  ),
  fact(
    "son's teacher",
    4,
    "Caleb's teacher, Mrs. Okafor, says he's behind on reading. What can I do at home that isn't boring, twenty minutes a night?",
    'Take turns reading pages of a book about something he loves, play sight-word games like Go Fish with word cards, and read signs and cereal boxes together. Five minutes of him reading to the dog counts too.',
    'okafor',
    "Who's my son's teacher?",
  ),
  fact(
    'baseball team',
    4,
    "I've been a Cincinnati Reds fan my whole life, suffering included. Is it worth getting the MLB.TV package or is there a cheaper way to watch their games?",
    'Local games are blacked out on MLB.TV in your home area, so it is not the best fit. A streaming service that carries the regional sports network, or the team’s direct streaming option, is the way to see them.',
    'cincinnati reds',
    'What baseball team do I root for?',
  ),
  fact(
    'equipment purchase',
    4,
    "I'm saving up to buy a Bobcat compact track loader for the business, probably used. What should I look at when buying a used one, hours and all that?",
    'Check the hours (under 2,000 is good), the undercarriage and tracks, leaks around the cylinders and hydrostatic motors, play in the pins and bushings, and the service records. Have a dealer tech look it over.',
    'kubota',
    'What machine did I decide to get for my company?',
    {
      session: 10,
      text: 'went w a kubota instead of the bobcat. svl75, dealer had financing. first maintenance stuff?',
      reply:
        'Grease every pivot point daily, check the track tension weekly, keep the radiator screen clean, and do the first oil and filter change at 50 hours.',
      old: 'bobcat',
    },
  ),
  fact(
    "son's school",
    4,
    "They're asking at Shady Lane Elementary if I want to chaperone the first grade field trip to the zoo. It's Caleb's class. What do chaperones actually do?",
    'You keep a small group of 4–6 kids together, count heads often, make sure they follow the teacher’s plan, and handle bathroom trips. Bring snacks and sunscreen.',
    'st. brigid',
    'What school is my son going to?',
    {
      session: 11,
      text: "Been going back and forth on this all month. Brianna and I agreed to move Caleb to St. Brigid for the fall, out of Shady Lane. Smaller classes, he needs the extra reading help, and her folks are helping with tuition. But I'm nervous he'll have a hard time leaving his friends. How do I talk to him about it over the summer without making it a big scary thing?",
      reply:
        'Tell him together, keep it positive and short, visit the building and playground before the first day, and set up a couple of playdates with his old friends so he knows they are not gone.',
      old: 'shady lane',
    },
  ),

  // Session 5: lowercase chat, with voice-to-text slips.
  fact(
    'nickname',
    5,
    'everybody calls me tank, been that way since 8th grade football. anyway can you help me come up with a logo idea with a tank and a mower lol or is that dumb',
    'Not dumb — it’s memorable. A simple outline of a zero-turn with tank treads, in green and black, could work as a sticker for the crew.',
    'tank',
    "What's my nickname?",
  ),
  fact(
    'bookkeeper',
    5,
    'linda does my books, she comes in friday mornings. she says i need to seperate my business and personal cards, why does it matter so much',
    'Mixing them makes taxes and audits messy, can cost you deductions, and can weaken the liability protection of your LLC. Separate cards also show you clearly whether the business makes money.',
    'linda',
    "Who's my bookkeeper?",
  ),
  fact(
    'home group',
    5,
    'my home group meets monday nights at the methodist church on far hills. theres a new guy whos real angry all the time, how do you help somebody like that without preaching',
    'Mostly by showing up: sit with him, share your own experience instead of advice, and give him your number. Anger is common early on; being around people who stay calm helps more than any speech.',
    'monday',
    'When is my AA meeting each week?',
  ),
  fact(
    'fishing spot',
    5,
    'whats the best lure for bass in early may when the waters still kinda cold. i go out to caesar creek most sundays i dont have the kid',
    'A suspending jerkbait or a slow-rolled spinnerbait along points, and a jig near rock. Fish slower than you think until the water passes 60°F.',
    'caesar creek',
    "What's my favorite lake to go to?",
  ),

  // Session 6: terse, from the phone.
  fact(
    'business founded',
    6,
    'started greenline in 2019 w one push mower. 6 yrs. worth doing anything for customers for the anniversary?',
    'Yes: a thank-you postcard with a small discount, a giveaway on your Facebook page, or a free bed edge with each mulch job this month.',
    '2019',
    'What year did I open my company?',
  ),
  fact(
    'mother',
    6,
    'mothers day today and i forgot. mom = debbie, 61, likes gardening + QVC lol. last minute ideas',
    'A hanging basket or a nice potted plant from a garden center, a card, and a call. Or offer to plant her beds for her — that is a gift from a landscaper she will brag about.',
    'debbie',
    "What's my mom's name?",
  ),
  fact(
    'old injury',
    6,
    'tore my acl senior yr. knee swells after long days on the mower. ice or heat',
    'Ice for swelling, 15–20 minutes at a time, and elevate it. Heat is better for stiffness without swelling. If it swells often, a sports medicine doctor can check for arthritis or a meniscus issue.',
    'acl',
    'What old injury do I have?',
  ),
  fact(
    'music',
    6,
    'need a playlist for the truck. chris stapleton is my guy, similar stuff?',
    'Try Tyler Childers, Sturgill Simpson, Jason Isbell, Whiskey Myers, Zach Bryan, Cody Jinks and Colter Wall.',
    'stapleton',
    "Who's my favorite singer?",
  ),

  // Session 7: long, rambling messages.
  fact(
    'mower brand',
    7,
    "Alright, the crew has been beating up the equipment and I want a maintenance checklist they'll actually follow. We run all Scag mowers, three zero turns and a walk-behind, plus the usual trimmers and blowers. I'm thinking a laminated card on each machine with daily, weekly and every-50-hours stuff. Can you draft that?",
    'Daily: check oil and fuel, blow off the deck, check tire pressure and blades. Weekly: grease the spindles and pivots, check belts, clean the air filter. Every 50 hours: change the oil and filter, sharpen or replace the blades, check the hydraulic fluid.',
    'scag',
    'What brand of mowers does my crew use?',
  ),
  fact(
    'raised in faith',
    7,
    "Caleb's got a friend having a first communion party this weekend and he asked me what first communion even is. I was raised Catholic and made mine back in the day, but we drifted off when my folks split up, so I'm rusty. Can you give me a kid-sized explanation?",
    'Sure: “First communion is a special day when a kid, usually around second grade, gets to share the bread at church for the first time. It means they are part of the family of the church. That’s why there is a party!”',
    'catholic',
    'What religion was I brought up in?',
  ),
  fact(
    'comfort food',
    7,
    "My buddies from the meeting are coming over Saturday to watch the game and I don't want to do the same old wings. Honestly my comfort food is Skyline, a four-way with onions, I could eat it every day, but I can't exactly serve eight guys out of cans. Is there a copycat Cincinnati chili recipe that holds up in a crockpot?",
    'Yes: simmer 2 lb ground beef broken up in water (no browning), with onion, tomato paste, chili powder, cinnamon, cumin, allspice, cloves, a bit of cocoa and a bay leaf, then hold it on low. Serve over spaghetti with cheddar, onions and beans.',
    'skyline',
    "What's my all-time favorite meal?",
  ),

  // Session 8: plain prose.
  fact(
    'girlfriend',
    8,
    "I've been seeing someone for about a month, her name's Renee, we met at the Y. She has a daughter about Caleb's age. When is the right time to introduce kids after a divorce?",
    'Most family counselors suggest waiting until the relationship is steady — often six months or more — and starting with a short, casual meeting in a neutral place, like a park.',
    'renee',
    'Who am I dating?',
  ),
  fact(
    'motorcycle project',
    8,
    "I'm restoring a 1978 Honda CB750 in the garage, mostly at night after Caleb's asleep. The carbs are gummed up. Is an ultrasonic cleaner worth it or should I just soak them?",
    'An ultrasonic cleaner ($60–$100) gets into the jets far better than soaking and is worth it for four carbs. Rebuild kits with new gaskets and float needles are cheap, so replace those while they are apart.',
    'cb750',
    'What motorcycle am I working on?',
  ),
  fact(
    'second language',
    8,
    "Most of my crew speaks Spanish and I've picked up enough to get by on the job, but I'd like to actually get decent. Which app or method works for a grown man with no time?",
    'Use the drive time: Pimsleur or Language Transfer audio lessons work hands-free in the truck. Add ten minutes of Duolingo or Anki in the evening and ask the crew to talk to you in Spanish one day a week.',
    'spanish',
    'What second language do I know some of?',
  ),

  // Session 9: lowercase chat.
  fact(
    'dog breed',
    9,
    'boones a blue heeler and he keeps trying to herd the kids at practice lol. how do you break a heeler of nipping at heels',
    'Herding breeds nip from instinct, so redirect it: teach a solid “leave it” and “down”, give him a job like fetching or a herding ball, and keep him on a leash near running kids.',
    'heeler',
    'What breed is my dog?',
  ),
  fact(
    'license',
    9,
    'renewed my commercial pesticide applicator license, need 5 more ceu credits by the fall. any online ones legit in ohio',
    'Yes, the Ohio Department of Agriculture lists approved recertification courses, and several universities and the Ohio Turfgrass Foundation offer online ones. Check the category codes match your license.',
    'pesticide',
    'What license do I have?',
  ),

  // Session 10: terse, from the phone.
  fact(
    'coffee order',
    10,
    'dunkin run every morning, lg iced coffee w caramel swirl. how much sugar is that actually',
    'A large iced coffee with caramel swirl has roughly 60–70 g of sugar — more than a can and a half of soda. Asking for half the swirl pumps cuts it in half.',
    'caramel',
    "What's my usual coffee order?",
  ),
  fact(
    'food dislike',
    10,
    "hate mushrooms. renee's making stroganoff sat. what do i do",
    'Tell her ahead of time, nicely — most cooks would rather know. Stroganoff works fine without them, or she can cook them on the side.',
    'mushroom',
    "Is there any food I can't stand?",
  ),

  // Session 11: long, rambling messages.
  fact(
    'winter work',
    11,
    "Trying to plan ahead for once. Summer's crazy but every winter cash flow gets tight. We plow lots for two churches and a dentist office from December to March and that barely covers the truck payments. I'm wondering if I should add Christmas light installs or firewood or something. What do other landscapers do in the off season that actually makes money?",
    'Christmas light installation is the most common and pays well ($1,500–$3,000 per job for bigger homes), plus salting contracts, gutter cleaning, and hardscape or tree work on dry days. Signing contracts in summer evens out the cash flow.',
    'plow',
    'What does my company do in the cold months?',
  ),
  fact(
    'football team',
    11,
    "Okay so me and a couple guys from the crew want to split season tickets four ways for the Bengals this year. I've bled orange and black since I was a kid up in the nosebleeds with my dad. How do you split the games fairly so nobody gets stuck with all the December ones?",
    'Do a snake draft: draw an order, each person picks one game at a time, and the order reverses each round. The preseason games go to whoever picks last.',
    'bengals',
    'Which NFL team am I a fan of?',
  ),
  fact(
    'retirement account',
    11,
    "Linda keeps telling me I need to put more away for later. I opened a Roth IRA at Fidelity last year after I got my credit fixed, but I only put about 50 bucks a month in. If I'm 35 and bump it to 300, roughly what does that look like at 65? And should I do a SEP instead since I'm self employed?",
    'At $300 a month for 30 years with a 7% average return, you would have roughly $340,000, tax-free in a Roth. A SEP lets you put away much more with a tax deduction now; many self-employed people use both.',
    'fidelity',
    'Where is my retirement account?',
  ),

  // Session 12: mixed.
  fact(
    'college',
    12,
    'i did two years at sinclair for horticulture back in the day, never finished. can those credits still transfer somewhere or are they dead after 10 yrs',
    'Many credits do not expire, especially general education ones; some schools only limit old science or technical credits. Request your transcript and ask the admissions office at the school you are looking at for an evaluation.',
    'sinclair',
    'Where did I go to college?',
  ),
  fact(
    'wake-up time',
    12,
    'Alarm goes off at 4:45 every day, even Sundays. Body just does it now. Is 6 hours of sleep actually bad if I feel fine?',
    'Most adults need 7–9 hours; a few do well on 6, but many who feel fine are used to the deficit. If you can, an earlier bedtime a few nights a week is worth trying.',
    '4:45',
    'What time do I wake up?',
  ),
];

/** The date of session `i` (one session every ten days from 2025-03-12, at 18:25 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 2, 12 + 10 * i, 18, 25));

/** The sessions: 8 filler exchanges each, with the session's statements woven in. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

/**
 * Personal-facts probe E, a held-out measure written blind by an evaluator who had not seen the extractor, its
 * documentation or the other probes. Thirteen sessions (0 to 12) of one user, Ingrid, chatting with an assistant:
 * 41 facts about herself, 10 of them corrected in a later session, stated the way people do in chat (a side
 * remark inside a request, a lowercase aside, a terse phone message, a long rambling paragraph), woven into
 * ordinary filler chatter (personal-facts-filler-e.ts) that is full of other people's details. One question per
 * fact, asked in a new session after the last, in the user's own words; most share no content word with the
 * statement.
 *
 * The facts span identity, places, work, family, a pet, health, diet, preferences, habits, skills, a vehicle,
 * education, hobbies, plans, possessions and beliefs.
 *
 * Written without reading: anything under src/ (src/longterm/ included), docs/personal-facts.md, BENCHMARKS.md,
 * bench/longterm/personal-facts-probe.ts (apart from its type declarations and helpers, lines 1-57 and 330-378),
 * personal-facts-probe-b.ts, -probe-c.ts, -probe-d.ts, -probe-d-early.ts, the personal-facts-filler*.ts files
 * of the other probes (apart from the `FillerExchange` type in personal-facts-filler-c.ts), and the git history
 * of those files. One slip: a one-line git log message about docs/personal-facts.md, listing a few extractor
 * key names, was seen after the facts below had been planned; they were not changed because of it.
 */

import { fillerExchanges } from './personal-facts-filler-e.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The 41 facts (10 corrected), roughly in the order they are first stated. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: ordinary prose, a first chat.
  fact(
    'name',
    0,
    "Hi! Before we start, I'm Ingrid. I'll probably be using this a lot for work stuff and random life admin, so nice to meet you.",
    'Nice to meet you, Ingrid! Work questions and life admin are both welcome. What would you like to start with?',
    'ingrid',
    "What's my name?",
  ),
  fact(
    'hometown',
    0,
    'Fish soup always makes me a bit homesick. I grew up in Bergen and my grandmother made it every Sunday. Could you give me a recipe close to the Norwegian style, creamy rather than tomatoey?',
    'Of course. Make a stock from white fish trimmings, then add cream, julienned carrot, leek and celeriac, and poach chunks of cod and salmon in it at the end. A splash of vinegar and a pinch of sugar give it the sweet-sour balance of the west-coast version.',
    'bergen',
    'Where am I originally from?',
  ),
  fact(
    'job',
    0,
    "Could you help me phrase a survey question? Context: I'm a UX researcher, so I'm picky about leading questions. I want to ask people how often they use the export feature without nudging them towards an answer.",
    "Try asking about behaviour rather than opinion: 'In the last month, how many times have you exported data from the app?' with fixed options (never, once, 2 to 5 times, more than 5). It doesn't suggest a right answer and is easy to compare over time.",
    'ux researcher',
    'What do I do for a living?',
  ),

  // Session 1: lowercase chat.
  fact(
    'home',
    1,
    'ugh leeds council has changed our bin collection to every three weeks. is that normal for uk cities now? our whole street is overflowing',
    "It's becoming more common: several councils have moved general waste to three-weekly collections to push recycling up. If bins are overflowing, you can usually ask the council for a larger bin or extra sacks, especially for a family household.",
    'york',
    'Which city do I live in?',
    {
      session: 8,
      text: "we moved again lol, york this time, closer to marek's parents. what's the quickest way to update my address with everyone",
      reply:
        'Congratulations on the move! Start with the big ones: the DVLA for your driving licence and car, your bank, HMRC, your GP, council tax for the new address, and the electoral register. The Royal Mail redirection service catches whatever you forget for a few months.',
      old: 'leeds',
    },
  ),
  fact(
    'husband',
    1,
    'marek (my husband) is convinced we need a second freezer. is that a real need or is he just a hoarder',
    'Depends on how you use it! If you batch-cook, buy in bulk or keep a lot of frozen veg, a second freezer pays for itself. If the current one is full of mystery bags from 2022, a clear-out might be the cheaper fix. Marek might be right, though.',
    'marek',
    'Who am I married to?',
  ),
  fact(
    'daughter',
    1,
    "our little girl elsie started nursery this week and has already picked up a cold, she's 3 and utterly miserable. any tips for getting calpol into a toddler who clamps her mouth shut",
    'Poor Elsie, the first weeks of nursery are a germ festival. Try the oral syringe aimed at the inside of the cheek rather than the back of the throat, a small amount at a time, and let her hold the syringe if she wants some control. A cold drink straight after helps with the taste.',
    'elsie',
    "What's my daughter called?",
  ),
  fact(
    'dog',
    1,
    'biscuit (our greyhound) has decided the sofa is his now. how do i get a retired racer off the furniture without a fight',
    "Greyhounds love soft places, so give him a better option: a thick orthopaedic bed in the same room, praised and rewarded every time he uses it. Block the sofa with cushions or a chair when you're out, and ask for 'off' with a treat rather than pulling him.",
    'biscuit',
    "What's the name of my dog?",
  ),

  // Session 2: long, rambling messages with the fact as a side remark.
  fact(
    'employer',
    2,
    "Okay so long story, but I need help drafting an email. I've been at Greystone Bank for almost four years now, in the digital team, and there's a reorg happening where they want to merge our research function with marketing analytics, which I think is a terrible idea because the two do fundamentally different things, and I want to write to the head of digital explaining why without sounding defensive or like I'm just protecting my patch. Can you give me a structure for that?",
    "Here's a structure: 1) open with the shared goal (better decisions about the product); 2) explain what each function answers, research the 'why', analytics the 'what'; 3) give one concrete example where the distinction mattered; 4) name the risk of merging; 5) propose an alternative, like a shared insights forum, so it reads as constructive rather than territorial.",
    'tidewell',
    'Which company do I work for?',
    {
      session: 7,
      text: 'update: left greystone, started at tidewell on monday!! small startup, 40 ppl. tips for first week?',
      reply:
        "Congratulations! First week: meet as many people as you can one-to-one, ask what they wish research did for them, read old research and product docs, and resist proposing big changes yet. Write down what confuses you, as a newcomer's view is valuable and fades fast.",
      old: 'greystone',
    },
  ),
  fact(
    'manager',
    2,
    "Also, and this is more of a vent than a question, my manager Priya keeps scheduling our one-to-ones at 8am, which would be fine except I have to drop Elsie at nursery first and I've told her this twice now, and she nods and agrees and then the next invite comes in for 8am again. How do I bring it up a third time without it getting awkward? She's lovely otherwise, just chaotic with her calendar.",
    "Make it easy for her to get right rather than raising it again: reply to the next invite with 'Could we move this to 9:30? Mornings before 9 don't work for me because of the nursery run', and propose a recurring slot yourself. If you book the series, her calendar chaos can't undo it.",
    'declan',
    "Who's my boss?",
    {
      session: 8,
      text: 'new boss at tidewell is declan, he is like 10 years younger than me which is a first. any tips for managing up when your manager is younger',
      reply:
        'Treat it like any manager relationship: agree early how he likes updates and decisions brought to him, be generous with context he might lack, and ask what he needs from you. Age matters much less than clarity; most younger managers appreciate an experienced report who makes their job easier.',
      old: 'priya',
    },
  ),
  fact(
    'coffee',
    2,
    "Random one, but I'm trying to work out how much I spend on coffee. I get a cortado from the place by the office basically every working day, £3.20 each, and sometimes a second one after lunch if the afternoon is grim. Roughly what's that per year, and would a proper espresso machine pay for itself?",
    'One a day over about 230 working days is roughly £740 a year, and with a second one a couple of times a week closer to £1,000. A decent bean-to-cup or manual espresso setup costs £300 to £600 plus beans, so it would pay for itself within the year if you actually use it.',
    'rooibos',
    'What do I usually drink these days?',
    {
      session: 9,
      text: "I've given up caffeine completely, the GP thought it was making my sleep worse. Rooibos is my thing now, I get through about five cups a day. Is that too much of it, or is it harmless?",
      reply:
        "Rooibos is caffeine-free and generally considered safe in those amounts; five cups a day is well within what people commonly have. If you ever have liver problems or take medications affected by it, mention it to your GP, but otherwise it's a sensible swap.",
      old: 'cortado',
    },
  ),
  fact(
    'asthma',
    2,
    "My asthma has been awful since the weather turned damp, so I've moved my runs onto the treadmill instead of outside. Could you suggest a 30-minute treadmill workout that isn't mind-numbingly boring? Intervals are fine, I just need something to think about other than the wall in front of me.",
    'Try a pyramid: 5 minutes easy, then 1, 2, 3, 2, 1 minutes hard with 90 seconds easy between each, then 5 minutes cooling down. Change the incline instead of the speed for a couple of blocks. Keep your reliever inhaler nearby and warm up gently, since cold and damp can tighten things up.',
    'asthma',
    'Do I have any long-term health conditions?',
  ),

  // Session 3: terse mobile messages.
  fact(
    'car',
    3,
    'skoda octavia making grinding noise when braking. urgent?',
    'Grinding usually means the pads are worn down to the metal, so yes, fairly urgent: it damages the discs and reduces braking. Get it to a garage this week and avoid long drives until then.',
    'nissan leaf',
    'What car do I drive?',
    {
      session: 10,
      text: "We finally sold the Skoda (the brakes were the last straw) and bought a second-hand Nissan Leaf, which is our first electric car. I'm slightly anxious about range, because we'll be doing the drive up to see my friend in Edinburgh a few times a year. What's realistic on the motorway in winter, and roughly where would we need to stop to charge?",
      reply:
        'A used Leaf with the 40kWh battery typically manages around 100 to 130 miles on a cold motorway, less if the battery has aged. From York to Edinburgh is about 200 miles, so plan one rapid-charging stop, for example around Durham or Berwick, and check the charger network app before you go.',
      old: 'skoda',
    },
  ),
  fact(
    'phone',
    3,
    'pixel 7 battery dead by 3pm every day. fix?',
    "Check Settings > Battery for the app draining it, turn on adaptive battery, lower the screen refresh rate and turn off always-on display. If it's still dying by mid-afternoon, the battery may be worn and worth replacing.",
    'iphone',
    'What phone do I have?',
    {
      session: 7,
      text: 'dropped my pixel in the canal 🙃 got an iphone 15 now. how do i move whatsapp chats across',
      reply:
        "Oh no! WhatsApp has a built-in transfer: on the Android side, go to Settings > Chats > Transfer chats and follow the prompts while setting up the new handset with the Move to iOS app. If the old one is dead, only a Google Drive backup can be restored, and only to another Android device, so sadly that route won't help.",
      old: 'pixel',
    },
  ),
  fact(
    'birthday',
    3,
    'turning 34 on june 9. ideas for a low key party?',
    'A garden or park picnic with a few friends, a long lunch at a favourite restaurant, a games night at home, or a walk followed by the pub. Low key but still a proper celebration.',
    'june 9',
    "When's my birthday?",
  ),
  fact(
    'shoe size',
    3,
    'need walking boots, size 39 eu, under £120. recs?',
    'Good options in that range: Salomon X Ultra Mid GTX, Merrell Moab 3 Mid GTX, and Berghaus Hillmaster if you want leather. Try them on in the afternoon with walking socks, since feet swell during the day.',
    'size 39',
    'What shoe size am I?',
  ),

  // Session 4: ordinary prose.
  fact(
    'medication',
    4,
    "Is grapefruit juice okay while I'm on sertraline? I've been prescribed 50mg for about a year and only just realised I never checked.",
    "Grapefruit can raise sertraline levels slightly, but the interaction is considered minor; an occasional glass is generally fine. If you drink a lot of it every day, mention it to your pharmacist. And it's great that you're checking.",
    'citalopram',
    'What medication am I taking?',
    {
      session: 9,
      text: 'My GP has switched me from sertraline to citalopram, the side effects were getting to me. Anything I should watch for in the first few weeks?',
      reply:
        "It's common to feel a little unsettled during a switch: some nausea, headaches or changes in sleep for the first couple of weeks. Take it at the same time each day, and contact your GP if your mood drops or anything feels wrong. Most side effects ease within a few weeks.",
      old: 'sertraline',
    },
  ),
  fact(
    'diet',
    4,
    "I've been vegetarian for about six years, but I'm struggling to get enough protein lately. Can you suggest some high-protein dinners that don't rely on tofu?",
    'Lentil and bean chillies, chickpea curries, eggs in shakshuka, halloumi and quinoa bowls, tempeh stir-fries, paneer dishes, and Greek yoghurt-based sauces. Pairing grains with pulses at the same meal also helps.',
    'vegan',
    'What kind of diet do I follow?',
    {
      session: 12,
      text: 'update: fully vegan since the start of may. so far so good, apart from missing cheese terribly',
      reply:
        "Well done on the switch! For the cheese gap, try nutritional yeast on pasta, cashew-based spreads, or some of the better cultured nut cheeses. Keep an eye on B12, as you'll need a supplement or fortified foods now.",
      old: 'vegetarian',
    },
  ),
  fact(
    'penicillin',
    4,
    "My sister-in-law asked why I always flag penicillin at the doctor's. I react to it with a nasty rash, but I couldn't explain how that's different from a side effect. What is the difference?",
    'A side effect is an expected, usually mild reaction that anyone can get, like an upset stomach. An allergy is your immune system reacting to the drug, such as a rash, hives or swelling, and it can get worse with each exposure. That is why you flag it.',
    'penicillin',
    'Am I allergic to any medicines?',
  ),
  fact(
    'sesame',
    4,
    'Can you check this falafel recipe for hidden sesame? Even a bit of tahini makes my throat itch, so I have to be careful.',
    'The falafel themselves are usually fine, but watch the tahini sauce, any seeds sprinkled on top, hummus served alongside, and bought pitta or wraps, which sometimes contain it. A yoghurt, lemon and garlic sauce works instead of tahini. If your throat ever swells, that needs urgent help.',
    'sesame',
    "Is there a food I'm allergic to?",
  ),

  // Session 5: lowercase chat.
  fact(
    'music',
    5,
    "can you recommend bands similar to khruangbin? i've had them on repeat since christmas and need something new",
    'Try Altin Gün, Hermanos Gutiérrez, Men I Trust, Bad Bad Not Good, Mdou Moctar and Glass Beams: mellow, groovy, a lot of them instrumental and drawing on music from around the world.',
    'khruangbin',
    'What music am I into?',
  ),
  fact(
    'film',
    5,
    'paddington 2 is the best film ever made and i will not be taking questions. anyway what else would i like',
    "A person of taste. You might enjoy The Grand Budapest Hotel, Hunt for the Wilderpeople, Chef, Amélie, and Aardman's films like Wallace & Gromit. Warm, funny, and just a bit sad.",
    'paddington 2',
    "What's my favourite movie?",
  ),
  fact(
    'author',
    5,
    "just finished the dispossessed, that's every ursula le guin book done now 😭 who should i read next",
    'Try Becky Chambers (kind, thoughtful science fiction), N. K. Jemisin (The Fifth Season), Octavia Butler (Parable of the Sower), and Adrian Tchaikovsky (Children of Time).',
    'le guin',
    'Who is my favourite author?',
  ),
  fact(
    'coriander',
    5,
    'can you rewrite this thai green curry recipe without coriander? it tastes like soap to me',
    "Sure, just leave it out of the paste and the garnish, and use Thai basil and a little extra lime leaf instead. Many green curry pastes also include coriander root, so if you're buying one check the label or make your own.",
    'coriander',
    "Which herb can't I stand?",
  ),

  // Session 6: long, rambling messages.
  fact(
    'pottery',
    6,
    "So I've got a pottery class on Wednesday evenings and the teacher wants us to write a short reflection on a ceramicist we admire, which feels a bit like being back at school, but fine. Can you give me a few names of interesting contemporary makers, ideally not just the famous Japanese ones everyone picks, and a sentence on what makes each distinctive?",
    'A few: Jennifer Lee (burnished pots coloured with oxides mixed into the clay), Edmund de Waal (installations of porcelain vessels), Magdalene Odundo (hand-built, burnished forms inspired by the body), Grayson Perry (narrative pots full of social commentary) and Akiko Hirai (textured moon jars). Each would give you plenty to write about.',
    'life drawing',
    'What evening class am I doing at the moment?',
    {
      session: 11,
      text: 'quit pottery. life drawing on weds now. good pencils for beginners?',
      reply:
        'A set of graphite pencils from 2B to 8B, a few sticks of willow charcoal, a kneaded eraser and a pad of cheap A2 cartridge paper. Charcoal encourages big, loose marks, which suits short poses.',
      old: 'pottery',
    },
  ),
  fact(
    'language',
    6,
    "I'm on a 200-day Duolingo streak with Portuguese, but I honestly can't hold a conversation yet, which is depressing. We're travelling later this year and I'd love to be able to at least order food and make small talk. What should I add alongside the app to actually get speaking? I've got maybe 20 minutes a day, usually on the bus.",
    'Keep the app, but spend 10 of those minutes on speaking: shadow short dialogues from a podcast like Practice Portuguese, repeating out loud. Once a week, book a 30-minute session with a tutor on italki. And learn set phrases for ordering and chatting as whole chunks rather than word by word.',
    'portuguese',
    'Which language am I learning?',
  ),
  fact(
    'cello',
    6,
    "I dug my cello out of the loft after about ten years and it's completely out of tune, one of the pegs keeps slipping and I'm scared of snapping a string. Is there a safe way to tune it myself, or should I just take it to a shop? I used to play in the school orchestra but never learned to tune it myself, the teacher always did it.",
    "You can do it: push the peg gently into the pegbox while turning so it grips, bring each string up to pitch slowly, and use the fine tuners for small changes. A slipping peg can be helped with peg compound. After ten years it's worth a shop check-up anyway: new strings, the bridge position and any cracks.",
    'cello',
    'Which instrument am I getting back into?',
  ),
  fact(
    'holiday',
    6,
    "We've booked Lisbon for the second week of August, me, Marek and Elsie. Could you suggest a rough plan for five days that works with a three-year-old? Nothing too ambitious, she still naps after lunch, and we'd like at least one beach day.",
    'Day 1: settle in, Alfama by tram 28 and a slow dinner. Day 2: the Oceanário, then the park along the river. Day 3: beach day at Carcavelos or Cascais by train. Day 4: Belém for the tower, the monastery and pastéis de nata. Day 5: Jardim da Estrela playground and some shopping. Keep afternoons for naps.',
    'madeira',
    'Where are we going on holiday this summer?',
    {
      session: 10,
      text: "Change of plan: the flights got cancelled and rebooking turned into a nightmare, so Lisbon is off and we've gone for Madeira instead, same dates. Elsie is very excited about 'the island'. Is there anything in particular we need to know about it with a small child: the roads, the weather, whether the levada walks are doable with a carrier?",
      reply:
        'Madeira is lovely with little ones. The roads are steep and winding, so book a car seat and take travel-sickness precautions. August is warm but rarely scorching. Easy, flat levadas like the Levada do Rei or parts of the Levada dos Balcões are fine with a carrier; avoid the ones with sheer drops or tunnels.',
      old: 'lisbon',
    },
  ),

  // Session 7: terse mobile messages.
  fact(
    'brother',
    7,
    'little bro anders staying fri-sun, v picky eater. easy dinners?',
    'Crowd-pleasers that people can customise: build-your-own tacos, homemade pizzas with toppings on the side, or a pasta bake where you keep some plain. That way he picks what he likes without anyone cooking twice.',
    'anders',
    "What's my brother's name?",
  ),
  fact(
    'nickname',
    7,
    "new job slack wants a display name. everyone's called me iggy since uni, too casual?",
    "Not at all, lots of people use the name they actually go by. If you want to be safe, 'Ingrid (Iggy)' works for the first few weeks until people know you.",
    'iggy',
    'What do people call me for short?',
  ),

  // Session 8: lowercase chat.
  fact(
    'mother',
    8,
    "my mum was a ferry captain for 30 years and retires next month. what's a nice retirement present for someone who basically lived on a boat",
    'What a career! Ideas: a framed nautical chart of her routes, a good pair of binoculars, a photo book of her years at sea collected from colleagues, or a trip where someone else does the steering for once, like a coastal cruise.',
    'ferry captain',
    'What did my mother do for a living?',
  ),
  fact(
    'alcohol',
    8,
    "haven't had a drink in five years, fully teetotal. can you suggest some non-alcoholic cocktails for a housewarming",
    'Try a virgin mojito with lots of mint and lime, a ginger and rhubarb fizz, a seedlip-style spritz with tonic and citrus, or a spiced apple and cranberry punch in a big bowl. A couple of good alcohol-free beers are handy too.',
    'teetotal',
    'Do I drink alcohol?',
  ),

  // Session 9: ordinary prose.
  fact(
    'degree',
    9,
    "I studied psychology at Glasgow, and I'm thinking about a part-time master's now. Are there good HCI programmes that can be done remotely?",
    "Yes: several UK universities offer part-time or online HCI and UX master's degrees, for example at City (London), the Open University and the University of York. Check how much is taught live, and whether they accept a psychology background (most welcome it).",
    'glasgow',
    'Where did I go to university?',
  ),
  fact(
    'football',
    9,
    "Brann lost 3-0 again at the weekend and I'm starting to wonder why I put myself through supporting them. Anyway, can you explain the offside rule properly? Marek keeps asking and I realise I can't explain it well.",
    "Commiserations! Offside: an attacker is offside if, when the ball is passed to them, they are in the opponents' half and nearer the goal line than both the ball and the second-last defender (usually the last outfield player). It's only an offence if they then get involved in play, and you can't be offside from a throw-in, goal kick or corner.",
    'brann',
    'Which football club do I support?',
  ),
  fact(
    'religion',
    9,
    'I go to Quaker meeting most Sunday mornings, and a friend asked me what actually happens there. Can you help me explain it in a couple of sentences?',
    "Something like: 'We sit together in silence for about an hour, without a minister or set service. If someone feels moved to speak, they stand and share a few words, and then the silence continues.'",
    'quaker',
    "What's my religion?",
  ),

  // Session 10: long, rambling messages.
  fact(
    'works from',
    10,
    "Since Tidewell is fully remote, I've turned the box room upstairs into my office, but it gets freezing in the mornings and the wifi is patchy up there because the router's at the other end of the house. Would a mesh system fix it, or is a powerline adapter better for an old terraced house? Budget's around £150.",
    'In an old terrace with thick walls, powerline adapters often work well and are cheaper, around £50 to £80 for a pair with wifi built in. A mesh system is more reliable if the wiring is old or on different circuits. For £150 you could try powerline first and return it if the speed is poor. A small oil-filled radiator will help with the cold.',
    'box room',
    'Where do I work from these days?',
  ),
  fact(
    'laptop',
    10,
    "My ThinkPad X1 has started sounding like a jet engine whenever I'm on a video call with more than four people, and I'm on calls a lot for research interviews. Is it worth repasting it myself, or is it more likely a software thing like the browser going mad? It's about three years old.",
    'Check software first: open Task Manager during a call and see what uses the CPU. Browser-based calls with video are heavy, so the desktop app and hardware acceleration can help. If the CPU is modest but the fans still roar, clean the vents; repasting is a reasonable DIY job on that model, but only after ruling out the easy causes.',
    'thinkpad',
    'What computer do I use?',
  ),

  // Session 11: terse mobile messages.
  fact(
    'colleague',
    11,
    'rosa (the other researcher at tidewell) and me run all the interviews together. etiquette tips for 2-person interviews?',
    'Agree roles beforehand: one leads the questions, the other takes notes and asks follow-ups at the end. Introduce both roles to the participant, avoid talking over each other, and debrief together straight after while it is fresh.',
    'rosa',
    'Who do I run interviews with at work?',
  ),
  fact(
    'race',
    11,
    'signed up for the great north run in sept 🏃‍♀️ 16 wk plan pls',
    'Weeks 1 to 4: three easy runs a week, building from 3 to 5 miles. Weeks 5 to 10: add one tempo run, long run up to 9 miles. Weeks 11 to 14: long run up to 11 or 12 miles, one session of intervals. Weeks 15 and 16: taper, with a couple of short sharp runs. Keep one rest day after each long run.',
    'great north run',
    'Which race have I entered?',
  ),
  fact(
    'routine',
    11,
    '6:30 swim most weekdays before work. eat before or after?',
    "Both can work. If you're going for 30 to 45 minutes, a small snack before (a banana or a slice of toast) and a proper breakfast after is the usual approach. Some people prefer to go fasted; try both and see which gives you more energy.",
    'swim',
    'How do I start my mornings?',
  ),

  // Session 12: lowercase chat.
  fact(
    'blood type',
    12,
    "the nhs donation people keep texting me because i'm o negative lol. how often are you actually allowed to give?",
    "They're keen because it's the type anyone can receive in an emergency! In England, men can give whole blood every 12 weeks and women every 16 weeks.",
    'o negative',
    "What's my blood type?",
  ),
  fact(
    'bouldering',
    12,
    'been bouldering twice a week with marek and my forearms are wrecked. any stretches?',
    'Try wrist flexor and extensor stretches (arm straight, gently pull the fingers back, then down), prayer stretches, and rolling your forearms on a ball. Rest days between sessions matter: tendons adapt slower than muscles.',
    'bouldering',
    'What sport do my husband and I do together?',
  ),
];

/** The date of session `i` (one session every eight days from 2025-02-03, at 19:40 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 1, 3 + 8 * i, 19, 40));

/** The sessions: eight filler exchanges each, with the statements woven among them. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

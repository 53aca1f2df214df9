/**
 * Personal-facts probe H, a held-out measure written blind by an evaluator who did not see how engram's long-term
 * memory works. The user is a woman in her late forties in Queensland, an emergency-department nurse on shifts,
 * with a husband on a fly-in fly-out roster, two teenagers and an elderly father she looks after. She writes in
 * hurried, practical messages — some long and rambling with the fact as a side remark inside a request, some two
 * words from a phone, some lowercase chat, some ordinary prose. 44 facts over 13 sessions (0-12), 11 of them
 * corrected casually in a later session ("scratch that", "we ended up…", "update:"); one question per fact,
 * asked in a new session after the last, about her own facts only (her father's health and other people's
 * details appear only as distractors, mostly in the filler: personal-facts-filler-h.ts and -filler-h2.ts).
 * Sessions are one every eleven days from 2025-02-03 at 07:40 UTC, eight filler exchanges each.
 *
 * Written without reading: anything under src/, docs/personal-facts.md, BENCHMARKS.md, the body of
 * personal-facts-probe.ts (only its type declarations, lines 1-57 and 330-378), personal-facts-probe-b.ts,
 * -probe-c.ts, -probe-d.ts, -probe-d-early.ts, -probe-e.ts, -probe-f.ts, -probe-g.ts, any personal-facts-filler*.ts
 * other than the `FillerExchange` type of personal-facts-filler-c.ts, and any git log message or diff.
 */

import { fillerExchanges } from './personal-facts-filler-h.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The facts, in the order they are first stated. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: terse, from a phone after a night shift.
  fact(
    'name',
    0,
    'quick one before i crash — its bron btw, Bronwyn if ur my dad and im in trouble. how long do lamb shanks need on low in the slow cooker',
    'Nice to meet you, Bron. Lamb shanks on low usually want 7–8 hours, until the meat falls off the bone.',
    'bronwyn',
    "What's my name?",
  ),
  fact(
    'job',
    0,
    'just finished 3 nights in resus. 22 yrs an emergency nurse and the full moon thing is still real lol',
    'Three nights in resus is a lot — hope you get a proper sleep. The full moon debate never dies in ED.',
    'nurse',
    'What do I do for a living?',
  ),
  fact(
    'shift pattern',
    0,
    'on permanent nights this roster so if i sound unhinged thats why',
    'Completely understandable. Permanent nights are hard on the body; be kind to yourself on the days off.',
    'rotating',
    'What kind of shifts am I working these days?',
    {
      session: 5,
      text: "Update: I'm off permanent nights. Back on a rotating roster as of this fortnight — earlies, lates and the odd night thrown in.",
      reply:
        'That should help your sleep, even if rotating has its own challenges. Good luck with the switch.',
      old: 'permanent nights',
    },
  ),
  fact(
    'home',
    0,
    '25 min drive home to highfields then bed. do i eat first or sleep first',
    'Most night workers do best with a small, light meal before sleeping and a proper meal when they get up. Drive safe.',
    'highfields',
    'What town do I live in?',
  ),

  // Session 1: long, rambling messages with the fact as a side remark.
  fact(
    'husband',
    1,
    "Ok so long story but the house has basically collapsed this week — my hubby Steve's away on his swing so it's just me and the kids, the bins didn't go out, nobody can find anything and I'm working four of the next five days. Can you make me a simple weekly chore chart for two teenagers that won't start a war?",
    'Here is a simple one: split the jobs into daily (dishes, bins, pet feeding) and weekly (bathroom, vacuuming, own washing), alternate the daily jobs each week, and put it on the fridge where nobody can claim they did not see it.',
    'steve',
    "What's my husband's name?",
  ),
  fact(
    'husband job',
    1,
    "Steve works FIFO — two weeks on at a coal mine out past Moranbah, one week home — and the kids are used to it but I'm not sure I ever will be. What's a good way to stay connected with someone whose sleep schedule is the opposite of yours?",
    'A shared routine helps: a set time for a short call, voice messages you can each listen to when awake, and a shared photo album of the little things. Planning something together for his week home gives you both something to look forward to.',
    'coal mine',
    'What does my husband do?',
  ),
  fact(
    'daughter',
    1,
    "Maddie's 17 and in Year 12 and honestly she's the organised one in this house — she's already sorted her formal dress and she's on at me about booking hair, which reminds me, how far ahead do people book hair for a school formal?",
    'For a formal, book hair and makeup four to eight weeks ahead; salons fill up fast in formal season. Good on her for being organised.',
    'maddie',
    "What's my daughter called?",
  ),
  fact(
    'son',
    1,
    "And then there's Lachie, who's 14 and would live on two-minute noodles and Fortnite if I let him. Is there any actual research on how much screen time is bad for a boy that age, or is it all moral panic?",
    'The research is more nuanced than the headlines: what they do on screens and whether it crowds out sleep, exercise and face-to-face time matters more than the raw hours. Protecting sleep is the single most useful rule.',
    'lachie',
    "What's my son's name?",
  ),

  // Session 2: ordinary prose.
  fact(
    'workplace',
    2,
    "I've been in the emergency department at Toowoomba Hospital for about twelve years, and we're getting a new electronic triage system next month. Could you give me a few tips for learning new software when you're already exhausted?",
    'Learn it in short bursts, focus on the three or four screens you will use every shift, find the colleague who picks it up fastest, and keep a cheat sheet in your pocket for the first weeks.',
    'toowoomba hospital',
    'Which hospital do I work at?',
  ),
  fact(
    'manager',
    2,
    'My NUM, Craig, wants everyone to write a short reflective piece for our professional development portfolio. Can you help me structure one about a difficult handover?',
    'Use a simple model like Gibbs: what happened, what you thought and felt, what went well and badly, what you learned, and what you will do differently next time.',
    'priya',
    "Who's my boss?",
    {
      session: 9,
      text: "Craig's gone — he took a job in Brisbane — and our new NUM is Priya. She seems switched on, thank god.",
      reply: 'A new manager can change a lot. Sounds like a promising start with Priya.',
      old: 'craig',
    },
  ),
  fact(
    'car',
    2,
    "Our Corolla's a 2011 with 290,000 km on it and the clutch is starting to slip. Is it worth fixing, or should we start looking?",
    'A clutch replacement is usually $1,200 to $2,000. At 290,000 km it can still be worth it if the rest is sound, but if other big jobs are coming up it may be time to look.',
    'rav4',
    'What car do I have?',
    {
      session: 7,
      text: 'corolla finally carked it. ended up with a 2019 RAV4, second hand. kids think we are rich now',
      reply: 'RIP Corolla. A 2019 RAV4 is a solid, reliable pick.',
      old: 'corolla',
    },
  ),
  fact(
    'allergy',
    2,
    'Note to self since you are basically my notebook now: penicillin gives me hives, found that out at 19. Make sure I tell the travel doctor.',
    'Noted. Always mention it to any doctor, pharmacist or dentist, and it is worth having it on your Medicare record and a medical alert if you travel.',
    'penicillin',
    'Do I have any drug allergies?',
  ),

  // Session 3: lowercase chat.
  fact(
    'father',
    3,
    "dad (kevin, 84, stubborn as) rang me three times on shift yesterday because the tv remote 'broke'. how do i set up a universal remote thats idiot proof",
    'Get a big-button universal remote, program it for his TV only, and tape over or remove any buttons he does not need. Some have a lock mode so settings cannot be changed by accident.',
    'kevin',
    "What's my father called?",
  ),
  fact(
    'father lives',
    3,
    'he still lives on his own in his little unit in newtown and i go round most days. not sure how much longer that works tbh',
    'That is a lot to carry. An aged care assessment (ACAT) would show what support he could get at home and what options there are later.',
    'carinya',
    "Where's my father staying these days?",
    {
      session: 8,
      text: "we ended up moving dad out of the newtown unit and into carinya, the aged care place. first week was rough but he's made a mate already",
      reply: 'That is a big move for both of you. Great that he has already made a friend at Carinya.',
      old: 'newtown',
    },
  ),
  fact(
    'dad day',
    3,
    "tuesdays are dad day. i do his shopping, sort his pill box, drop his washing back. what's an easy way to track what he's running low on",
    'A shared note on your phone or a whiteboard on his fridge where he (or you) ticks off what runs low works well. Some pharmacies can also pack his tablets in blister packs.',
    'tuesday',
    'Which day of the week do I set aside for my father?',
  ),
  fact(
    'coffee',
    3,
    'cant function without a long black, no sugar, two if its a night shift. is 4 a day too many',
    'Up to about 400 mg of caffeine a day is considered safe for most adults, which is roughly four long blacks, but try to stop six hours before you plan to sleep.',
    'chai latte',
    "What's my go-to hot drink?",
    {
      session: 10,
      text: "Random one, but I need ideas for things to drink on night shift that won't leave me wired when I'm trying to sleep at 9am. I've gone off coffee completely — no more long blacks, it's chai lattes now, don't ask, a friend at work got me onto them — so something along those lines but gentler for the 3am slump?",
      reply:
        'Rooibos, a decaf chai, peppermint or ginger tea, warm milk with cinnamon, or a small chai latte earlier in the shift then water after 3am.',
      old: 'long black',
    },
  ),

  // Session 4: two-word messages.
  fact(
    'dog',
    4,
    'Kelpie (Biscuit) ate a sock. Vet or wait?',
    'If she is vomiting, off her food, straining or has a sore belly, go to the vet now. Socks often cause blockages, so most vets would rather see her early.',
    'biscuit',
    "What's my dog's name?",
  ),
  fact(
    'holiday',
    4,
    'bali in the sept hols. passport renewal how long?',
    'Allow about six weeks for an Australian passport renewal, and check your passport is valid for six months past your return date for Indonesia.',
    'tasmania',
    "Where's our family trip this year?",
    {
      session: 9,
      text: "Scratch Bali. We ended up booking Tasmania instead — Steve wanted somewhere cold and I didn't want passport drama with two teenagers.",
      reply: 'Tasmania in spring is beautiful. No passports needed!',
      old: 'bali',
    },
  ),
  fact(
    'blood pressure tablet',
    4,
    'on amlodipine 5 for BP. ankles swelling. normal?',
    'Ankle swelling is a common side effect of amlodipine. It is worth mentioning to your GP, who may lower the dose or switch you to another tablet.',
    'perindopril',
    'What do I take for my blood pressure?',
    {
      session: 11,
      text: 'gp swapped me off amlodipine onto perindopril. ankles back to normal',
      reply: 'Good to hear perindopril is suiting you better.',
      old: 'amlodipine',
    },
  ),
  fact(
    'hometown',
    4,
    'grew up on a dairy farm out of murwillumbah. still miss it. custard ratio?',
    'For baked custard: 3 eggs, 500 mL milk and about 1/3 cup of sugar, with vanilla and nutmeg, baked at 160°C in a water bath until just set.',
    'murwillumbah',
    "Where's my hometown?",
  ),

  // Session 5: ordinary prose.
  fact(
    'hobby',
    5,
    "I've started a beginners' pottery class at the community arts centre on my days off. I'm terrible at it, but it's the only two hours a week nobody needs anything from me. How do I stop my bowls collapsing on the wheel?",
    'Centre the clay properly before opening it, keep the walls an even thickness, use less water and slow the wheel down as the walls get taller.',
    'choir',
    "What's my hobby at the moment?",
    {
      session: 10,
      text: "Pottery didn't survive the new roster — I kept missing classes — so I've joined a community choir instead. Altos, we meet Sunday arvos, and I've got my first little concert in a month. How do I stop my voice shaking when I'm nervous? I've intubated people with steadier nerves.",
      reply:
        'Slow breathing from the belly before you start, a little warm-up, and focusing on the conductor rather than the audience help a lot. The shake usually settles after the first few lines.',
      old: 'pottery',
    },
  ),
  fact(
    "daughter's school",
    5,
    'Maddie goes to Centenary Heights State High, and their parent-teacher interviews are online this year. What should I actually ask her teachers in Year 12?',
    'Ask where she is strongest and weakest, what she should prioritise before exams, how she compares to the expectations for her goals, and whether there is anything you can do at home.',
    'centenary heights',
    'What school does my daughter attend?',
  ),
  fact(
    'birthday',
    5,
    "I turn 48 on 9 August and I'm already dreading it. What are some low-effort ways to mark it that don't involve me cooking?",
    'A long breakfast out, a family picnic, a massage, or a takeaway night where someone else chooses and cleans up.',
    '9 august',
    "When's my birthday?",
  ),
  fact(
    'coeliac',
    5,
    "Got the biopsy results back — I'm coeliac. Explains a lot, honestly. What are the sneaky sources of gluten people miss?",
    'Soy sauce, stock cubes, gravy mixes, some sausages, oats (often contaminated), malt vinegar and beer, shared toasters and fryers, and some lollies and medications.',
    'coeliac',
    'Is there anything medical that limits what I can eat?',
  ),

  // Session 6: long, rambling.
  fact(
    "daughter's uni plan",
    6,
    "Maddie has her heart set on physio at uni, which is great, but she's asking me about ATARs and prerequisites and I genuinely don't understand the QTAC system even though I went through uni myself a hundred years ago — can you explain how offers and preferences work in plain English?",
    'You list up to six preferences in order; QTAC checks them from the top and gives you the highest one you qualify for. Put your dream course first — listing it first never hurts your chances at the others.',
    'paramedicine',
    'What does my daughter want to study?',
    {
      session: 12,
      text: "update on the uni saga — Maddie's changed her mind, it's paramedicine now, not physio. the ambo ride-along did it",
      reply: 'Paramedicine is a great fit for someone organised who likes action. Good on her.',
      old: 'physio',
    },
  ),
  fact(
    'brother',
    6,
    "My brother Grant is no help with Dad whatsoever — he rings once a month to give 'advice' and that's it. I'm trying to write him an email that says we need to share the load without it turning into a fight like last Christmas. Can you draft something firm but kind?",
    "Here's a start: 'Grant, I need to be honest: looking after Dad is taking more than I can give on my own. I'm not after blame — I need a plan where we share it. Can we talk this weekend about what you can take on?'",
    'grant',
    "What's my brother's name?",
  ),
  fact(
    'work friend',
    6,
    "Tracey, who I've done basically every Christmas night shift with for ten years and who is my closest friend at work, has her CNC interview on Friday, and I want to write something in her good luck card that'll make her laugh and maybe cry a bit. Ideas?",
    "'To the person who has kept me sane through ten Christmas nights: go smash it. They would be lucky to have you — and if they don't see it, I'll triage them myself.'",
    'tracey',
    "Who's my best mate at the hospital?",
  ),
  fact(
    'favourite band',
    6,
    "Need a playlist for the drive down to see the old farm — it's about four hours and the kids will mutiny if it's all my music, but if there's no Cold Chisel I'll mutiny, so something that mixes Aussie pub rock with whatever teenagers listen to now?",
    'Mix in Cold Chisel, INXS and Midnight Oil with Vance Joy, Gang of Youths, Ocean Alley, Lime Cordiale and The Jungle Giants — everyone gets a turn.',
    'cold chisel',
    "What's my favourite band?",
  ),

  // Session 7: terse mobile.
  fact(
    'back problem',
    7,
    'L4 bulging disc playing up again. stretches that dont need gear?',
    'Gentle knee-to-chest stretches, pelvic tilts, cat-cow, and walking often help. Stop anything that sends pain down your leg, and see your GP if you get numbness or weakness.',
    'bulging disc',
    "What's my back problem?",
  ),
  fact(
    'savings goal',
    7,
    'saving every spare cent for a new roof b4 next storm season. hail wrecked half the street',
    'Worth getting two or three quotes early, since roofers book out before storm season. Check whether your insurance covers any of the hail damage too.',
    'solar',
    'What am I putting money aside for?',
    {
      session: 12,
      text: 'insurance ended up covering the roof after all, so the savings are going on solar panels instead',
      reply: 'Great outcome. Solar panels should pay themselves back in a few years in Queensland.',
      old: 'new roof',
    },
  ),
  fact(
    "son's sport",
    7,
    'lachie rugby league trials sat. what to pack',
    'Boots, mouthguard, two water bottles, a snack, a spare shirt, sunscreen, strapping tape and a jumper for after.',
    'basketball',
    'What sport does my son play?',
    {
      session: 11,
      text: "Lachie's given up rugby league. Basketball now. Shoes are $220?!",
      reply: 'Basketball shoes are pricey, but last-season models are often half price online.',
      old: 'rugby league',
    },
  ),
  fact(
    'tv show',
    7,
    'offspring 3rd time thru. similar shows?',
    'Try Packed to the Rafters, House Husbands, Wentworth (darker), Doctor Doctor, or Grey’s Anatomy.',
    'offspring',
    'What TV series am I hooked on?',
  ),

  // Session 8: lowercase chat.
  fact(
    "brother's city",
    8,
    'grant flew over from perth for easter, first time in 2 yrs. dad was beside himself. whats a cheap way to print a photo book of the visit',
    'Online photo book services like Snapfish or Officeworks often have 40–50% off sales; a 20-page softcover book can be under $30.',
    'perth',
    'Which city is my sibling in?',
  ),
  fact(
    'uni',
    8,
    'i did my nursing degree at qut back in 99 and now they want me to redo the sepsis modules lol. any tips for online modules that dont make you want to die',
    'Do them in short chunks, take notes on anything that has changed since last time, and reward yourself after each module.',
    'qut',
    'Which uni did I go to?',
  ),
  fact(
    'weekend routine',
    8,
    'if im not rostered on i do parkrun at queens park first thing sat, walking it mostly these days. good shoes for walking 5k?',
    'A cushioned walking or running shoe like the ASICS Gel-Nimbus, Brooks Ghost or Hoka Clifton — get fitted in store if you can.',
    'parkrun',
    "What do I do on weekend mornings when I'm off?",
  ),
  fact(
    'footy team',
    8,
    'broncos tragic since 88. dont talk to me about last night',
    'Ouch — I will not mention it. There is always next week.',
    'broncos',
    'Which footy team do I follow?',
  ),

  // Session 9: ordinary prose.
  fact(
    'religion',
    9,
    "I'm a lapsed Catholic, but I still take Dad to Mass at Christmas because it matters to him. What's a good birthday present for an 84-year-old who insists he wants nothing?",
    'Something he will use or enjoy without clutter: a framed family photo, a favourite treat, an outing with you, a big-print crossword book, or a warm cardigan.',
    'catholic',
    "What's my religious background?",
  ),
  fact(
    'sign language',
    9,
    "I did an Auslan course years ago for a Deaf patient and I'm trying to keep it up. Are there any good apps for practising?",
    'Try the Auslan Signbank website, the Auslan Anywhere app, or local Deaf Society community classes for conversation practice.',
    'auslan',
    'What second language have I learned?',
  ),

  // Session 10: long, rambling.
  fact(
    'favourite takeaway',
    10,
    "Friday night takeaway is always salt and pepper squid for me — I don't even look at the menu — but now that I can't have gluten I'm worried about the batter. How do I ask the Chinese place about cross-contamination without sounding like a pain?",
    "Just ask directly: 'Is the batter gluten-free, and is it fried in a separate fryer from the battered food?' Good restaurants get this all the time.",
    'salt and pepper squid',
    "What's my favourite dish?",
  ),
  fact(
    'kitchen appliance',
    10,
    "Honestly the Thermomix is the only reason anyone in this house eats a vegetable when I'm on lates — I prep the risotto before I go and the kids just press start. Could you give me three more dump-and-go recipes in that style, all gluten-free?",
    'Try a chicken and vegetable risotto with GF stock, a lentil bolognese served over rice pasta, and a pumpkin soup with a tin of chickpeas stirred through.',
    'thermomix',
    'What kitchen appliance do I rely on?',
  ),

  // Session 11: terse.
  fact(
    'favourite author',
    11,
    'new jane harper out yet? read all hers',
    'Check her publisher’s page; if you have read them all, try Chris Hammer or Garry Disher for similar Australian crime.',
    'jane harper',
    "Who's my favourite writer?",
  ),
  fact(
    'garden',
    11,
    "silverbeet's gone feral out the back, cant give it away fast enough. recipes that arent soup pls",
    'Silverbeet and feta pie, a spanakopita-style bake with GF pastry, sautéed with garlic and lemon, or stirred through a frittata or a risotto.',
    'silverbeet',
    'What vegetable am I growing too much of?',
  ),

  // Session 12: mixed.
  fact(
    'house',
    12,
    "Our place is an old Queenslander up on stumps and the back stairs are rotting. What's a rough cost to replace timber stairs?",
    'For a set of timber back stairs, expect roughly $3,000 to $8,000 depending on height, timber and whether you need a landing.',
    'queenslander',
    'What style of house do I live in?',
  ),
  fact(
    'holiday dates',
    12,
    'flights booked!! we fly out 22 September, back the 3rd. what do i pack for hobart in spring',
    'Layers: thermals, a warm jacket, a rain shell, a beanie and good walking shoes. Spring in Hobart can go from sunny to snowing on the mountain in a day.',
    '22 september',
    'When does our trip start?',
  ),
];

/** The date of session `i` (one session every eleven days from 2025-02-03, at 07:40 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 1, 3 + 11 * i, 7, 40));

/** The sessions: eight filler exchanges each, with the session's statements woven in. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

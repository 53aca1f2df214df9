/**
 * Personal-facts probe F, held out. Written blind by an evaluator who did not read the memory code or the other
 * probes. The user is a sheep farmer in mid-Wales: in her late fifties, married, with grown-up children, an elderly
 * mother in a care home, sheepdogs, a Methodist chapel, a choir, a hip waiting for surgery and a diabetes
 * check-up. Over thirteen sessions she states 43 facts about herself (12 corrected casually in a later session):
 * identity, places, the farm and the people who work on it, family, animals, health, preferences, routines,
 * possessions, beliefs and plans. The sessions come in mixed styles: normal prose (0, 4, 8, 12), lowercase chat
 * (1, 5, 9), terse mobile notes (2, 7, 11) and long messages where the fact is a side remark inside a request
 * (3, 6, 10). Statements are woven into ordinary chatter (`personal-facts-filler-f.ts`), which also speaks of
 * other people (a friend's job, a niece's city, a neighbour's diet) that a memory must not take as hers. Each
 * question is asked the way she would ask it in a new chat; 32 of the 43 share no content word with what she said.
 *
 * Files the author did not read: everything under src/, docs/personal-facts.md, BENCHMARKS.md,
 * personal-facts-probe.ts beyond lines 1-57 and 330-378 (its types, `fact` helper and `probeSessions`), -probe-b.ts,
 * -probe-c.ts, -probe-d.ts, -probe-d-early.ts, -probe-e.ts, every personal-facts-filler*.ts file (only the
 * `FillerExchange` type of -filler-c.ts), and the git history.
 */

import { fillerExchanges } from './personal-facts-filler-f.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** A fact corrected later: `old` is in the first statement, `current` in the correction. */
const changed = (
  label: string,
  session: number,
  text: string,
  reply: string,
  old: string,
  later: number,
  laterText: string,
  laterReply: string,
  current: string,
  question: string,
): ProbeFact =>
  fact(label, session, text, reply, current, question, {
    session: later,
    text: laterText,
    reply: laterReply,
    old,
  });

/** The 43 facts (12 corrected), in the order they are first said. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: normal prose, lambing time.
  fact(
    'name',
    0,
    "Can you help me sign off a letter to the county council about the footpath across our top field? It's from Rhiannon Pryce — is 'Yours faithfully' right when I don't know who will read it?",
    "Yes — when you don't know the recipient's name, 'Yours faithfully' is the correct close. Put it on its own line, leave a gap for your signature, then type Rhiannon Pryce underneath.",
    'rhiannon',
    "What's my name?",
  ),
  changed(
    'flock size',
    0,
    "Lambing's in full swing here — 600 ewes and it feels like half of them picked last night to start. What's the quickest safe way to warm up a chilled lamb?",
    'If the lamb can still lift its head and swallow, get colostrum into it by stomach tube first, then warm it in a warming box or by the stove. A lamb too weak to lift its head may need a glucose injection before warming, or it can fit as it warms.',
    '600',
    5,
    "sold the older ewes at the mart so we're down to 450 now, less work for my back tbh",
    'That sounds like a sensible trim — fewer ewes can mean better prices per head if you keep the younger, fitter ones. Your back will thank you at shearing.',
    '450',
    'How big is my flock?',
  ),
  fact(
    'lambing helper',
    0,
    'Dylan, the lad from the village who helps us out at lambing, is thinking about agricultural college. What courses should a seventeen-year-old look at?',
    'A level 3 extended diploma in agriculture is the usual route at that age; it leads to work or on to a foundation degree. Many colleges also offer apprenticeships where he would spend most of the week on a farm.',
    'dylan',
    'Who gives me a hand in the busy season?',
  ),
  fact(
    'home area',
    0,
    "Sorry if my messages arrive in bursts — we're up in the hills above Llanidloes and the signal comes and goes with the weather.",
    "No problem at all, take your time. If the signal is patchy, Wi-Fi calling or a small signal booster can help, but I'll be here whenever the messages get through.",
    'llanidloes',
    'Which town am I nearest to?',
  ),
  // Session 1: lowercase chat.
  fact(
    'husband',
    1,
    'gareth reckons we need a second quad bike. my other half never once looks at the price tag lol. how do i work out if its worth it',
    'Add up the hours the two of you lose waiting for one bike each week, put a value on that time, and compare it with the yearly cost of a second bike (finance, insurance, servicing, depreciation). A good second-hand one often pays for itself at busy times.',
    'gareth',
    "What's my husband called?",
  ),
  changed(
    'main sheepdog',
    1,
    'bracken was a star today, brought the whole hill flock down on her own. best dog ive ever had by a mile',
    "That's a proper working dog! Gathering a whole hill on her own takes brains as well as legs — make sure she gets a good feed and a rest tonight.",
    'bracken',
    7,
    'nell does all the work on the hill now. old girl retired to the fireside',
    "A well-earned retirement for the old girl — and it sounds like the young one has stepped up. Keep the older dog's joints warm and her weight down and she'll enjoy the fireside for years.",
    'nell',
    'Which collie do I rely on most for gathering?',
  ),
  changed(
    'tea',
    1,
    'having a brew with two sugars as a treat after that, dont tell the diabetes nurse',
    "Your secret's safe with me! A treat now and then is fine — it's the everyday habits that count.",
    'two sugars',
    9,
    'gone onto sweetener in my tea now, the nurse gave me a look at my check up',
    'Good for you — it usually takes a couple of weeks for your taste to adjust, and then sugar starts to taste too sweet. Nurses love that sort of change.',
    'sweetener',
    'How do I take my tea?',
  ),
  fact(
    'hometown',
    1,
    'funny thing, i grew up in machynlleth and never once went up cadair idris. my cousin wants to do it in may, which path is easiest',
    'The Pony Path from Tŷ Nant is the gentlest way up Cadair Idris — about 5–6 hours return. The Minffordd Path is more scenic but much steeper at the start.',
    'machynlleth',
    'Where was I brought up?',
  ),
  // Session 2: terse mobile notes.
  changed(
    'vet',
    2,
    'vet out 2moro, Priya. great w sheep. what shd i ask re orf in lambs',
    'Ask whether to vaccinate next year (and when, relative to lambing), how to stop it spreading to ewes’ teats, and how to protect yourself — orf passes to people, so wear gloves.',
    'priya',
    11,
    'new vet rhodri, young lad but knows his sheep',
    "Good to hear you've got someone who knows sheep. It's worth walking him round the farm once so he knows the setup before an emergency.",
    'rhodri',
    "What's our vet's name again?",
  ),
  changed(
    'phone',
    2,
    'cant get photos off my old nokia onto the laptop. cable?',
    'Most older phones use a micro-USB cable. Plug it in, choose "file transfer" or "mass storage" on the phone if it asks, and the photos should appear as a drive on the laptop. Bluetooth is the other option.',
    'nokia',
    7,
    'new iphone!! cerys made me. how do i screenshot',
    'Press the side button and the volume-up button at the same time, then let go. The screenshot appears in the corner — tap it to edit, or find it later in Photos.',
    'iphone',
    'What sort of mobile do I have?',
  ),
  fact(
    'tractor',
    2,
    'massey 135 wont start in the cold. glow plugs or battery?',
    'The 135 diesel has a thermostart rather than glow plugs: check it glows and that the little fuel reservoir above it is full. If the engine turns over slowly, the battery or earth strap is the first suspect.',
    'massey',
    'What make is my old tractor?',
  ),
  changed(
    'mart day',
    2,
    'mart on tuesday. store lambs worth holding or sell now?',
    "Spring store prices are often strong while grass is short, so selling now can make sense if you're tight on grazing. If you have plenty of grass, holding a few weeks to add weight may pay — check recent averages at your mart first.",
    'tuesday',
    9,
    "the mart's moved sheep sales to thursday now, suits me better",
    "Handy when a change works in your favour! It's worth checking whether the store and cull sales both moved or only one.",
    'thursday',
    'Which day is my livestock market?',
  ),
  fact(
    'farm name',
    2,
    'couriers keep losing cae mawr. how do i get it on google maps',
    'In Google Maps, press and hold on your farmhouse to drop a pin, then choose "Add a missing place" and give the name. It can take a few days to appear. You can also give couriers a what3words address.',
    'cae mawr',
    "What's my farm called?",
  ),
  // Session 3: long messages, the fact a side remark.
  fact(
    'medication',
    3,
    "Right, I need a week of teatimes that aren't boring. It's just the two of us most nights, the husband comes in from the sheds starving, and I'm on metformin so I try not to go mad on potatoes and white bread — though I'll fight anyone who tries to take my Sunday roast off me. Nothing fancy, we're not restaurant people, and ideally things I can leave in the slow cooker while I'm out on the hill.",
    'Here is a week: beef and bean chilli with cauliflower rice; slow-cooker chicken and leek casserole; lamb and lentil stew; a ham and cheese omelette with salad; baked salmon with greens; chicken tikka with brown rice; and your Sunday roast with extra veg and fewer potatoes. The casserole, stew and chilli can all go in the slow cooker in the morning.',
    'metformin',
    'What tablets am I on?',
  ),
  fact(
    'son',
    3,
    "My son Iwan's coming home for Easter with his fiancée, who's vegetarian, and I want to do something nicer than a cheese omelette for her. I've never really cooked without meat — everything on this farm has lamb in it, near enough — so what would a vegetarian actually enjoy for a Sunday dinner that won't look like an afterthought next to the roast?",
    'A mushroom and chestnut Wellington looks as grand as the roast and goes with all the same trimmings. Make the gravy with onions and vegetable stock so she can have it too, and roast the potatoes in oil rather than dripping.',
    'iwan',
    "What's my boy's name?",
  ),
  fact(
    'operation',
    3,
    "The consultant finally put me on the list for a hip replacement after two years of limping round the yard. The wait's meant to be months. What exercises should I be doing beforehand so I'm not starting from nothing, bearing in mind I still have to get about the farm every day and can't exactly take to my bed?",
    'Pre-surgery exercises help recovery a lot: gentle bridges, seated knee extensions, sit-to-stands from a chair, and heel raises holding the worktop, daily. Static cycling or swimming are good for fitness. Ask for a physio referral so someone can tailor them.',
    'hip replacement',
    'What op am I due to have?',
  ),
  fact(
    'nickname',
    3,
    "Dad always called me Sparrow because I was the smallest of five, and the whole village still does, even the minister. Anyway, I'm writing a short piece for the village newsletter about Dad's old shop and I'd like a warm opening line — any ideas?",
    "How about: 'For forty years, if you needed a nail, a pint of paraffin or the latest news, you went to Dad's shop — and you never came out with only what you came for.' Then a memory of a particular customer.",
    'sparrow',
    "What's my nickname?",
  ),
  // Session 4: normal prose.
  changed(
    "daughter's city",
    4,
    'My daughter Cerys lives and teaches in Bristol, and she has asked me to look over a cover letter for a head of year job. What do schools want to see in those letters?',
    'Schools look for evidence of impact — pastoral results, attendance improvements, a time she handled a difficult case well — and a clear sense of why this school. One page, specific examples, and the job description echoed back.',
    'bristol',
    8,
    "Cerys has taken a deputy head job up in Leeds, so she's house hunting there now. What should she look out for in an old terrace?",
    'In older terraces check for damp (especially rising damp in the back wall), the age of the wiring and boiler, the roof and chimney stacks, and whether the loft has been converted with permission. A full building survey is worth it.',
    'leeds',
    "Where's my daughter living these days?",
  ),
  changed(
    'hospital',
    4,
    'The letter has come through: my hip operation will be at the Royal Shrewsbury. How long do people usually stay in hospital afterwards?',
    "Most people go home after one to three days now, as long as they can walk safely with crutches and manage stairs. You'll be up on your feet the same day or the next morning.",
    'shrewsbury',
    8,
    "Good news — they've moved my op to Gobowen, the orthopaedic hospital, and it's weeks sooner.",
    "That's great news — the orthopaedic hospital there does a huge number of joint replacements, and sooner means less time in pain.",
    'gobowen',
    'Which hospital is doing my operation?',
  ),
  fact(
    'first language',
    4,
    "Welsh is my first language, so forgive me if my English comes out a bit back to front — I still think in Welsh when I'm tired. Could you check a paragraph for me before I send it?",
    "Of course — paste it in and I'll tidy the grammar while keeping your voice. Your English so far reads perfectly well.",
    'welsh',
    "What's my mother tongue?",
  ),
  fact(
    'chapel',
    4,
    "We're chapel, not church — Methodist, always have been — and the minister has asked me to do a reading on Sunday. Any tips for reading aloud without rushing?",
    'Read it aloud three or four times beforehand and mark where to breathe. Look up at the end of each sentence, and pause a full second at full stops — it will feel far too long to you but just right to the congregation.',
    'methodist',
    'What denomination am I?',
  ),
  // Session 5: lowercase chat.
  changed(
    'holiday',
    5,
    'me and the husband finally booked a proper holiday!! fjords cruise in september, first real break in twenty years. what do i pack for norway',
    'How exciting! Pack layers: a waterproof jacket, a warm fleece, comfortable walking shoes, and something smart for dinners on board. September can be mild or wet, so a hat and gloves too.',
    'fjords',
    10,
    "Change of plan on the holiday front: the husband read about the crossing over the North Sea and worked himself into a state about seasickness, so we've cancelled the cruise and booked a week in Madeira instead. Can you suggest a few walks there that won't be too hard on a new hip, assuming it's done by then?",
    'The levada walks are ideal: flat paths along old water channels. Levada dos Balcões is short and easy with a lovely viewpoint, and the Levada do Rei is gentle though longer. Avoid the steep ridge walks like Pico Ruivo until the hip is well healed.',
    'madeira',
    'Where are we off to on our big trip?',
  ),
  fact(
    'rugby team',
    5,
    'scarlets threw it away in the last five mins AGAIN. why do i put myself through this every saturday',
    "Because when they win it's the best feeling in the world! Losing late like that is brutal though — it's usually fitness or discipline in the final quarter.",
    'scarlets',
    'Which rugby team do I follow?',
  ),
  changed(
    'wake time',
    5,
    'alarm goes at half five every day, been the same for thirty years. is an afternoon nap bad for you at my age',
    'A short nap of 20–30 minutes early in the afternoon is fine and can help. Longer or later naps can make it harder to sleep at night, which matters with an early alarm.',
    'half five',
    11,
    'lad doing mornings now so i lie in till half seven!! bliss',
    'Enjoy it — after thirty years of early starts, you have earned every minute.',
    'half seven',
    'What time do I get up?',
  ),
  // Session 6: long messages.
  fact(
    'allergy',
    6,
    "One of the shearers cut his hand on a gate yesterday and the surgery gave him antibiotics, which reminded me I must tell the new GP again that I can't have penicillin — came out in hives from head to toe last time — anyway, how do you tell whether a cut is going septic, and when should I stop fussing and send someone to A&E?",
    'Watch for redness spreading out from the cut, red streaks up the arm, increasing pain or swelling after the first two days, pus, or a fever. Fever, feeling very unwell, or fast-spreading redness means same-day medical help or A&E.',
    'penicillin',
    'Am I allergic to any medicines?',
  ),
  fact(
    'neighbour',
    6,
    "Emrys from the next farm borrowed our trailer again and brought it back with a flat tyre and no apology, which is very him. I don't want to fall out — we'll be neighbours for another thirty years — but how do I say something without it turning into a feud? Something I could say over the gate, not a letter.",
    "Keep it light and about the future: 'Happy to lend the trailer any time — just give me a shout if anything goes wrong with it, so I'm not caught out.' It names the problem without blaming him.",
    'emrys',
    'Who farms next door to us?',
  ),
  fact(
    'holiday let',
    6,
    "We're doing up the old granary as a holiday let for the summer, and I need to write the listing. It sleeps four, there's a wood burner, the view goes right down the valley, and the nearest shop is six miles away, which I suppose is either a selling point or a warning depending on who you are. Could you draft something that sounds welcoming but honest?",
    "Try: 'A converted stone barn on a working hill farm, sleeping four, with a wood burner and views down the whole valley. The nearest shop is six miles off — bring supplies and leave the world behind.' Then list the rooms and the walks from the door.",
    'granary',
    'What building am I turning into accommodation for visitors?',
  ),
  changed(
    'choir part',
    6,
    "Choir practice tonight and we're starting the Karl Jenkins — I sing with the altos and our line in the Benedictus sits awkwardly low for me. Any tricks for warming up a low range when you've been out in the cold all day and your voice feels like gravel?",
    'Start with gentle humming and lip trills sliding down from the middle of your range, then sirens on "ng". Drink something warm, not hot, and don\'t push the lowest notes — let them be quieter.',
    'altos',
    12,
    "Our conductor's moved me up to the sopranos for the autumn concert — I'm terrified! How do I get my top notes to stop sounding strained?",
    "Congratulations! Top notes need more breath support and less push: keep the jaw loose, think of the note as 'over' rather than 'up', and practise slides up into them on 'oo' before singing the words.",
    'soprano',
    'What part do I sing in the choir?',
  ),
  // Session 7: terse mobile notes.
  changed(
    'vehicle',
    7,
    'defender failed MOT. 1998. fix or scrap?',
    'Depends on what failed: old Land Rovers are worth good money even tatty, so welding and brakes are usually worth fixing. If the chassis is rotten, selling as a project may beat scrapping.',
    'defender',
    11,
    'got rid of the old landy. toyota hilux now. towbar weight limit?',
    'Most recent double-cab pickups of that kind are rated to tow 3.5 tonnes braked — check the plate on the towbar and your licence entitlement for heavier trailers.',
    'hilux',
    'What do I drive?',
  ),
  fact(
    'birthday',
    7,
    'husband asking what i want for bday. its 9 november, planning early for once. gardening ideas?',
    'Good quality secateurs, a kneeler with handles, a cold frame, or a voucher for a local nursery would all be welcome. A heated propagator is lovely for early seedlings.',
    'november',
    "When's my birthday?",
  ),
  // Session 8: normal prose.
  fact(
    'grandchild',
    8,
    "Our first grandchild arrived on Saturday — a little girl, Lowri — and I'm knitting like mad. Is there a standard size for a cot blanket?",
    'Congratulations! A cot blanket is usually about 90 × 120 cm, and a pram blanket about 70 × 90 cm. Use a soft machine-washable yarn and avoid long fringes or loose stitches.',
    'lowri',
    "What's my granddaughter called?",
  ),
  fact(
    "mother's home",
    8,
    "Mam has settled well at the care home in Llandrindod; she's eighty-six and still sharp as a tack. What could I take her that's good for someone whose eyesight is going?",
    'Large-print crosswords, audiobooks on a simple player, a talking clock, or photos printed large with names written in big letters on the back. A magnifier with a light can help with letters.',
    'llandrindod',
    "Where's my mother living now?",
  ),
  // Session 9: lowercase chat.
  fact(
    'soap',
    9,
    'pobol y cwm was dramatic tonight, ive watched it since i was a girl and never miss it. is it on iplayer with subtitles',
    "Yes — it's on iPlayer and on S4C Clic, usually with optional subtitles. Look for the CC button on the player.",
    'pobol y cwm',
    'Which soap opera am I hooked on?',
  ),
  fact(
    "brother's country",
    9,
    'my brother huw emigrated to new zealand in the nineties, hes got a dairy herd near ashburton. whats the time difference there now, i want to ring him sunday',
    "In June they're 11 hours ahead of the UK. So if you ring at 9 in the morning your time on Sunday, it's 8 in the evening for him.",
    'new zealand',
    'Which country did my brother move to?',
  ),
  // Session 10: long messages.
  fact(
    "son's wedding",
    10,
    "Our lad and Ffion have set the date — the wedding will be at Portmeirion next April, which is lovely, but I've no idea what the mother of the groom is supposed to wear to a place like that. Something that copes with wind off the estuary and a lot of standing about on cobbles, ideally not beige.",
    'A fitted dress in a rich colour — teal, plum or navy — with a tailored coat or wrap for the wind, and block heels or smart flats for the cobbles. A fascinator with a comb holds better than a hat in a breeze.',
    'portmeirion',
    'Where is my son getting married?',
  ),
  fact(
    'favourite author',
    10,
    "I've been working my way through every Ann Cleeves book the library has — finished the Shetland ones, now on Vera — and I'm worried about running out. Who else writes that sort of thing, slow and atmospheric, with a detective who's a bit of a grump and a landscape that matters as much as the murder?",
    "Try Peter May's Lewis trilogy, Elly Griffiths' Ruth Galloway books set on the Norfolk coast, and Val McDermid's Karen Pirie series. All have a strong sense of place.",
    'ann cleeves',
    'Which crime novelist am I hooked on?',
  ),
  fact(
    'education',
    10,
    "The young lad who helps us has asked me about courses again and I want to give him a straight answer — I did my HND at Llysfasi back in the eighties and it set me up, but I've no idea what it's like now or whether things have changed. What's the difference these days between an HND, a foundation degree and a level 3 diploma in agriculture?",
    'A level 3 diploma is the school-leaver course, roughly A-level standard. An HND and a foundation degree are both level 5: the HND is more practical, the foundation degree more academic, and both can top up to a full degree in a year.',
    'llysfasi',
    'Where did I go to college?',
  ),
  // Session 11: terse mobile notes.
  fact(
    'disliked food',
    11,
    'cant stand coriander, tastes like soap. sub in salsa?',
    'Flat-leaf parsley with a little lime zest works well, or fresh mint for a different twist.',
    'coriander',
    'Which herb do I hate?',
  ),
  fact(
    'cat',
    11,
    'smudge the yard cat brought a rat in again. on my pillow. why',
    "Cats bring prey to people they trust — it's a gift, or a lesson! Keeping the bedroom door shut is the only reliable cure.",
    'smudge',
    "What's the farm cat called?",
  ),
  // Session 12: normal prose.
  fact(
    'craft hobby',
    12,
    "On winter evenings I make patchwork quilts, and I'd like to start one for the new baby. Which colours go well together without everything being pink?",
    'Try sage green with cream and soft yellow, or duck-egg blue with grey and a touch of coral. A mix of small prints and plain squares keeps it calm.',
    'quilt',
    "What's my craft hobby?",
  ),
  fact(
    'heirloom',
    12,
    "Gran's oak dresser is the one thing I'd grab in a fire, and I've just spotted little holes in the back. How do I treat woodworm without ruining the finish?",
    'Check for fresh dust under the holes first — old holes may be long dead. If active, brush a woodworm fluid onto the bare, unfinished wood at the back and inside only, and keep the finished surfaces clear.',
    'dresser',
    'Which piece of furniture do I treasure most?',
  ),
  fact(
    'pub quiz',
    12,
    'We came second at the Friday quiz at the Red Lion — robbed on the last round! What is the capital of Kyrgyzstan, for next time?',
    "It's Bishkek. Bad luck on the last round — second is still a good night!",
    'red lion',
    'Which pub do I do the quiz at?',
  ),
  fact(
    'view on rewilding',
    12,
    "I'll be honest, I think rewilding is nonsense dreamed up by people who've never had to make a living off the hill. But my niece is writing an essay on it — can you give me the best arguments in favour so I can at least argue fairly?",
    'The strongest arguments for it: more wildlife and carbon storage, less flooding downstream when uplands hold water, and new income from tourism. The strongest against: lost food production, rural jobs and the culture of hill farming.',
    'rewilding',
    'What do I think about rewilding?',
  ),
];

/** The date of session `i` (one session every ten days from 2025-03-14, at 07:55 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 2, 14 + 10 * i, 7, 55));

/** The sessions: eight filler exchanges each, with the session's statements woven among them. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

/**
 * Personal-facts probe M, a held-out measure written blind by an evaluator who had not seen the extractor, the
 * other probes or their results. The user is a recently retired fisherman in his sixties in rural Nova Scotia,
 * learning to use a tablet: 48 facts about himself stated over 13 sessions (0-12), 15 of them corrected casually
 * in a later session, woven among 8 exchanges per session of his ordinary chat with the assistant
 * (personal-facts-filler-m.ts, -m2.ts). His messages are mixed: short ones with typos and no punctuation, terse
 * mobile ones, voice-dictated run-on sentences, plain letter-like prose, and long stories where the fact is a
 * side remark; facts are often given by instance ("my boy", "the Ford", "down at the Legion") rather than by
 * category. Questions are asked in a new session after the last, in the first person, as he would ask them.
 *
 * Written without reading: anything under src/, docs/personal-facts.md, BENCHMARKS.md, the personal-facts
 * probe files (personal-facts-probe.ts except its type declarations, -probe-b.ts, -probe-c.ts, -probe-d.ts,
 * -probe-d-early.ts, -probe-e.ts to -probe-l.ts), the personal-facts filler files (except the FillerExchange
 * type of personal-facts-filler-c.ts), and any git log message or diff.
 */

import { fillerExchanges } from './personal-facts-filler-m.ts';
import { fact, type ProbeFact, type ProbeTurn } from './personal-facts-probe.ts';
import { weaveSessions } from './personal-facts-weave.ts';

/** The facts, in the order they are first stated. */
export const probeFacts: readonly ProbeFact[] = [
  // Session 0: first days with the tablet; short, lowercase, typos.
  fact(
    'first name',
    0,
    'hello is this working. my grandaughter set this up for me, says i just type and you answer. ok well its wendell here',
    "Hello Wendell! Yes, it's working. Type whatever you like and I'll answer. What can I help you with?",
    'wendell',
    "What's my first name?",
  ),
  fact(
    'tablet',
    0,
    'how do i make the letters bigger on this samsung the kids got me for christmas i cant see a thing without my readers',
    'On a Samsung tablet open Settings, then Display, then Font size and style, and drag the slider to the right. Under Accessibility you can also turn on magnification.',
    'ipad',
    'Which device am I using these days?',
    {
      session: 7,
      text: "Update on the tablet: I took the Samsung back to the store and got an iPad instead. The whole family is on FaceTime and my granddaughter says it's easier to help me if we all have the same thing.",
      reply:
        'That makes sense. On the iPad, the text size is under Settings, Display & Brightness, Text Size, and FaceTime is already installed.',
      old: 'samsung',
    },
  ),
  fact(
    'hometown',
    0,
    'can you show the weather for cheticamp. grew up there, still like to know whats going on up home',
    "Sure. Add Chéticamp in your weather app with the + button and it will show alongside your local forecast. It's windy up there this week.",
    'cheticamp',
    'Where was I raised?',
  ),
  fact(
    'brother occupation',
    0,
    'my brothers a priest up in antigonish and he says theres a way to send him a txt from this thing. is there',
    "There is. Open the Messages app, tap the pencil or + to start a new message, type your brother's number, then your message, and tap send.",
    'priest',
    'What does my brother do for a living?',
  ),

  fact(
    'hockey team',
    0,
    'bruins game tonite what channel is it on. been cheering for them since orr',
    'Check Sportsnet or TSN in your area, or the NHL app. Those Orr years were something!',
    'bruins',
    'Which hockey team do I follow?',
  ),

  // Session 1: plain, letter-like prose.
  fact(
    'late wife',
    1,
    'Colleen always took care of the banking before she passed, three years ago this May. Could you explain in plain terms what an e-transfer is and whether it is safe to use?',
    "I'm sorry for your loss. An Interac e-Transfer sends money from your bank account to someone by email or phone number; it is safe if you only send to people you know and use a good security answer.",
    'colleen',
    'What was my late wife called?',
  ),
  fact(
    'home',
    1,
    'The signal out here in Port Mouton is poor most days. Is it better to leave the Wi-Fi on all the time, or does that run the battery down?',
    'Leave the Wi-Fi on at home: it uses less battery than searching for a weak cell signal. Turn Bluetooth off if you are not using it.',
    'port mouton',
    'Remind me where I live?',
  ),
  fact(
    'wake-up time',
    1,
    "I'm awake at 4:30 every morning whether I like it or not. Forty years of hauling traps will do that to a man. Is there anything worth listening to on this at that hour?",
    'Early risers do well with podcasts and audiobooks. The CBC Listen app has radio and podcasts, and your library card gets you free audiobooks through Libby.',
    '4:30',
    'What time do I usually get out of bed?',
  ),
  fact(
    'boat',
    1,
    "I still have the Dorothy Ann tied up at the wharf, though I haven't had her out since I quit hauling. Does a boat that is just sitting need to be hauled out for the winter, or is she fine in the water?",
    'A wooden or fibreglass boat left in over winter risks ice damage and a neglected bilge pump. Most people haul out and block her up unless the harbour stays open and someone checks on her.',
    'skiff',
    'What boat have I got now?',
    {
      session: 6,
      text: 'oh I should tell you I sold her the Dorothy Ann went to a young fella from Port Joli just starting out and I bought myself a little fourteen foot aluminum skiff with a nine point nine on the back for puttering around the cove',
      reply:
        'Good for you. A small aluminum boat with a 9.9 is easy to handle and cheap to run. Remember a life jacket and a bailer even for short runs.',
      old: 'dorothy ann',
    },
  ),
  fact(
    'last employer',
    1,
    "After I came ashore I spent eight years at the fishermen's co-op in Shag Harbour, on the buying and weighing side. A young fellow there asked me what a spreadsheet is good for. Can you explain it simply so I can pass it on?",
    'A spreadsheet is a grid of boxes where you type numbers and labels; it can add columns up for you, so a day of landings by boat and by price totals itself.',
    'co-op',
    'Where did I work after fishing?',
  ),

  // Session 2: dictated by voice, run-on.
  fact(
    'fire department rank',
    2,
    "ok so I need to write a little piece for the fire department newsletter I'm a captain with our volunteer department been on it thirty one years and they want something on chimney fires for the fall can you help me get it started",
    "Happy to. Start with a short local story, then three points: have the chimney swept every year, burn dry hardwood, and know the signs (a roar, a hot smell, sparks). I can draft it if you'd like.",
    'deputy chief',
    "What's my rank with the firefighters?",
    {
      session: 9,
      text: "Well, that changed. At the meeting Tuesday the boys voted me in as deputy chief, so on top of the calls I've got the paperwork now. What's a simple way to keep track of training hours for twenty-odd volunteers on this tablet?",
      reply:
        'Congratulations! A shared spreadsheet with one row per volunteer and one column per training session works well; Google Sheets is free and the chief can see it too.',
      old: 'captain',
    },
  ),
  fact(
    'son',
    2,
    'my boy Kevin wants me on the video calling so he can see the dog how do I do that on here is it hard',
    'Not hard at all. If Kevin sends you a link or calls you on FaceTime or WhatsApp, you just tap the green button to answer. Want me to walk you through setting one up?',
    'kevin',
    "What's my son's name?",
  ),
  fact(
    'diabetes',
    2,
    "what should I be eating for supper the doctor says my sugars are up again with the type 2 and I'm sick to death of plain chicken breast give me some ideas",
    'Try baked haddock with roasted vegetables, a bean and vegetable chili, pork tenderloin with cabbage, or an omelette with greens. Keep potatoes and bread to a small portion.',
    'type 2',
    'What kind of diabetes have I got?',
  ),
  fact(
    "mother's care home",
    2,
    "my mother is ninety one and she's in the nursing home up in Inverness and I want to send her some pictures of the grandkids is there a way she can see them on the TV up there",
    'Ask the staff whether her TV has a Chromecast or smart TV app. If not, a digital photo frame that you load from your tablet by email is the easiest for her.',
    'queens manor',
    'Where is my mother staying now?',
    {
      session: 8,
      text: 'got mum moved to queens manor. 10 min from me now. can i set up a video call w the nurses station?',
      reply:
        'Good news. Call the manor and ask if they have a tablet for residents; many do FaceTime or Zoom visits if you book a time.',
      old: 'inverness',
    },
  ),
  fact(
    'work now',
    2,
    "I'm retired now since January so I got nothing but time can you tell me how to get library books on this thing the lady at the library said there's an app",
    'That will be Libby. Install it, pick your library, and enter your library card number; then you can borrow e-books and audiobooks for free.',
    'school bus',
    'What am I doing for work these days?',
    {
      session: 9,
      text: "Not retired anymore, sort of. The school board was stuck for drivers so I'm doing the school bus run mornings and afternoons. Any tips for keeping a busload of kids settled?",
      reply:
        'Set a few simple rules on day one, learn their names, use a seating plan, and praise the quiet ones. Most drivers find a calm, steady voice works better than shouting.',
      old: 'retired',
    },
  ),

  // Session 3: terse, from the phone.
  fact(
    'dog',
    3,
    'sadie got into a box of timbits. 9 yrs, 70 lbs. vet or wait?',
    "A few Timbits won't usually harm a big dog, but watch for vomiting or a bloated belly. If they had chocolate glaze or she seems off, call the vet.",
    'sadie',
    "What's my dog called?",
  ),
  fact(
    'truck',
    3,
    'f-150 clunking on left turns. 2011. what is it likely',
    'A clunk on turns in an older F-150 is often a worn ball joint, sway bar link or CV joint. Have it looked at soon, since a failing ball joint is a safety issue.',
    'silverado',
    'What am I driving these days?',
    {
      session: 10,
      text: 'traded the ford finally. got a 2019 silverado off a fella in bridgewater. how do i pair my phone to it',
      reply:
        'On the Silverado touchscreen go to Phone, then Add device, and on your phone turn on Bluetooth and pick the truck from the list.',
      old: 'f-150',
    },
  ),
  fact(
    'tea',
    3,
    'kettle full of white crust. red rose 6 cups a day. how to clean',
    'Boil half water and half white vinegar in it, let it sit an hour, then rinse and boil clean water once. Do it every month or so.',
    'red rose',
    'What tea do I drink?',
  ),
  fact(
    'drug allergy',
    3,
    'pharmacy form wants reactions to meds. penicillin, swelled up like a balloon. where does that go',
    'That goes under allergies. Write penicillin and describe the reaction, swelling, so the pharmacist can flag it.',
    'penicillin',
    'Do I have any drug allergies?',
  ),
  fact(
    'doctor',
    3,
    'dr patel wants bloodwork fasting. can i have coffee b4',
    'Black coffee is usually fine before a fasting test, but no milk or sugar. Water is always okay. Check the requisition in case it says otherwise.',
    'shauna',
    "Who's looking after my health these days?",
    {
      session: 12,
      text: "dr patel packed it in, moved to ontario. i'm with shauna now, nurse practitioner at the clinic. can she do my prescriptions?",
      reply:
        'Yes, nurse practitioners in Nova Scotia can prescribe and renew most medications and order tests.',
      old: 'patel',
    },
  ),

  // Session 4: long stories, the fact a side remark.
  fact(
    'sternman',
    4,
    "So I was telling a story at the Legion the other night about the time we got caught in a squall off Little Hope, me and Randy (he was my sternman for twenty-two years) and half the young fellas didn't believe the seas were that big. Is there any way to look up old weather records for the South Shore from back in '98? I'd like to show them.",
    "Environment Canada's historical climate data site has daily records by station; try Liverpool or Western Head for 1998. Marine buoy data also goes back that far.",
    'randy',
    'Who used to fish alongside me on the boat?',
  ),
  fact(
    'model ship',
    4,
    "Been at my Bluenose all winter out in the shop, she's coming along but the rigging is the devil for a man with fingers like mine. What kind of glue holds thread to wood without going white, and is there a trick to keeping the lines tight so they don't sag over time?",
    'Use diluted PVA (white glue thinned with water) or a matte medium, which dries clear. Pre-stretch the thread and run it through beeswax before rigging; that stops sagging.',
    'cutty sark',
    'What model ship am I building?',
    {
      session: 11,
      text: 'so I finally finished the Bluenose she is up on the mantel now and I already started the next one a Cutty Sark kit my buddy found online the instructions are terrible though can you explain what ratlines are',
      reply:
        'Well done! Ratlines are the small horizontal lines tied across the shrouds that sailors used as ladder rungs to climb the rigging.',
      old: 'bluenose',
    },
  ),
  fact(
    'friday nights',
    4,
    "Friday nights I'm down at the Legion for darts, and it's a good crowd mostly, but there's one fella who keeps the score and I swear he can't add. Is there an app for keeping score in 501 that a fella could put on the tablet? Nothing complicated.",
    'Try a free app like "Darts Scoreboard": you tap in each throw and it subtracts from 501 and suggests checkouts.',
    'darts',
    'What do I play at the Legion on Fridays?',
  ),
  fact(
    'former manager',
    4,
    "Darlene, my old boss, sent me an email with a photo attached and I can't for the life of me get it to open. It just says download and then nothing. She was always better with computers than me. What am I doing wrong?",
    'Tap the attachment, wait for it to finish downloading, then tap it again; it should open. If not, hold your finger on it and choose Save Image, then look in your Photos.',
    'darlene',
    'What was my former manager called?',
  ),

  fact(
    'birthday',
    4,
    "The kids have got it in their heads to throw me a party at the Legion since I'll be 64 on June 9th, and I told them not to fuss but you know how that goes. What I want to know is what kind of cake a fella with the sugar can actually eat without the whole hall watching him like a hawk?",
    'An angel food cake with fresh berries, or a carrot cake made with less sugar and cream cheese icing in moderation. Happy early birthday!',
    'june 9',
    "When's my birthday?",
  ),

  // Session 5: lowercase chat.
  fact(
    'partner',
    5,
    'ok bit of an awkward one. ive been seeing a lady since the fall, marlene, we met at the fish fry. is it wrong to have her over for supper at the house where me and the wife lived all those years',
    "It's not wrong. Grief and new company can live side by side. Maybe tell her it's a home with a lot of memories, and go at whatever pace feels right to you both.",
    'marlene',
    'Who am I dating?',
  ),
  fact(
    'daughter',
    5,
    'tanya my youngest wants me up for the long weekend. whats the easiest way to book the maritime bus on here',
    'Maritime Bus has a booking page: pick your departure and destination, the date, and pay by card. You can show the ticket on your tablet or phone.',
    'tanya',
    "What's my daughter called?",
  ),
  fact(
    'oldest grandchild',
    5,
    'brayden made the AAA team!! oldest grandson, 15. how do i watch his games online',
    'Congratulations to him! Many AAA leagues stream games on HockeyTV or the league website. Ask the team manager which one they use.',
    'brayden',
    "What's my oldest grandchild's name?",
  ),
  fact(
    'dog breed',
    5,
    'how much should a chocolate lab be eating, mine has gotten chunky since i dont walk her as far with the knee',
    'A 70 lb Labrador usually needs about 3 to 3.5 cups a day of a standard kibble, less if she is less active. Cut treats and measure meals.',
    'chocolate lab',
    'What breed is my dog?',
  ),

  // Session 6: dictated by voice.
  fact(
    'hearing aids',
    6,
    "how do I get the sound from the tablet straight into my hearing aids the lady who fitted them said they got the bluetooth in them but I can't find where to turn it on",
    'Go to Settings, then Accessibility, then Hearing Devices, and follow the steps to pair them. Open and close the battery doors on the aids to put them in pairing mode.',
    'hearing aid',
    'Do I wear anything to help me hear?',
  ),
  fact(
    'knee surgery',
    6,
    'they finally called and I got the knee replacement booked for October down at the Valley Regional what should I be doing beforehand to get the leg ready',
    'Prehab helps: straight-leg raises, quad sets, gentle cycling, and losing a little weight if you can. Set up the house too: a raised toilet seat, no loose rugs.',
    'august',
    'When am I getting my knee done?',
    {
      session: 9,
      text: "I've been getting the house ready because they moved my surgery up to August (somebody cancelled) and the physio says I need rails in the bathroom. What height should grab bars go, and do I screw them into the studs or is there some kind of anchor for drywall?",
      reply:
        'Grab bars usually go 33 to 36 inches from the floor. Screw them into studs wherever you can; if not, use anchors rated for grab bars, such as WingIts.',
      old: 'october',
    },
  ),
  fact(
    "son's home",
    6,
    'my boy out in Fort McMurray says it was forty below at work this winter how do they even run the equipment in that',
    'They use block heaters, heated shelters, synthetic oils and often just never shut the big machines off. Crews rotate so nobody is out too long.',
    'grande prairie',
    'Where does my son live?',
    {
      session: 11,
      text: 'the boy got on with a new outfit in Grande Prairie so him and the family moved over there how far is that from Edmonton anyway',
      reply: 'Grande Prairie is about 450 km northwest of Edmonton, roughly a five-hour drive.',
      old: 'fort mcmurray',
    },
  ),
  fact(
    "daughter's home",
    6,
    "my daughter's place in Halifax is in the north end and she says parking is a nightmare when I visit is there an app to pay for the meters",
    'Yes, the city uses the HotSpot parking app: you pick the zone on the sign and pay from your phone, and it reminds you before time runs out.',
    'dartmouth',
    'What city is my daughter in?',
    {
      session: 10,
      text: 'my daughter and them sold the halifax place and moved across the harbour to dartmouth, bigger yard for the kids. how do i change her address in my contacts',
      reply: 'Open Contacts, tap her name, tap Edit, change the address and tap Done.',
      old: 'halifax',
    },
  ),

  // Session 7: plain prose.
  fact(
    'schooling',
    7,
    "I left school after grade 10 to go on the boat with my father, so all this computer business is new to me. What's the difference between an app and a website?",
    'A website you visit in a browser like Safari or Chrome; an app is a program you install that lives as an icon on your screen. Many companies have both.',
    'grade 10',
    'How far did I get in my education?',
  ),
  fact(
    'language',
    7,
    'At home we spoke French, the Acadian kind, and I still have it. When I text my cousins the tablet keeps changing my words to English. How do I stop that?',
    'Add a French keyboard in Settings, General, Keyboard, Keyboards, and switch with the globe key. Or turn off Auto-Correction there.',
    'french',
    'What other language do I know?',
  ),
  fact(
    'religion',
    7,
    "I was raised Catholic, though I haven't been to Mass much since the funeral. My mother would like to watch a Sunday Mass online. Is that something you can find for her?",
    'Many parishes and the Diocese of Antigonish stream Sunday Mass on YouTube or Facebook. Salt + Light TV also streams daily Mass.',
    'catholic',
    'What religion was I brought up in?',
  ),
  fact(
    'music',
    7,
    "Stan Rogers is about the only thing I'll play in the truck. Could you find me the chords to Barrett's Privateers? I've got an old guitar here.",
    "It's mostly sung unaccompanied, but people play it in D with D, G and A. I can write out the verse with chords over the words if you like.",
    'stan rogers',
    "Who's my favourite singer?",
  ),

  // Session 8: terse.
  fact(
    'diabetes medication',
    8,
    'metformin 2x a day w meals. ok w tylenol for the knee?',
    'Tylenol (acetaminophen) is generally fine with metformin at normal doses. Keep under the daily maximum and check with your pharmacist.',
    'jardiance',
    'What pill am I on for my sugar?',
    {
      session: 12,
      text: 'got switched off the metformin. jardiance now, one in the morning. any side effects to watch',
      reply:
        'Jardiance can cause more urination, thirst, and yeast or urinary infections. Drink water, and call if you feel dizzy or unwell.',
      old: 'metformin',
    },
  ),
  fact(
    'curling night',
    8,
    'curling starts back in the fall, thursday nights. best knee brace for sliding?',
    'A hinged or wrap-around brace with good lateral support works for the slide; some curlers use a stabilizer or a knee pad on the sliding knee.',
    'wednesday',
    'Which night is my curling?',
    {
      session: 11,
      text: 'oh and the league moved us to Wednesday nights now because the juniors got our old night so I got to tell the fellas on my team can I send one message to all of them at once',
      reply: 'Yes, make a group chat: start a new message and add each of them as a recipient.',
      old: 'thursday',
    },
  ),
  fact(
    'chainsaw',
    8,
    'husqvarna wont start. 20 yrs old. flooded?',
    'Probably. Set the choke off, hold the throttle wide open and pull until it fires, or pull the plug, dry it, and try again. Old fuel is another usual suspect.',
    'husqvarna',
    'What make is my chainsaw?',
  ),
  fact(
    'trip',
    8,
    'ferry to newfoundland in sept. north sydney to port aux basques how long is crossing',
    'About 6 to 7 hours for the day crossing; book a cabin for the night one.',
    'magdalen',
    'Where am I going on my trip?',
    {
      session: 12,
      text: 'change of plans, not newfoundland. doing the magdalen islands, ferry out of souris. how long is that one',
      reply: 'The Souris to Cap-aux-Meules crossing is about five hours.',
      old: 'newfoundland',
    },
  ),

  // Session 9: long rambling messages.
  fact(
    'woodstove',
    9,
    'We had a call last week for a chimney fire at one of the summer places, nobody hurt thank God, and it got me thinking about my own. I burn a good five cord a winter in the old Enterprise cookstove in the kitchen. How often should that chimney be swept, and is there any sign I would catch early?',
    'With that much wood, sweep at least once a year, and check it mid-winter. Creosote flaking on the stove pipe, a smell, or poor draft are early warnings.',
    'enterprise',
    'What kind of woodstove have I got?',
  ),
  fact(
    'grandchildren',
    9,
    "With six grandkids between the two of them I've got birthdays coming out my ears, and I'm forever missing one. Can you walk me through setting up reminders on this calendar so it pings me a week ahead? The oldest one showed me once but I forgot.",
    'Open Calendar, tap +, enter the name and date, set it to repeat every year, and under Alert choose one week before.',
    'seven',
    'How many grandchildren do I have?',
    {
      session: 12,
      text: 'number seven arrived tuesday! a little girl. how do i put the new baby in the calendar thing',
      reply:
        'Congratulations! Add her like the others: new event, her date, repeat yearly, alert a week before.',
      old: 'six',
    },
  ),
  fact(
    "brother's name",
    9,
    "Ambrose, my brother, is coming down for a week in the summer and he's fussy, always was. What's a good fish dish for company that doesn't taste too fishy? I want to show off a bit.",
    'Try haddock baked with a buttery cracker crumb topping, or scallops seared in butter. Both are mild and always a hit.',
    'ambrose',
    "What's my brother's name?",
  ),

  // Session 10: lowercase, typos.
  fact(
    'plan to propose',
    10,
    'ok dont laugh. thinking i might propose at christmas. is that too soon after losing the wife, its been 3 yrs. what would people say',
    "There's no rule on time. If you're both happy, the people who care about you will likely be glad for you. Maybe talk it over with your kids first.",
    'propose',
    'What am I thinking of doing at Christmas?',
  ),
  fact(
    'sweetener',
    10,
    'switched to splenda in everythin for the sugar. can u bake with it? want to make a blueberry grunt',
    'Yes, Splenda bakes well for a grunt; use the baking blend or about the same volume as sugar. The dumplings may brown a little less.',
    'splenda',
    'What sweetener do I use?',
  ),
  fact(
    'favourite dish',
    10,
    'nothin beats a good rappie pie, mum made the best. is there a way to make it less starchy for a diabetc',
    'You could cut the potato with grated turnip or cauliflower and keep the portion small with a side of vegetables.',
    'rappie pie',
    "What's my favourite dish?",
  ),

  // Session 11: dictated by voice.
  fact(
    'politics',
    11,
    "I've voted Liberal every election since Trudeau senior and I'm not about to change but my grandson is asking me how voting works for his school project can you explain it simple",
    'In a federal election each riding elects one MP; whoever gets the most votes wins the seat, and the party with the most seats usually forms the government.',
    'liberal',
    'Which party do I support?',
  ),
];

/** The date of session `i` (one session every ten days from 2025-04-07, at 14:20 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2025, 3, 7 + 10 * i, 14, 20));

/** The sessions: each holds 8 filler exchanges with its statements spread among them. */
export function probeSessions(): ProbeTurn[][] {
  return weaveSessions(probeFacts, fillerExchanges, 8);
}

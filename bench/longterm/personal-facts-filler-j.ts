/**
 * Filler chatter for probe J (`personal-facts-probe-j.ts`), first half, written blind by an evaluator: ordinary
 * exchanges with a chat assistant — phones and computers, a little code, cooking, travel — that state nothing
 * about the user, plus details about OTHER people (a neighbour's diet, a friend's pet, a cousin's city) as
 * distractors. The second half is in `personal-facts-filler-j2.ts`; `fillerExchanges` joins both.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';
import { moreFillerExchanges } from './personal-facts-filler-j2.ts';

/** Phones, computers and a little code. */
const tech: readonly FillerExchange[] = [
  [
    'how do i make the writing bigger on an iphone, its very small',
    'Settings → Display & Brightness → Text Size, and drag the slider right. For even bigger, go to Accessibility → Display & Text Size → Larger Text.',
  ],
  [
    'What does it mean when WhatsApp shows two blue ticks?',
    'Two grey ticks mean the message was delivered; two blue ticks mean it has been read.',
  ],
  [
    'how do you do a video call on whatsapp with more than one person',
    'Open a group chat and tap the camera icon at the top, or start a call with one person and tap "Add participant".',
  ],
  [
    'I got a text saying my parcel is held and to pay €1.99 on a link. Is that real?',
    "Almost certainly a scam. Couriers don't ask for small fees by text link. Delete it and don't click anything.",
  ],
  [
    'whats the difference between gmail and outlook',
    'Both are email services. Gmail is run by Google, Outlook by Microsoft. They do the same job; it mostly comes down to which layout you prefer.',
  ],
  [
    'In Excel how do I add up a column of numbers?',
    'Click the cell under the column and type `=SUM(B2:B20)` with your own range, or press Alt + = to do it automatically.',
  ],
  [
    'excel keeps turning my numbers into dates, 3-4 becomes 03-Apr',
    "Format the cells as Text before typing (right-click → Format Cells → Text), or type an apostrophe first: '3-4.",
  ],
  [
    'How do I attach a photo to an email on the laptop?',
    'Look for the paperclip icon in the new message window, click it and choose the photo from your files.',
  ],
  [
    'my laptop is very slow lately, anything i can do',
    'Restart it (properly, not just closing the lid), uninstall programs you never use, check for updates, and see if the disk is nearly full.',
  ],
  [
    'Can you explain what "the cloud" actually is, in plain English?',
    'It just means your files are kept on big computers run by a company like Google or Apple, over the internet, instead of only on your own device.',
  ],
  [
    'how do i stop my phone ringing at night but still let family through',
    'Use Do Not Disturb (or a Sleep Focus on iPhone) and set your Favourites or chosen contacts as allowed callers.',
  ],
  ['write me a python line that prints the numbers 1 to 10', '`for n in range(1, 11): print(n)`'],
  [
    'What is a QR code and how do I scan one?',
    "It's a square barcode that holds a web link. Open your phone's camera, point it at the code, and tap the link that pops up.",
  ],
  [
    'whats a good password that i will actually remember',
    'Use three or four random words joined together, like "kettle-harbour-violet-spoon". Long beats complicated.',
  ],
  [
    'Is it safe to use the free wifi in a hotel for online banking?',
    "It's better to use your phone's mobile data for banking. Banking apps are encrypted, but on public wifi it's safer to avoid sensitive logins.",
  ],
  ['how do you screenshot on a samsung', 'Press the power and volume-down buttons together, quickly.'],
];

/** Cooking and baking. */
const cooking: readonly FillerExchange[] = [
  [
    'brown bread recipe please, the proper irish kind',
    'Mix 400g wholemeal, 100g plain flour, 1 tsp bread soda, 1 tsp salt; add 450ml buttermilk and a spoon of treacle. Bake at 200°C for about 45 minutes in a loaf tin.',
  ],
  [
    "My neighbour Maureen is coeliac and she's coming for dinner. What's safe to make?",
    'Roast meat with potatoes and vegetables is naturally gluten-free; just thicken the gravy with cornflour, not flour, and check stock cubes for gluten.',
  ],
  [
    'how long do you roast a leg of lamb',
    'About 20 minutes per 500g at 180°C, plus 20 minutes, for medium. Rest it 15 minutes before carving.',
  ],
  [
    'Can you freeze a shepherds pie?',
    'Yes — freeze it before or after baking. Defrost overnight in the fridge and reheat until piping hot in the middle.',
  ],
  [
    'my scones are coming out flat every time',
    "Don't overwork the dough, make sure the bread soda or baking powder is fresh, cut straight down without twisting, and get them in a hot oven quickly.",
  ],
  [
    'What can I make with leftover ham from Christmas?',
    'Ham and pea soup, a quiche, ham and leek pie, or a creamy pasta bake.',
  ],
  [
    'whats a good low sugar dessert for a friend whos watching her weight',
    'Baked apples with cinnamon, Greek yogurt with berries, or a poached pear. Meringues with fruit are lighter than cake too.',
  ],
  [
    'How do I make a simple beef stew in the slow cooker?',
    'Brown diced beef, add onions, carrots, celery, a tin of tomatoes, stock and thyme. Cook on low for 8 hours and thicken with a little cornflour at the end.',
  ],
  [
    'rhubarb tart, do you cook the rhubarb first',
    'No need — chop it raw, toss with sugar and a spoon of cornflour, and it cooks in the pastry.',
  ],
  [
    'My cousin in Galway swears by putting a slice of apple in the tin to keep cake fresh. Does that work?',
    "It does, a bit — the apple adds moisture. Change the slice every couple of days so it doesn't go mouldy.",
  ],
  [
    'is it ok to eat eggs past the best before date',
    "Usually for a few days, if they've been kept cool. Do the float test: if an egg floats in water, throw it out.",
  ],
  [
    'What sauce goes with salmon?',
    'A lemon and dill butter sauce, a hollandaise, or a simple yogurt, cucumber and dill sauce.',
  ],
  [
    'how do you stop pastry shrinking in the tin',
    "Rest it in the fridge for 30 minutes before baking, and don't stretch it when lining the tin. Blind bake with baking beans.",
  ],
  [
    "My friend's husband is vegetarian. Give me a main course that isn't just pasta.",
    "A mushroom and chestnut Wellington, a lentil shepherd's pie, or a stuffed butternut squash with feta and walnuts.",
  ],
];

/** Travel and days out. */
const travel: readonly FillerExchange[] = [
  [
    'whats the best time of year to see the northern lights',
    'From late September to March, on dark clear nights. Iceland, northern Norway and Finnish Lapland are the surest bets.',
  ],
  [
    'Do I need a visa to visit the United States from Ireland?',
    'Irish citizens usually travel under the Visa Waiver Program with an ESTA, applied for online before travel. Shannon and Dublin have US preclearance.',
  ],
  [
    'what should i pack for a week in scotland in may',
    'Layers, a waterproof jacket, good walking shoes, and midge repellent if you are heading to the Highlands.',
  ],
  [
    'How early should I be at Dublin airport for a long-haul flight?',
    'About three hours before departure, especially in summer.',
  ],
  [
    'is the wild atlantic way worth doing by car',
    "Very much so, but it's 2,500 km — pick one stretch, like Connemara or the Dingle Peninsula, rather than trying to do it all.",
  ],
  [
    'My friend Eileen wants to go on a river cruise. Which river is nicest?',
    'The Danube is the classic (Vienna, Budapest); the Douro in Portugal is quieter and very scenic; the Rhine has castles and vineyards.',
  ],
  [
    'what are the rules about liquids in hand luggage now',
    "It varies by airport: some with new scanners allow bigger bottles, but most still want containers of 100ml or less in one clear bag. Check your departure airport's website.",
  ],
  [
    'Is the train from Cork to Dublin better than the bus?',
    'The train is quicker (about two and a half hours) and comfier; the bus is cheaper. Book the train online early for the best fares.',
  ],
  [
    'good day trips from dublin by train',
    'Howth for the cliff walk, Malahide for the castle, Bray to Greystones along the cliff path, or Kilkenny for a longer day.',
  ],
  [
    'What is travel insurance actually for, is it worth it?',
    'It covers medical bills abroad, cancellations, lost bags and delays. For trips outside Europe especially, the medical cover alone is worth it.',
  ],
  [
    'how do i get from london heathrow to kings cross',
    'Take the Piccadilly line straight through, about an hour, or the Elizabeth line to Farringdon and change.',
  ],
  [
    'My brother-in-law is driving in France for the first time. What does he need to know?',
    'Drive on the right, carry a hi-vis vest and warning triangle, watch for priority-to-the-right junctions, and expect tolls on the autoroutes.',
  ],
  [
    'whats there to do in edinburgh for three days',
    "The castle, the Royal Mile, Arthur's Seat, the National Museum (free), Dean Village, and a day trip to the Forth bridges or St Andrews.",
  ],
  [
    'Is Lisbon hilly? I heard it is hard on the legs.',
    'Very hilly, with steep cobbles. Use the trams and funiculars, and wear shoes with good grip.',
  ],
];

/** Every filler exchange of probe J, in order. */
export const fillerExchanges: readonly FillerExchange[] = [
  ...tech,
  ...cooking,
  ...travel,
  ...moreFillerExchanges,
];

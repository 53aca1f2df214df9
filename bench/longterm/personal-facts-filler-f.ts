/**
 * Filler chatter for probe F (`personal-facts-probe-f.ts`), written blind: exchanges of a user with a chat
 * assistant that state nothing lasting about the user — spreadsheet and coding help, recipes, travel, sums,
 * writing, shopping, general questions — and exchanges about OTHER people (a friend's job, a niece's city, a
 * neighbour's diet, a cousin's boss, a friend's dog) that a memory must not take as the user's own. No exchange
 * holds any value the probe asks about. The second half of the list is in `personal-facts-filler-f2.ts`.
 */

import { type FillerExchange, interleave } from './personal-facts-filler-c.ts';
import { generalTopics, health, otherPeople, shopping, writing } from './personal-facts-filler-f2.ts';

/** Spreadsheets, small programs, computers. */
const computing: readonly FillerExchange[] = [
  [
    'How do I add up a column in Excel but only the rows where column B says "feed"?',
    'Use SUMIF: =SUMIF(B:B, "feed", C:C) adds the values in column C wherever column B is exactly "feed". For several conditions, SUMIFS takes pairs of ranges and criteria.',
  ],
  [
    'whats the difference between a csv file and an xlsx',
    'A CSV is plain text: one row per line, values separated by commas, no formatting, formulas or multiple sheets. An XLSX is an Excel workbook that keeps formulas, formatting, charts and several sheets. CSV is best for moving data between programs.',
  ],
  [
    'In Google Sheets, how do I make a cell turn red when a date has passed?',
    'Select the cells, then Format > Conditional formatting. Choose "Custom formula is" and enter =A1<TODAY() (adjust A1 to the first cell), then pick a red fill. It updates every day by itself.',
  ],
  [
    'My grandson wrote a Python script and it says "IndentationError: unexpected indent". What does that mean?',
    'Python uses indentation to group lines, so a line indented more than the code around it (without a reason like an if or a loop above it) is an error. Often it is a mix of tabs and spaces — have him set the editor to use four spaces and re-indent the file.',
  ],
  [
    'what does VLOOKUP actually do, in plain english',
    'It looks for a value in the first column of a table and gives back something from the same row in another column. =VLOOKUP("Smith", A:D, 3, FALSE) finds "Smith" in column A and returns what is in the third column of that row. FALSE means an exact match.',
  ],
  [
    'How can I stop Windows updating itself in the middle of the day?',
    'Go to Settings > Windows Update > Advanced options > Active hours, and set the hours you usually use the computer. Windows will not restart for updates during those hours. You can also pause updates for a few weeks.',
  ],
  [
    'Is it safe to click "unsubscribe" in spam emails?',
    'For genuine companies you signed up with, yes. For real spam it can confirm your address is live, so it is better to mark it as spam or junk and let the filter learn.',
  ],
  [
    "Can you write me a formula that works out someone's age from their date of birth in cell A2?",
    '=DATEDIF(A2, TODAY(), "Y") gives the age in whole years. In Google Sheets the same formula works, or you can use =INT(YEARFRAC(A2, TODAY())).',
  ],
  [
    'why does my laptop get so slow after a few hours',
    'Common causes: too many browser tabs eating memory, programs starting with Windows, a nearly full disk, or overheating because the vents are blocked. Restart it, check Task Manager for what is using memory, and keep it on a hard surface.',
  ],
  [
    'How do I make a simple web page that just says hello and shows a photo?',
    'Save this as index.html next to the photo: <html><body><h1>Hello</h1><img src="photo.jpg" width="400"></body></html>. Open it in a browser. To put it online, a free service like GitHub Pages or Netlify will host it.',
  ],
  [
    'what is a good password manager for someone not very techy',
    'Bitwarden (free) and 1Password (paid) are both easy to use and well regarded. Browsers also have built-in ones: if everyone in the house uses Chrome or Safari, the built-in manager is simplest.',
  ],
  [
    'In Python, how do I read a CSV file and print the second column?',
    'import csv\nwith open("data.csv") as f:\n    for row in csv.reader(f):\n        print(row[1])\nrow[1] is the second column because counting starts at 0.',
  ],
  [
    'My printer says offline but it is switched on. Any ideas?',
    'Turn the printer and router off and on again, then check the printer is on the same Wi-Fi network. In Windows, open Printers & scanners, choose the printer and untick "Use printer offline" if it is ticked. Reinstalling the printer often fixes it.',
  ],
  [
    'What does it mean when a website says "your connection is not private"?',
    "The site's security certificate could not be checked — it may have expired, or the clock on your computer may be wrong. On a well-known site that is odd, so do not enter passwords; check the date and time on your computer first.",
  ],
  [
    'how do i back up all the photos on the laptop',
    'Copy the Pictures folder to an external hard drive, and also use a cloud service (OneDrive, Google Photos, iCloud) so there is a copy away from the house. Two copies in two places is the rule.',
  ],
  [
    'Can a spreadsheet send me a reminder email?',
    'Google Sheets can, using Apps Script: a small script checks the dates and sends an email with MailApp.sendEmail, run daily by a time trigger. Excel alone cannot, but Outlook reminders or Power Automate can.',
  ],
];

/** Recipes and kitchen questions. */
const cooking: readonly FillerExchange[] = [
  [
    'How long do I roast a leg of lamb that weighs 2 kilos?',
    'At 190°C (170°C fan), about 20 minutes per 500 g plus 20 minutes for medium: roughly 1 hour 40 minutes. Rest it for 20 minutes under foil before carving.',
  ],
  [
    'whats the secret to griddle scones that dont go dry',
    'Rub the butter in well, add a little milk so the dough is soft, and cook on a medium griddle — too hot and they brown before the middle is done. Two or three minutes a side is plenty.',
  ],
  [
    "Can I freeze a cooked shepherd's pie?",
    'Yes — cool it quickly, cover tightly and freeze for up to three months. Defrost overnight in the fridge and reheat at 180°C until piping hot all the way through, about 40 minutes.',
  ],
  [
    'My bara brith always sinks in the middle. Why?',
    'Usually too much raising agent, an oven that is too cool, or opening the door too early. Check your oven temperature with a thermometer and do not open the door for the first 45 minutes.',
  ],
  [
    'what can i do with a glut of rhubarb',
    'Crumble, rhubarb and ginger jam, a compote for porridge, rhubarb gin, or roast it with orange and a little sugar. It also freezes well raw — chop it and freeze on a tray.',
  ],
  [
    'Is it safe to eat eggs a week past the date on the box?',
    'Usually yes if they have been kept cool: the date is a best-before. Crack them into a bowl first — a bad egg smells unmistakable. Use older eggs well cooked rather than soft-boiled.',
  ],
  [
    'How do I make gravy without a packet?',
    'Pour off most of the fat from the roasting tin, stir a tablespoon of flour into the juices over the heat, then whisk in about 500 ml of stock a little at a time. Simmer for five minutes, season, and sieve if lumpy.',
  ],
  [
    'A simple recipe for leek and potato soup please',
    'Soften three sliced leeks and a chopped onion in butter for ten minutes, add three diced potatoes and a litre of stock, simmer twenty minutes, then blend and season. A splash of cream at the end is optional.',
  ],
  [
    'how long does homemade chutney keep',
    'In sterilised, well-sealed jars stored somewhere cool and dark, a good year or more; it actually improves after a month. Once opened, keep it in the fridge and use within a month or two.',
  ],
  [
    'What is the difference between plain flour and self-raising?',
    'Self-raising flour has baking powder mixed in. To make your own, add 2 teaspoons of baking powder to 150 g of plain flour.',
  ],
  [
    'Can you give me a quick pastry recipe for a meat pie?',
    'Rub 200 g of cold butter into 400 g of plain flour with a pinch of salt, then add about 6 tablespoons of cold water until it holds together. Chill for 30 minutes before rolling.',
  ],
  [
    'whats a cheap meal for 8 people thats not pasta',
    'A big pot of chilli with rice, a sausage and bean casserole, a tray of baked potatoes with toppings, or a cottage pie. All can be made ahead and stretch easily with extra beans or veg.',
  ],
  [
    'How do I stop my Yorkshire puddings from collapsing?',
    'Get the fat smoking hot in the tin before the batter goes in, rest the batter for 30 minutes, and do not open the oven for the first 20 minutes. Equal volumes of egg, flour and milk is the easy rule.',
  ],
  [
    'What can I use instead of buttermilk in scones?',
    'Stir a tablespoon of lemon juice or vinegar into 250 ml of ordinary milk and leave it five minutes. Plain yoghurt thinned with a little milk works too.',
  ],
  [
    'how do you make jam set if it wont',
    'Boil it again hard for a few minutes and test a spoonful on a cold saucer: if it wrinkles when pushed, it is ready. Adding lemon juice helps low-pectin fruit like strawberries set.',
  ],
  [
    'What herbs go with roast chicken?',
    'Thyme, rosemary, sage and tarragon all work well. Stuff a lemon and a few sprigs of thyme inside, and rub butter mixed with chopped herbs under the skin.',
  ],
];

/** Travel and days out. */
const travel: readonly FillerExchange[] = [
  [
    'Whats the best way to get from Cardiff to Edinburgh without driving?',
    'The train is simplest: change at Birmingham or Crewe, about six to seven hours in total. Flying from Cardiff to Edinburgh takes an hour and a quarter but with getting to the airport it saves less than you think.',
  ],
  [
    'Do I need a passport to go to Ireland from the UK?',
    'British citizens do not legally need one under the Common Travel Area, but airlines and ferry companies usually ask for photo ID, and a passport is the easiest to use.',
  ],
  [
    'good day out in the lake district if it rains',
    'Try the World of Beatrix Potter in Bowness, a boat trip on Ullswater, Honister Slate Mine, or the Keswick pencil museum. A lakeside café with a view of the rain is also very Lake District.',
  ],
  [
    'What are the rules on hand luggage liquids now?',
    'At many UK airports with new scanners you can carry up to 2 litres, but not all airports have them yet, so the old 100 ml rule in a clear bag may still apply. Check your departure airport before packing.',
  ],
  [
    'Is it worth getting a senior railcard?',
    'If you are over 60 and spend more than about £100 a year on train tickets, yes: it costs around £30 and gives a third off most fares.',
  ],
  [
    'what is the ferry like from holyhead to dublin',
    'The fast ferry takes about two hours, the cruise ferry about three and a quarter. The larger ferries have lounges, restaurants and cabins; in rough weather the fast ferry is more often cancelled.',
  ],
  [
    'Where in Scotland can you see puffins?',
    'The Isle of May off Anstruther, Lunga in the Treshnish Isles, Fowlsheugh near Stonehaven, and Sumburgh Head in Shetland. Go between May and July.',
  ],
  [
    'How early should I get to the airport for a short flight?',
    'Two hours before for a flight within Europe is the usual advice; 90 minutes is often enough for a domestic flight with hand luggage only. Check-in and bag drop usually close 40–60 minutes before departure.',
  ],
  [
    'Whats a nice place for a weekend in the Cotswolds?',
    'Bourton-on-the-Water and Stow-on-the-Wold are pretty but busy; Painswick, Bibury and Chipping Campden are quieter. Burford makes a good base with walks and old pubs.',
  ],
  [
    'can you drive a car on an ordinary licence in france',
    "Yes, a UK photocard licence is accepted in France. You need the car's registration document, insurance, a UK sticker, a warning triangle and hi-vis vests for everyone.",
  ],
];

/** Sums and everyday maths. */
const sums: readonly FillerExchange[] = [
  ['How many acres is 10 hectares?', 'About 24.7 acres: one hectare is 2.471 acres.'],
  [
    'If something costs £84 after 20% VAT, what was the price before VAT?',
    'Divide by 1.2: £84 ÷ 1.2 = £70. The VAT was £14.',
  ],
  ['whats 15% of 2,340', '351. (10% is 234, 5% is 117, together 351.)'],
  [
    'How do I work out the area of a field that is a rough triangle?',
    'Measure one side as the base and the straight-line distance from it to the opposite corner as the height: area = ½ × base × height. For an odd shape, split it into triangles and add them up.',
  ],
  [
    'A loan of £8,000 at 6% a year over 3 years, roughly what are the monthly payments?',
    'About £243 a month, paying roughly £760 in interest over the three years.',
  ],
  ['how many litres in a gallon', 'A UK gallon is 4.546 litres; a US gallon is 3.785 litres.'],
  [
    'If a recipe is for 4 and I need to feed 10, how do I scale 350 g of flour?',
    'Multiply by 10 ÷ 4 = 2.5: 350 × 2.5 = 875 g of flour.',
  ],
  [
    'What is the probability of rolling two sixes with two dice?',
    '1 in 36, since each die has a 1 in 6 chance and they are independent: 1/6 × 1/6 = 1/36.',
  ],
  ['How fast is 60 miles an hour in kilometres?', 'About 97 km/h: multiply miles by 1.609.'],
  ['My nephew is stuck on this: solve 3x + 7 = 25', 'Take 7 from both sides: 3x = 18. Divide by 3: x = 6.'],
];

/** All filler exchanges of probe F, topics interleaved so every session gets a mix. */
export const fillerExchanges: readonly FillerExchange[] = interleave([
  computing,
  cooking,
  otherPeople,
  travel,
  writing,
  health,
  sums,
  shopping,
  generalTopics,
]);

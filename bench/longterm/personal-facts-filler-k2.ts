/**
 * Filler chatter for probe K, second half (see `personal-facts-filler-k.ts`): coding help, maths, writing and
 * shopping exchanges that state nothing about the user. No exchange holds any value probe K asks about.
 */

import type { FillerExchange } from './personal-facts-filler-c.ts';

/** Coding help. */
export const coding: readonly FillerExchange[] = [
  [
    'how do i reverse a string in python without using [::-1]',
    "You can use ''.join(reversed(s)), or build it in a loop: out = ''; for ch in s: out = ch + out. The slice is still the idiomatic way, though.",
  ],
  [
    'Excel question: how do I count cells in column B that say "done"?',
    'Use =COUNTIF(B:B, "done"). It is case-insensitive, so "Done" and "DONE" are counted too.',
  ],
  [
    'whats the difference between let and const in javascript',
    'Both are block-scoped. A const binding cannot be reassigned after it is set, while let can. Objects held in a const can still be mutated.',
  ],
  [
    'Can you write a bash one-liner that renames all .jpeg files in a folder to .jpg?',
    'for f in *.jpeg; do mv -- "$f" "$(basename "$f" .jpeg).jpg"; done — run it inside the folder. Try it on a copy first if the photos matter.',
  ],
  [
    'my sql query is returning duplicates, its a join between orders and customers',
    'A customer with several orders appears once per order. If you only want customers, use SELECT DISTINCT on the customer columns, or an EXISTS subquery instead of the join.',
  ],
  [
    'What does "git stash" actually do?',
    'It saves your uncommitted changes on a stack and resets the working tree to the last commit. git stash pop puts the changes back and removes them from the stack.',
  ],
  [
    'google sheets: how do i make a dropdown in a cell',
    'Select the cells, then Data → Data validation → Add rule → Dropdown, and type the options. You can also point it at a range holding the list.',
  ],
  [
    'Why does 0.1 + 0.2 not equal 0.3 in JavaScript?',
    'Numbers are binary floating point, and 0.1 and 0.2 have no exact binary form, so the sum is 0.30000000000000004. Compare with a small tolerance, or work in integer cents for money.',
  ],
  [
    'regex to match an australian mobile number?',
    'A simple one: ^(\\+?61|0)4\\d{8}$ after stripping spaces. It accepts 04xxxxxxxx and +614xxxxxxxx.',
  ],
  [
    'A coworker keeps saying our website should be "responsive" — what does that mean in practice?',
    'The layout adapts to the screen size: columns stack on phones, images scale, and text stays readable without zooming. It is mostly done with CSS media queries and flexible grids.',
  ],
  [
    'how do i stop my python script crashing when the file isnt there',
    'Wrap the open in try/except FileNotFoundError, or check first with os.path.exists(path). The try version avoids a race if the file disappears in between.',
  ],
  [
    'What is an API key and why should I not put it on GitHub?',
    'It is a secret that identifies your account to a service. Anyone who finds it in a public repo can run up charges or read your data, so keep it in an environment variable or a secrets manager.',
  ],
  [
    'quick one: how to center a div horizontally and vertically',
    'On the parent: display: flex; justify-content: center; align-items: center; plus a height on the parent. display: grid; place-items: center; works too.',
  ],
];

/** Maths and numbers. */
export const maths: readonly FillerExchange[] = [
  ['whats 15% of 240', '36. Ten percent is 24 and five percent is 12, so 24 + 12.'],
  [
    'If a recipe serves 4 and I need it for 7, how do I scale 300 g of flour?',
    'Multiply by 7/4 = 1.75, so 525 g.',
  ],
  [
    'can you explain compound interest like im 12',
    'You earn interest on your money, and next time you also earn interest on that interest. So the pile grows a little faster every year, like a snowball rolling downhill.',
  ],
  [
    "What's a good job for someone who's really good at maths but hates sitting at a desk?",
    'Surveying, engineering on site, actuarial work with lots of client contact, teaching, or trades like electrical work where calculations matter. Data roles in sport or agriculture can also mix numbers with fieldwork.',
  ],
  ['convert 68 fahrenheit to celsius', '20 °C. Subtract 32 and multiply by 5/9.'],
  [
    'A friend is splitting a $1,380 holiday rental between 6 people but two of them only stay half the time. How would you split it fairly?',
    'Count person-nights: four full shares plus two half shares is 5 shares, so one share is $276. The full-stay people pay $276 each and the half-stay people $138 each.',
  ],
  [
    'what is the probability of rolling two sixes with two dice',
    '1 in 36, about 2.8%. Each die has a 1 in 6 chance and the rolls are independent.',
  ],
  [
    'How many litres of paint for a room that is 4 m by 3.5 m with 2.4 m walls, two coats?',
    'Wall area is 2 × (4 + 3.5) × 2.4 = 36 m². Two coats is 72 m²; at about 12 m² per litre that is 6 litres, a bit less after doors and windows.',
  ],
  [
    'my neighbours kid has a maths test on pythagoras, whats an easy way to explain it',
    'In a right-angled triangle, the square on the long side equals the two smaller squares added together: a² + b² = c². A 3-4-5 triangle makes a good example: 9 + 16 = 25.',
  ],
  ['whats the average of 12, 19, 7, 30 and 22', '18. The total is 90, divided by 5.'],
];

/** Writing help. */
export const writing: readonly FillerExchange[] = [
  [
    'can u make this sound less grumpy: "the bins have been left out for 3 days again. please bring them in."',
    'Try: "Hi all, just a friendly reminder to bring the bins in after collection day — they have been out for a few days. Thanks heaps!"',
  ],
  [
    "I need a short farewell message for a colleague who's leaving to become a paramedic.",
    '"Congratulations on the new chapter! The team will miss your calm and your terrible jokes. Go save some lives — and keep in touch."',
  ],
  [
    'Give me three names for a trivia team, something punny.',
    '"Quiz Khalifa", "Les Quizérables" and "Tequila Mockingbird" are classics. "The Quizzly Bears" is a family-friendly one.',
  ],
  [
    'how do you write a complaint email to a landlord that still sounds polite',
    'State the problem and when it started, what you have already done, what you want and by when. Keep it factual, attach photos, and close with thanks for a prompt reply.',
  ],
  [
    'Can you proofread: "Their going to the shops, its to late to call them."',
    "\"They're going to the shops; it's too late to call them.\" Three fixes: their → they're, its → it's, to → too.",
  ],
  [
    'write a short poem for my nan’s 90th birthday card',
    "Ninety years of scones and stories, / Garden beds and morning glories, / Every year you shine the same — / Happy birthday, Nan, you're the best in the game!",
  ],
  [
    'My boss, Graham, wants a one-paragraph summary of a safety meeting. Key points: new sign-in app, hi-vis mandatory, fire drill next Tuesday.',
    'Sure: "At today\'s safety meeting we introduced the new sign-in app, which everyone should install this week. Hi-vis is now mandatory on site at all times. A fire drill is scheduled for next Tuesday — please know your nearest exit."',
  ],
  [
    'whats a nicer way to say no to a wedding invite',
    '"Thank you so much for the invitation — we are sorry we cannot make it, but we will be thinking of you both on the day and can\'t wait to see the photos."',
  ],
  [
    'How do I write a good cover letter opening line?',
    'Lead with the role and one concrete reason you fit it, e.g. "I am applying for the logistics coordinator role because I have spent five years running dispatch for a fleet of forty trucks." Skip "To whom it may concern" if you can find a name.',
  ],
  [
    'make this text to my landlord shorter: "hey just letting you know the tap in the bathroom has been dripping for about a week now and its getting worse, could someone come have a look when theyre free"',
    '"Hi, the bathroom tap has been dripping for a week and it\'s getting worse — could someone take a look when free? Thanks."',
  ],
  [
    'A friend is writing a best man speech. Any structure tips?',
    'Keep it to about five minutes: thank the hosts, one or two warm stories about the groom, a kind word about the couple, then a toast. One joke that everyone gets beats five in-jokes.',
  ],
  [
    'what does "per se" mean and how do i use it',
    'It means "in itself". "I don\'t mind rain per se, I just hate wet socks."',
  ],
];

/** Shopping and money questions. */
export const shopping: readonly FillerExchange[] = [
  [
    'is it worth paying extra for a robot vacuum with a mop',
    'The mop attachments mostly wipe rather than scrub. They are handy for light dust on hard floors, but if you have lots of carpet, put the money into better suction instead.',
  ],
  [
    'What should I look for in a decent pair of work boots?',
    'A steel or composite toe if the site needs it, a slip-resistant sole, a comfortable fit with your usual socks, and a waterproof membrane if you work outside. Try them on late in the day when your feet are largest.',
  ],
  [
    'best way to compare energy plans in victoria',
    'Use the Victorian Energy Compare site run by the state government. Have a recent bill handy so it can use your actual usage.',
  ],
  [
    'Should I get an air fryer or a convection oven?',
    'An air fryer is faster and cheaper to run for small batches. A benchtop convection oven fits more and can bake. For one or two people the air fryer usually wins.',
  ],
  [
    'what size tv for a lounge where the couch is 3 m from the wall',
    'Around 65 inches is comfortable at 3 m. A 55 is fine if the room is bright or the budget is tight.',
  ],
  [
    'My cousin wants a second-hand car under $10k for his apprenticeship. What should he check?',
    'Service history, a roadworthy certificate, rust, tyres and a PPSR check to make sure it has no money owing or a write-off record. Get a mechanic to inspect it before paying.',
  ],
  [
    'are expensive mattresses actually worth it',
    'Past a mid-range price you mostly pay for branding. What matters is firmness that suits how you sleep and a decent trial period so you can return it.',
  ],
  [
    "What's a good gift for a 7-year-old who likes dinosaurs?",
    'A dig-it-out fossil kit, a good illustrated dinosaur encyclopedia, or a model skeleton to assemble. Tickets to the museum make a nice experience gift too.',
  ],
  [
    'is buy now pay later a bad idea',
    'It is fine for a planned purchase you could pay in cash, but the late fees add up and it is easy to stack several plans at once. If you would not buy it with your debit card, do not buy it with BNPL.',
  ],
  [
    'Cheapest way to send money to someone in New Zealand?',
    'Services like Wise usually beat bank transfers on both the fee and the exchange rate. Check the total amount received, not just the fee.',
  ],
  [
    'how long do cordless drill batteries last',
    'Usually 3 to 5 years of regular use. Store them part-charged in a cool place and avoid leaving them flat for months.',
  ],
];

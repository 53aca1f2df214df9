/**
 * The facts of personal-facts probe D first stated in sessions 0 to 4 (the probe itself, with the rest of its
 * facts, is `personal-facts-probe-d.ts`); their corrections may come in later sessions.
 */

import type { ProbeFact } from './personal-facts-probe.ts';

/** Probe D's facts first stated in sessions 0 to 4, in the order they are said within each session. */
export const earlyFacts: readonly ProbeFact[] = [
  // Session 0: lowercase chat.
  {
    label: 'name',
    stated: {
      session: 0,
      text: "can u help me write a msg for the neighbours group chat? sorry for the drilling on saturday, it's tomasz from flat 3, we were just putting up shelves",
      reply:
        "Sure: 'Hi all, sorry about the drilling on Saturday, we were putting up shelves and it's all done now. Thanks for your patience!' Add your name and flat number at the end.",
    },
    current: 'tomasz',
    question: 'how should you address me?',
  },
  {
    label: 'home city',
    stated: {
      session: 0,
      text: 'since we moved to rotterdam in march i bike everywhere, whats a decent pannier bag under 60 euro',
      reply:
        'Look at the Ortlieb Back-Roller City or a cheaper single pannier from a bike shop chain; both clip on and off quickly.',
    },
    corrected: {
      session: 9,
      text: 'oh we actually ended up moving to utrecht, rotterdam rent got ridiculous. whats the easiest way to get a sofa home from ikea without a van',
      reply:
        "Use IKEA's own delivery, or rent a van by the hour from a car-share service like MyWheels or Greenwheels.",
    },
    current: 'utrecht',
    old: 'rotterdam',
    question: 'which city am i living in now?',
  },
  {
    label: 'dog',
    stated: {
      session: 0,
      text: "our greyhound biscuit keeps stealing bread off the counter, any tips? he's a retired racer so he can reach literally everything",
      reply:
        "Clear the counters completely for a few weeks, teach a solid 'off' with rewards, and give him a chew while you cook so he has his own job.",
    },
    current: 'biscuit',
    question: "what's my dog called?",
  },
  {
    label: 'employer',
    stated: {
      session: 0,
      text: 'i work for brightloop, we make hvac sensors, and i need a crc16 modbus function in c',
      reply:
        'Start with 0xFFFF, XOR each byte in, then shift right 8 times, XORing with 0xA001 whenever the low bit is set.',
    },
    corrected: {
      session: 7,
      text: 'Quick update: I left Brightloop and started at Kestrel Labs on Monday. Can you help me write a short intro post for their Slack?',
      reply:
        "Sure: 'Hi everyone! I just joined the team, excited to meet you all and happy to help with anything embedded.'",
    },
    current: 'kestrel',
    old: 'brightloop',
    question: 'which company pays my salary now?',
  },
  // Session 1: capitalised.
  {
    label: 'role',
    stated: {
      session: 1,
      text: 'As the only firmware engineer on a team of web developers, I end up explaining interrupts a lot. Can you give me a simple analogy?',
      reply:
        "An interrupt is like a doorbell while you're cooking: you pause, answer the door quickly, then get back to the stove exactly where you left off.",
    },
    current: 'firmware',
    question: 'What do I do for a living?',
  },
  {
    label: 'diet',
    stated: {
      session: 1,
      text: "I've been vegetarian for about six years, so can you suggest a high-protein lunch I can batch cook on Sundays?",
      reply:
        'A lentil and quinoa salad with roasted vegetables and feta keeps four days in the fridge and has plenty of protein.',
    },
    corrected: {
      session: 7,
      text: "Since January I've gone fully vegan, so can you redo that batch-cook lunch without the feta?",
      reply:
        'Swap the feta for marinated tofu or toasted chickpeas and add a tahini-lemon dressing; it keeps just as well.',
    },
    current: 'vegan',
    old: 'vegetarian',
    question: "Is there anything I don't eat?",
  },
  {
    label: 'brother',
    stated: {
      session: 1,
      text: "My brother Kuba turns 30 on Saturday and he's really into bouldering. Any gift ideas under 50 euros?",
      reply:
        'A chalk bag with good chalk, a brush set, a voucher for a bouldering gym, or a finger-strength board if he trains at home.',
    },
    current: 'kuba',
    question: "what's my brother's name again",
  },
  {
    label: 'education',
    stated: {
      session: 1,
      text: "I did my master's at TU Delft but I've forgotten most of the control theory. What does the derivative term in a PID controller actually do?",
      reply:
        "It reacts to how fast the error is changing, damping the response so the system doesn't overshoot as much.",
    },
    current: 'delft',
    question: "Where did I do my master's?",
  },
  // Session 2: terse/mobile.
  {
    label: 'allergy',
    stated: {
      session: 2,
      text: 'need a trail mix recipe w/o peanuts, i carry an epipen for them lol',
      reply:
        "Mix almonds, pumpkin seeds, dried cranberries, dark chocolate chips and toasted coconut, and check the labels for 'may contain' warnings.",
    },
    current: 'peanut',
    question: 'any foods that could kill me?',
  },
  {
    label: 'laptop OS',
    stated: {
      session: 2,
      text: 'fedora keeps nagging me to update every 2 days, how do i turn that off on my thinkpad',
      reply:
        "In GNOME Software's preferences, switch off automatic updates; you can still update by hand whenever you like.",
    },
    corrected: {
      session: 9,
      text: 'finally moved the thinkpad from fedora to nixos this weekend, how do i pin a package version in a flake',
      reply: 'Add a second nixpkgs input pinned to a specific commit and take that one package from it.',
    },
    current: 'nixos',
    old: 'fedora',
    question: 'what linux distro is my laptop on now?',
  },
  {
    label: 'partner',
    stated: {
      session: 2,
      text: 'me n my gf yara r doing a thai cooking class fri, what wine shd we bring',
      reply: 'An off-dry Riesling or a Grüner Veltliner goes well with Thai spice and is easy to like.',
    },
    current: 'yara',
    question: "who's my partner?",
  },
  {
    label: 'birthday',
    stated: {
      session: 2,
      text: 'my birthday is 14 june, ideas for a low key dinner w 6 ppl at home?',
      reply:
        'A build-your-own taco night or a big shared mezze spread keeps it relaxed and lets everyone graze.',
    },
    current: '14 june',
    question: "when's my birthday?",
  },
  // Session 3: lowercase chat.
  {
    label: 'hometown',
    stated: {
      session: 3,
      text: 'i grew up in szczecin and my mum still makes pierogi every christmas, can u give me a ruskie filling like hers',
      reply:
        "Classic ruskie filling: mashed floury potatoes, plenty of fried onion, twaróg or farmer's cheese, salt and lots of black pepper.",
    },
    current: 'szczecin',
    question: 'where am i originally from?',
  },
  {
    label: 'age',
    stated: {
      session: 3,
      text: 'turning 35 in a couple weeks and my back already hates me, any stretches for sitting at a desk all day?',
      reply:
        'Try cat-cow, a hip-flexor lunge stretch, thoracic rotations and a doorway chest stretch, a minute each, twice a day.',
    },
    current: '35',
    question: 'how old am i turning this year?',
  },
  {
    label: 'car',
    stated: {
      session: 3,
      text: 'the octavia estate needs new tyres, are all-seasons worth it in the netherlands',
      reply:
        'For mild Dutch winters, good all-season tyres are a sensible compromise and save you swapping twice a year.',
    },
    corrected: {
      session: 8,
      text: 'sold the octavia finally, we got a kia niro ev. hows the range in winter tbh',
      reply:
        'Expect roughly 20 to 30% less range in cold weather; preconditioning the cabin while plugged in helps a lot.',
    },
    current: 'niro',
    old: 'octavia',
    question: 'what car do i have now?',
  },
  {
    label: 'book',
    stated: {
      session: 3,
      text: "currently reading piranesi and i'm so confused in the best way, no spoilers but is it worth pushing through",
      reply: 'Yes, keep going: the confusion is deliberate and the second half rewards it. No spoilers!',
    },
    corrected: {
      session: 10,
      text: "I gave up on Piranesi halfway, sorry. I'm reading Project Hail Mary now and loving it. What should I read next in the same vein?",
      reply: "Try 'The Martian' by the same author, 'Children of Time' or 'Recursion'.",
    },
    current: 'hail mary',
    old: 'piranesi',
    question: 'what book am i into at the moment?',
  },
  // Session 4: capitalised.
  {
    label: 'office city',
    stated: {
      session: 4,
      text: 'I commute to Eindhoven twice a week for the office. Is an NS Flex subscription worth it?',
      reply:
        'If you travel at peak times twice a week, an off-peak discount plan usually pays off; compare your exact route in the NS app.',
    },
    current: 'eindhoven',
    question: 'Which city is my office in?',
  },
  {
    label: 'medication',
    stated: {
      session: 4,
      text: 'I take sertraline every morning. Is it okay to have grapefruit juice with it?',
      reply:
        "Grapefruit can raise the levels of some medicines; a little is usually fine, but it's worth asking your pharmacist.",
    },
    current: 'sertraline',
    question: 'What do I take every morning?',
  },
  {
    label: 'daughter',
    stated: {
      session: 4,
      text: 'My daughter Zosia starts nursery in September and I need a way to label all her things. Any ideas?',
      reply:
        'Iron-on name labels for clothes, dishwasher-safe stickers for bottles and a laundry marker for everything else.',
    },
    current: 'zosia',
    question: "what's my daughter's name?",
  },
  {
    label: 'first language',
    stated: {
      session: 4,
      text: "Polish is my first language, so my English emails sometimes come out too blunt. Can you soften this one: 'Send me the report by Friday.'",
      reply: "How about: 'Could you send me the report by Friday? Thanks a lot!'",
    },
    current: 'polish',
    question: "What's my mother tongue?",
  },
  {
    label: 'coffee',
    stated: {
      session: 4,
      text: "I'm down to one coffee a day now, always a flat white. Is oat milk worse for the foam?",
      reply: 'Barista oat milks foam almost as well as dairy; the regular ones tend to go flat quickly.',
    },
    current: 'flat white',
    question: "what's my usual coffee order?",
  },
];

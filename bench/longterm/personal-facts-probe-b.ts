/**
 * The second personal-facts probe (issue 24): a held-out check on the first (personal-facts-probe.ts), written
 * by a different hand before reading the self-fact extraction rules or the first probe's wordings. Twelve
 * sessions of a user chatting with an assistant, 31 facts the user states about themselves (7 corrected in a
 * later session) — casual, mid-sentence, "btw", lists, relative clauses, questions back to the assistant — among
 * filler chatter that has first-person sentences and other people's details which are not facts about the user.
 * One question per fact is asked in a new session; about half share no word with what was said.
 */

import { fillerAssistantB, fillerUserB } from './personal-facts-filler-b.ts';
import type { ProbeFact, ProbeTurn } from './personal-facts-probe.ts';

export type { ProbeFact, ProbeTurn } from './personal-facts-probe.ts';

type Said = ProbeFact['stated'];

/** A fact said in `session` (`[text, reply]`), its current value, its question, and its correction when it has one. */
const fact = (
  label: string,
  [session, text, reply]: [number, string, string],
  current: string,
  question: string,
  correction?: { said: [number, string, string]; old: string },
): ProbeFact => {
  const stated: Said = { session, text, reply };
  if (!correction) return { label, stated, current, question };
  const [s, t, r] = correction.said;
  return {
    label,
    stated,
    corrected: { session: s, text: t, reply: r },
    current,
    old: correction.old,
    question,
  };
};

/** The 31 facts (7 corrected). */
export const probeFacts: readonly ProbeFact[] = [
  fact(
    'name',
    [
      0,
      "hiya! I'm Priya btw, a friend said you're good at meal planning so here I am",
      'Hi, nice to meet you!',
    ],
    'priya',
    "Do you remember what I'm called?",
  ),
  fact(
    'hometown',
    [
      0,
      'I grew up in a tiny village outside Shrewsbury, so anything bigger than a market town still feels loud to me.',
      'Cities can be a lot after village life.',
    ],
    'shrewsbury',
    'Where am I originally from?',
  ),
  fact(
    'languages',
    [
      0,
      'Is it weird that I dream in Tamil? I speak it with my parents but English everywhere else.',
      'Not weird at all, lots of bilingual people do.',
    ],
    'tamil',
    'Which languages can I speak?',
  ),
  fact(
    'home',
    [
      1,
      'We rent a flat in Leeds, near Hyde Park (the Leeds one, not the London one), and the landlord is useless.',
      'Sorry to hear about the landlord.',
    ],
    'manchester',
    'Where am I based these days?',
    {
      said: [
        8,
        "Finally done with the move! We're in Manchester now and the new place actually has a proper kitchen.",
        'Congrats, enjoy the new kitchen!',
      ],
      old: 'leeds',
    },
  ),
  fact(
    'job title',
    [
      1,
      'As a data analyst I spend half my day in SQL and the other half in meetings about SQL.',
      'That sounds familiar to a lot of analysts.',
    ],
    'analytics lead',
    'What was I promoted to?',
    {
      said: [
        6,
        'Guess who got promoted to analytics lead last week! More meetings, sadly.',
        'Congratulations!',
      ],
      old: 'data analyst',
    },
  ),
  fact(
    'age',
    [
      1,
      "I'm 33 and only now learning to do my own tax return, is that embarrassing?",
      'Not at all, plenty of people learn later.',
    ],
    '33',
    'How old am I?',
  ),
  fact(
    'partner',
    [
      2,
      'My boyfriend Daniel thinks pineapple on pizza is fine, settle this for us.',
      "I'll stay neutral on that one!",
    ],
    'marcus',
    'Who am I seeing at the moment?',
    {
      said: [
        10,
        "Daniel and I broke up in the summer. I'm seeing someone new now, Marcus, he's a nurse.",
        "I'm glad you're in a good place.",
      ],
      old: 'daniel',
    },
  ),
  fact(
    'music',
    [
      2,
      'Radiohead have been my favourite band since I was fifteen, OK Computer still gets me every time.',
      'A classic album.',
    ],
    'little simz',
    'Who is my favourite musician?',
    {
      said: [
        11,
        "Honestly these days I'd pick Little Simz over anyone, she's overtaken Radiohead as my number one.",
        'She is brilliant live.',
      ],
      old: 'radiohead',
    },
  ),
  fact(
    'employer',
    [
      2,
      "I've been at Ocado for six years now, mostly on the warehouse robots side of things.",
      'Six years is a good run.',
    ],
    'monzo',
    'Which company do I work for?',
    {
      said: [
        9,
        'First week at Monzo done! Leaving Ocado was scary but everyone here is lovely.',
        'Great start to the new job.',
      ],
      old: 'ocado',
    },
  ),
  fact(
    'diet',
    [3, "I'm pescatarian, so fish is fine but please no meat in the recipes.", 'Noted, fish but no meat.'],
    'keto',
    'What do I eat these days?',
    {
      said: [
        7,
        'Food update: I eat meat again, the doctor put me on keto for my blood sugar, so low carb everything.',
        "Got it, I'll keep it low carb.",
      ],
      old: 'pescatarian',
    },
  ),
  fact(
    'drink',
    [
      3,
      'Nothing happens before my first flat white of the morning, coffee is basically my personality.',
      'Ha, a good flat white is hard to beat.',
    ],
    'green tea',
    'Am I a coffee or tea person?',
    {
      said: [10, "I've switched to green tea, the coffee was wrecking my sleep.", 'Sleep matters more!'],
      old: 'flat white',
    },
  ),
  fact(
    'pet',
    [
      3,
      'We adopted a rescue greyhound called Biscuit last year, he sleeps about twenty hours a day.',
      'Greyhounds are famously lazy.',
    ],
    'biscuit',
    "What's the name of my dog?",
  ),
  fact(
    'allergy',
    [4, 'Careful with anything nutty, I break out in hives from cashews.', "I'll leave those out."],
    'cashew',
    'What am I allergic to?',
  ),
  fact(
    'child',
    [
      4,
      "My daughter Anya starts Year 2 in September and she's already bossing the whole class around.",
      'Sounds like a future leader.',
    ],
    'anya',
    "What's my daughter's name?",
  ),
  fact(
    'sport',
    [
      4,
      "Cricket is the only sport I'll happily watch for five days straight.",
      'Test matches are a commitment!',
    ],
    'cricket',
    'Which sport do I follow?',
  ),
  fact(
    'father',
    [
      5,
      "Dad's coeliac, so when my parents visit everything has to be gluten-free, which makes Sunday lunch a puzzle.",
      'A roast without wheat flour is very doable.',
    ],
    'gluten',
    'What should I avoid cooking for my father?',
  ),
  fact(
    'siblings',
    [
      5,
      "I've got two older brothers, Ravi and Sunil, and they both still treat me like I'm nine.",
      'Older brothers never change.',
    ],
    'sunil',
    'Do I have any siblings?',
  ),
  fact(
    'colour',
    [
      5,
      "For my slides, can you suggest a palette? I love anything teal, it's my colour.",
      'A blue-green with warm grey works.',
    ],
    'teal',
    "What's my favourite colour?",
  ),
  fact(
    'hobby',
    [
      6,
      "Most evenings you'll find me in the shed doing woodworking, it's how I switch off after work.",
      'What are you building at the moment?',
    ],
    'woodworking',
    'What do I do to unwind?',
  ),
  fact(
    'degree',
    [
      6,
      'I studied maths at Durham, which is why everyone at the office asks me about statistics.',
      'The curse of the maths degree!',
    ],
    'durham',
    'Where did I study?',
  ),
  fact(
    'health',
    [7, 'I have asthma so I always carry my inhaler when I go running.', 'Sensible.'],
    'asthma',
    'Do I have any medical conditions?',
  ),
  fact(
    'car',
    [
      7,
      "The Honda Jazz that I've been driving since uni failed its MOT again, do I fix it or let it go?",
      'Depends on the repair cost.',
    ],
    'honda jazz',
    'What car do I drive?',
  ),
  fact(
    'birthday',
    [
      8,
      "My birthday's on the 14th of February, yes really, so I never get a proper dinner reservation.",
      'Book early next year!',
    ],
    '14th of february',
    'When was I born?',
  ),
  fact(
    'mother',
    [8, 'Mum was a midwife for thirty years, so nothing about babies shocks her.', 'She must have stories.'],
    'midwife',
    "What was my mum's job?",
  ),
  fact(
    'food',
    [9, "Nothing beats my nan's dal makhani, it's my ultimate comfort food.", 'That sounds delicious.'],
    'dal makhani',
    "What's my favourite dish?",
  ),
  fact(
    'handedness',
    [
      9,
      "Since I'm left-handed, do you know any fountain pens that don't smudge?",
      'A few brands make quick-dry ink.',
    ],
    'left-handed',
    'Which hand do I write with?',
  ),
  fact(
    'early riser',
    [
      10,
      "I'm up at half five most days, total morning person, so late dinners kill me.",
      'Early dinners it is.',
    ],
    'morning person',
    'Am I an early riser or a night owl?',
  ),
  fact(
    'football',
    [
      10,
      'I also play five-a-side on Wednesdays with some people from the office.',
      'Good way to stay active.',
    ],
    'five-a-side',
    'What do I do on Wednesday evenings?',
  ),
  fact(
    'lactose',
    [
      11,
      "I'm lactose intolerant, so is oat milk or soy milk better for baking?",
      'Oat milk usually bakes better.',
    ],
    'lactose',
    'Is there anything in dairy that disagrees with me?',
  ),
  fact(
    'puzzles',
    [
      11,
      "Things I'm into lately: sourdough, cryptic crosswords and old Bollywood films.",
      'Great mix of hobbies.',
    ],
    'crossword',
    'What puzzles do I enjoy doing?',
  ),
  fact(
    'best friend',
    [
      11,
      "My best mate Chloe is getting married in June and I'm maid of honour, help me with a speech?",
      "Sure, let's start with a story about her.",
    ],
    'chloe',
    "Who's my best friend?",
  ),
];

/** The date of session `i` (one session every eleven days from 2024-09-02, at 08:30 UTC). */
export const sessionDate = (i: number) => new Date(Date.UTC(2024, 8, 2 + 11 * i, 8, 30));

/** Sessions of the probe (the questions are asked in session 12). */
const sessionCount = 12;

/**
 * The sessions: session `s` has 10 + s mod 3 filler exchanges; its k-th fact or correction is said after filler
 * exchange 1 + 3k (any beyond the filler at the end), so facts sit mid-session, not at its edges.
 */
export function probeSessions(): ProbeTurn[][] {
  const sessions: ProbeTurn[][] = [];
  let k = 0;
  for (let s = 0; s < sessionCount; s++) {
    const said: Said[] = [];
    for (const f of probeFacts) {
      if (f.stated.session === s) said.push(f.stated);
      if (f.corrected?.session === s) said.push(f.corrected);
    }
    const turns: ProbeTurn[] = [];
    const exchanges = 10 + (s % 3);
    const say = (user: string, assistant: string) =>
      turns.push({ role: 'user', content: user }, { role: 'assistant', content: assistant });
    for (let j = 0; j < exchanges; j++, k++) {
      say(
        fillerUserB[(k * 5) % fillerUserB.length] as string,
        fillerAssistantB[(k * 4) % fillerAssistantB.length] as string,
      );
      const at = said[(j - 1) / 3];
      if (j % 3 === 1 && at) say(at.text, at.reply);
    }
    for (const rest of said.slice(Math.ceil((exchanges - 1) / 3))) say(rest.text, rest.reply);
    sessions.push(turns);
  }
  return sessions;
}

/** Filler chatter of the second personal-facts probe (bench/longterm/personal-facts-probe-b.ts), written apart from the first. */

/**
 * What the user says between facts: requests, opinions, and first-person sentences that are not facts about the
 * user (plans, moods, other people's details), as a real chat has them.
 */
export const fillerUserB = [
  'Can you rewrite this paragraph so it sounds less stiff?',
  'What is the quickest way to defrost chicken safely?',
  "I've got a presentation on Thursday and my slides are a mess, where do I start?",
  'Why do onions make you cry?',
  'My colleague says Bristol gets more rain than Glasgow. Is that true?',
  'Give me three dinner ideas that use up half a cabbage.',
  'How do I politely decline a meeting that could have been an email?',
  "I'm thinking of reading more this year, any classic novels that aren't a slog?",
  'What does APR mean on a credit card?',
  "Ugh, it's been raining all week and I'm going stir crazy.",
  'Can you explain what an index fund is in two sentences?',
  'What are the rules of pickleball?',
  'How many cups is 250 grams of flour?',
  "My neighbour's cat keeps coming in through the window, is that normal cat behaviour?",
  "I'd like a birthday message for a coworker I barely know.",
  'Is it bad to charge my phone overnight?',
  'What would be a nice houseplant for a dark bathroom?',
  'My friend is vegan and coming for dinner on Saturday, any starter ideas?',
  'Summarise the plot of Hamlet in a few lines please.',
  'How often should I really wash my jeans?',
  "I'm trying to cut down on screen time before bed, any tricks?",
  'Which is healthier, brown rice or quinoa?',
  'Help me name a spreadsheet tab that tracks household bills.',
  'Why does bread go stale faster in the fridge?',
  'Could you suggest a playlist vibe for a long drive?',
  "I'm hosting a quiz night, give me five tricky general-knowledge questions.",
];

/** What the assistant answers between facts. */
export const fillerAssistantB = [
  "Here's a version you could try.",
  'Good question! The short answer is: it depends.',
  'Sure, here are a few suggestions.',
  "Let's take it step by step.",
  'That is a common worry, and mostly it is fine.',
  "Here's a quick overview.",
  'I can help with that. A couple of ideas below.',
  "As an assistant I don't have personal experience, but here's what usually works.",
  'Happy to! Let me know if you want it shorter.',
  'Great, glad that helped.',
  "I'd keep it simple to begin with.",
];

/** Filler chatter of the personal-facts probe (bench/longterm/personal-facts-probe.ts), said between its facts. */

/** Filler chatter: what the user says between facts (first-person sentences that are not facts about them included). */
export const fillerUser = [
  'Can you suggest something quick for dinner tonight?',
  'I think the second half of that film was way too long.',
  "What's a good way to keep basil alive indoors?",
  "I'm not sure I understand how compound interest works, can you explain?",
  'Any tips for writing a polite complaint email?',
  "I'm going to the market later, what's in season now?",
  'How long should I boil an egg for a runny yolk?',
  'Remind me, what is the capital of Australia?',
  "I'd love to hear a fun fact about octopuses.",
  'What are some good board games for a rainy afternoon?',
  "I'm a bit tired today, any ideas for an easy workout?",
  'Can you explain what a mortgage broker actually does?',
  'What should I pack for a weekend trip to the coast?',
  'I was thinking about repainting the hallway, any color advice?',
  'How do noise-cancelling headphones work?',
  "I'm curious, why is the sky blue?",
  'Could you give me a short poem about autumn?',
  'What is the difference between baking soda and baking powder?',
  "I'll be stuck in traffic for an hour, any podcast suggestions?",
  'How do I get red wine out of a carpet?',
  'What is a good stretching routine for the lower back?',
  "I keep forgetting birthdays, what's a good reminder system?",
  'Explain the offside rule like I am five.',
  'Is it worth learning to touch type as an adult?',
];

/** What the assistant answers between facts (first-person sentences of its own included: never facts about the user). */
export const fillerAssistant = [
  'Sure! Here are a few ideas you might like.',
  "That's a great question, let me break it down.",
  'Happy to help with that.',
  "Here's a simple way to think about it.",
  'A few options come to mind.',
  "Good thinking. Here's what I'd suggest.",
  "I'd start with the basics and go from there.",
  'That depends a little on your situation, but generally yes.',
  "I'm an AI assistant, so I don't live anywhere, but I can help you plan.",
  'My favourite part of that topic is the history behind it.',
];

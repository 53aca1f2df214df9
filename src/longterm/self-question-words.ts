/**
 * Words a question about the user adds to its search: "what should I avoid ordering?" shares no word with "I'm
 * allergic to shellfish", nor "who's my other half?" with "my husband Tom". A question in the first person ("I",
 * "me", "my") that names a personal topic (food, family, work, home, …) also searches for the words a statement of
 * that topic uses — the canonical words of its `personalTopics` entry, which the self facts' canonical texts ("The
 * user is allergic to …") use — and the topic's term, which a user's turn about the topic carries (`topicLine`). Questions
 * about someone else (no first person, "I", "my", "we", "our"…) add nothing.
 */

import { topicTerm } from './personal-topics.ts';
import { cueText, topicsNamed } from './topic-cues.ts';

const firstPerson = /\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours)\b/;

/**
 * The words to add to a search for `question` (lower-cased words, joined by spaces; `''` for none): for a
 * first-person question, the canonical words and the term (`topicTerm`) of every personal topic it names.
 * Deterministic; the caller analyses them as it analyses the question.
 * @example selfQuestionWords("who's my other half?") // 'partner wife husband spouse married girlfriend boyfriend topicpartner'
 */
export function selfQuestionWords(question: string): string {
  const text = cueText(question);
  if (!firstPerson.test(text.lower)) return '';
  return topicsNamed(text, 'asked').map(topicTerm).join(' ');
}

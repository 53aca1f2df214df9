/**
 * The topic terms a question adds to its search: "what should I avoid ordering?" shares no word with "I'm
 * allergic to shellfish", nor "who's my other half?" with "my husband Tom", nor "what pets does Melanie have?"
 * with "we adopted a greyhound". A question that names a personal topic (`personalTopics`: food, family, work,
 * home, …) also searches for the topic's terms, which the turns that speak of the topic carry (`topicLine`): a
 * question about the user (in the first person: "I", "my", "we", "our"…) for the term of the user's own turns
 * only — what the assistant said about dogs is not the user's dog —, a question about someone else for both
 * the user's and the other speakers' terms.
 */

import { topicTerm } from './personal-topics.ts';
import { cueText, topicsNamed } from './topic-cues.ts';

const firstPerson = /\b(?:i|i'm|im|i've|ive|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours)\b/;

/** A request to the assistant ("remind me", "tell me"…): its "me" does not make the question one about the user. */
const request = /\b(?:remind|tell|show|give|help|let|ask|send) me\b/g;

/** Whether lower-cased text speaks in the first person, a request to the assistant ("tell me") aside. */
const isFirstPerson = (lower: string): boolean => firstPerson.test(lower.replace(request, ' '));

/**
 * Whether a question is about the user: it speaks in the first person ("what's my name?", "where do we live
 * now?"), a request to the assistant ("remind me", "tell me") aside.
 * @example asksAboutUser("what's my name?") // true
 * @example asksAboutUser('Tell me what Melanie painted.') // false
 */
export const asksAboutUser = (question: string): boolean => isFirstPerson(cueText(question).lower);

/**
 * The terms to add to a search for `question` (joined by spaces; `''` when it names no topic): for each personal
 * topic it names, its term for the user's turns (`topicTerm(t, 'user')`), and for a question not in the first
 * person its term for other speakers' turns too. Deterministic; the caller analyses them as it analyses the
 * question.
 * @example questionTopicTerms("who's my other half?") // 'topicpartner'
 * @example questionTopicTerms('What pets does Melanie have?') // 'topicpets othertopicpets'
 */
export function questionTopicTerms(question: string): string {
  const text = cueText(question);
  const aboutMe = isFirstPerson(text.lower);
  return topicsNamed(text, 'asked')
    .flatMap((t) => (aboutMe ? [topicTerm(t, 'user')] : [topicTerm(t, 'user'), topicTerm(t, 'other')]))
    .join(' ');
}

import { topicTerm } from './personal-topics.ts';
import { cueText, topicsNamed } from './topic-cues.ts';

/** The longest turn tagged with its topics: longer ones are pasted documents more than things said about oneself. */
export const maxTopicTurnChars = 2000;

const prefix = 'about: ';

/**
 * The line a turn adds to its record's context to name the personal topics it speaks of (`personalTopics`, by
 * their `said` cues), as their terms for its `speaker` (`topicTerm`): the user's "our greyhound keeps stealing
 * bread" gets `about: topicpets`, so a question that names the topic in other words ("what's my dog called?",
 * which adds the same term, `questionTopicTerms`) finds it, and no other question matches it. `''` when the turn
 * names none or is longer than {@link maxTopicTurnChars}. The line is searched as context, never shown
 * (`isTopicLine`).
 * @example topicLine('me n my gf are doing a cooking class') // 'about: topicpartner'
 */
export function topicLine(text: string, speaker: 'user' | 'other' = 'user'): string {
  if (text.length > maxTopicTurnChars) return '';
  const terms = topicsNamed(cueText(text), 'said').map((t) => topicTerm(t, speaker));
  return terms.length === 0 ? '' : `${prefix}${terms.join(' ')}`;
}

const topicLinePattern = /^about: (?:other)?topic[a-z]+(?: (?:other)?topic[a-z]+)*$/;

/** Whether a context line is a turn's topic line (written by {@link topicLine}; a turn's own text is never one). */
export const isTopicLine = (line: string): boolean => topicLinePattern.test(line);

import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';

/** What a summarizer receives: the summary so far and only the messages it does not cover yet. */
export interface SummarizerInput {
  /** The previous summary, when there is one; the new summary must replace it and keep what matters in it. */
  previousSummary?: string;
  /** The newly covered messages (whole units, system messages excluded), oldest first. */
  messages: MemoryMessage[];
}

/** Folds new messages into a running summary; returns the new summary text. */
export type Summarizer = (input: SummarizerInput) => Promise<string>;

/** Wraps any failure of a summarizer (or an empty summary) as a SUMMARIZER_ERROR with the cause. */
export async function runSummarizer(summarizer: Summarizer, input: SummarizerInput): Promise<string> {
  let text: unknown;
  try {
    text = await summarizer(input);
  } catch (error) {
    if (MemoryError.hasCode(error, 'SUMMARIZER_ERROR')) throw error;
    throw new MemoryError({
      code: 'SUMMARIZER_ERROR',
      component: 'views',
      message: `the summarizer failed on ${input.messages.length} messages: ${errorReason(error)}`,
      cause: error,
    });
  }
  if (typeof text !== 'string' || text.trim() === '') {
    throw new MemoryError({
      code: 'SUMMARIZER_ERROR',
      component: 'views',
      message: `the summarizer returned ${typeof text === 'string' ? 'an empty string' : typeof text}, expected summary text`,
    });
  }
  return text;
}

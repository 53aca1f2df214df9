import type { UserContent } from 'ai';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/**
 * Checks a run's prompt before anything is stored or sent: a string, or user content parts, with something in it.
 * `''` and `[]` are `INVALID_ARGUMENT` naming `where`: stored, each was a user message with no content in memory,
 * which providers refuse (an empty content array, an empty text block) on that call and every later one; the chat
 * handler refuses a UI message without parts the same way (400). Text that is only blank, as a chat's blank text
 * part, is content and runs, as it does in a chat.
 */
export function checkPrompt(prompt: unknown, where: string): asserts prompt is string | UserContent {
  const fail = (problem: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'agent', message: `${where} ${problem}` });
  if (typeof prompt !== 'string' && !Array.isArray(prompt))
    throw fail(`must be a string or user content parts, got ${describeValue(prompt)}`);
  if (prompt.length === 0)
    throw fail(
      `is empty (${describeValue(prompt)}): it would be stored and sent as a user message with nothing in it, which providers refuse`,
    );
}

import { checkOptionalInteger } from '../core/check-options.ts';
import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/** What a tool returns when its arguments or the store refused the call: a message the model can act on. */
export interface ToolError {
  /** What went wrong and how to call the tool correctly. */
  error: string;
}

/** The default cap on a tool's output, in characters. */
export const defaultMaxOutputChars = 20_000;

/**
 * A tool factory's `maxOutputChars` option: the default when it is missing; else `INVALID_ARGUMENT` naming it
 * unless it is a positive integer (a negative, NaN or string cap would leave a tool's output unbounded).
 */
export function outputCap(value: unknown, factory: string): number {
  checkOptionalInteger(value, `${factory}(options).maxOutputChars`, 'tools', 1);
  return (value as number | undefined) ?? defaultMaxOutputChars;
}

/** Cuts a text to `max` characters, saying how much was left out. */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}\n[… ${groupDigits(text.length - end)} more characters not shown; ask for a smaller part]`;
}

/**
 * Runs a tool's work; an engram error (bad argument, unknown id, bad query) becomes `{ error }` with its message
 * and `hint`, so the model reads it and corrects the call instead of the run ending. Other errors (a broken
 * database) are thrown: the AI SDK reports them to the model as a tool error.
 */
export async function toolCall<T>(hint: string, fn: () => Promise<T>): Promise<T | ToolError> {
  try {
    return await fn();
  } catch (error) {
    if (!MemoryError.isInstance(error) || error.code === 'STORE_ERROR' || error.code === 'STORE_CLOSED')
      throw error;
    return { error: `${errorReason(error)}. ${hint}` };
  }
}

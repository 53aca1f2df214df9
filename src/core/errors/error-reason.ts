import { errorText } from './describe-value.ts';

/** engram's message prefixes, `[engram] ` or `[engram] [component] `, repeated where one error wraps another's text. */
const prefixes = /^(?:\[engram\] (?:\[[^\]]*\] )?)+/;

/**
 * What went wrong, for a reader who already knows it came from engram (a tool result the model reads, a command
 * line, an HTTP answer, a message that wraps it): the error's message without engram's `[engram] [component] `
 * prefixes, all of them where a wrapped error's message repeats them. Any other thrown value gives its
 * {@link errorText}. Never throws.
 */
export function errorReason(error: unknown): string {
  const text = error instanceof Error ? messageOf(error) : errorText(error);
  return text.replace(prefixes, '');
}

/** An error's message as text: a subclass may have made it anything, or a getter that throws. */
function messageOf(error: Error): string {
  try {
    return errorText(error.message);
  } catch {
    return 'an error';
  }
}

import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/index.ts';

/** A `MemoryError` with code `INVALID_ARGUMENT` raised by the tokens component. */
export function invalidTokensArgument(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: 'tokens', message });
}

/**
 * Throws `INVALID_ARGUMENT` for a counter's `method` (`countText`, `atLeast`) given something other than a string:
 * a number, null or an object was counted as 0 tokens (the BPE counter) or was a raw TypeError (the estimator).
 */
export function notText(method: string, text: unknown): never {
  throw invalidTokensArgument(`${method}(text): text must be a string, got ${describeValue(text)}`);
}

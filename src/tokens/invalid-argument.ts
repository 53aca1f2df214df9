import { MemoryError } from '../core/index.ts';

/** A `MemoryError` with code `INVALID_ARGUMENT` raised by the tokens component. */
export function invalidTokensArgument(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: 'tokens', message });
}

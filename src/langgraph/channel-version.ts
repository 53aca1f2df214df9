import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * The channel version after `current`, as LangGraph's `BaseCheckpointSaver.getNextVersion` makes it (integer
 * versions: 1 first, then each one more than the last), with its bad input refused as a typed error: a version
 * this saver never makes (a string, `null`, an object) or a number with no greater next one (`NaN`, ±Infinity, past
 * 2^53 where `n + 1 === n`) is `INVALID_ARGUMENT` naming `getNextVersion(current)` and the value. LangGraph threw a
 * plain `Error` for a string and answered 1 for `null` or an object, and `NaN` or `Infinity` for those: a version
 * not above the last, which breaks its rule that versions only grow.
 */
export function nextChannelVersion(current: unknown): number {
  if (current === undefined) return 1;
  if (typeof current === 'number' && current + 1 > current) return current + 1;
  throw new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'langgraph',
    message: `getNextVersion(current): current must be undefined or a finite number below 2^53, got ${describeValue(current)}`,
  });
}

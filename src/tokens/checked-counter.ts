import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { TokenCounter } from './token-counter.ts';

/**
 * `counter` with each text count it returns checked: a number of tokens is a finite number from 0 up (an estimate
 * may have a fraction), so anything else (NaN, -1, Infinity, a string) from a caller's counter is `INVALID_ARGUMENT`
 * from `component` naming `what` and the method, instead of a budget comparison that NaN always passes (a block
 * packed past its budget).
 */
export function checkedCounter(counter: TokenCounter, what: string, component: string): TokenCounter {
  const checked = (method: 'countText' | 'atLeast', n: unknown): number => {
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0) return n;
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what}.${method}() returned ${describeValue(n)}; a count of tokens is a finite number >= 0`,
    });
  };
  const { atLeast } = counter;
  return {
    encoding: counter.encoding,
    ...(counter.addsAcrossLines === undefined ? {} : { addsAcrossLines: counter.addsAcrossLines }),
    countText: (text) => checked('countText', counter.countText(text)),
    ...(atLeast ? { atLeast: (text: string) => checked('atLeast', atLeast.call(counter, text)) } : {}),
    count: (message) => counter.count(message),
  };
}

import type { TokenCounter } from '../src/tokens/token-counter.ts';

/** `base` with a tally of the texts and messages it counted (a test asserts what a read counted, or that it counted nothing). */
export function createCountingCounter(base: TokenCounter): TokenCounter & { readonly counts: number } {
  let counts = 0;
  return {
    encoding: base.encoding,
    get counts() {
      return counts;
    },
    countText: (text) => {
      counts++;
      return base.countText(text);
    },
    count: (message) => {
      counts++;
      return base.count(message);
    },
  };
}

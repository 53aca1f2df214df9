/**
 * The cost of a sequence of requests with provider prompt caching (Anthropic's prices): the part of a request
 * equal to the start of the previous one is read from the cache (0.1× the input price), the rest is written
 * to it (1.25×), with a cache breakpoint at the end of each request. The common prefix is measured in whole
 * messages (a message that changed breaks the cache from its start), which is how a provider sees a replaced
 * tool result.
 */

/** Relative prices. */
export const cacheRead = 0.1;
export const cacheWrite = 1.25;

/** One request: its messages (compared by their JSON) and each one's tokens. */
export interface Request {
  /** Canonical JSON of each message, in order. */
  keys: readonly string[];
  /** Tokens of each message. */
  tokens: readonly number[];
}

/** Tokens of a request. */
export const total = (r: Request) => r.tokens.reduce((a, b) => a + b, 0);

/** The cache-weighted cost of each request of a sequence (in input-token units). */
export function cachedCosts(requests: readonly Request[]): number[] {
  const out: number[] = [];
  let previous: Request | undefined;
  for (const r of requests) {
    let cached = 0;
    if (previous) {
      for (let i = 0; i < r.keys.length && i < previous.keys.length && r.keys[i] === previous.keys[i]; i++)
        cached += r.tokens[i]!;
    }
    out.push(cacheRead * cached + cacheWrite * (total(r) - cached));
    previous = r;
  }
  return out;
}

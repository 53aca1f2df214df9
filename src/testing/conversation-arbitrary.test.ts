import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbConversation } from './conversation-arbitrary.ts';

describe('arbConversation', () => {
  it('refuses a misspelt option (inflight: conversations still ended in flight) naming it', () => {
    expect(() => arbConversation({ inflight: false } as never)).toThrow(
      /arbConversation\(options\)\.inflight: not an option/,
    );
    const [messages] = fc.sample(arbConversation({ maxTurns: 2, inFlight: false }), { numRuns: 1, seed: 1 });
    expect(messages?.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';
import { createExtractiveObserver, createExtractiveReflector } from './observer.ts';

const counter = createEstimateTokenCounter();
const invalid = (what: RegExp) =>
  expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(what) });

describe('observational memory options', () => {
  it('refuses a misspelt key of createObservationalMemory instead of falling back to its default', () => {
    const conversation = createConversationMemory({ counter });
    expect(() =>
      createObservationalMemory({ conversation, recentToken: 200 } as unknown as Parameters<
        typeof createObservationalMemory
      >[0]),
    ).toThrow(invalid(/createObservationalMemory\(options\)\.recentToken: not an option/));
  });

  it('accepts every declared key of createObservationalMemory', async () => {
    const conversation = createConversationMemory({ counter });
    const view = createObservationalMemory({
      conversation,
      observer: createExtractiveObserver(),
      reflector: createExtractiveReflector(),
      recentTokens: 200,
      observationTokens: 100,
      maxRangeTokens: 1000,
      claimMs: 1000,
      background: false,
      onError: () => {},
    });
    await conversation.append([{ role: 'user', content: 'hello' }]);
    expect(await view.read()).toHaveLength(1);
  });

  it('refuses a misspelt key of createExtractiveObserver', () => {
    expect(() =>
      createExtractiveObserver({ maxLineChar: 10 } as unknown as Parameters<
        typeof createExtractiveObserver
      >[0]),
    ).toThrow(invalid(/createExtractiveObserver\(options\)\.maxLineChar: not an option/));
  });

  it('accepts every declared key of createExtractiveObserver', async () => {
    const observer = createExtractiveObserver({ maxLineChars: 10 });
    const line = await observer.observe([
      { seq: 1, message: { role: 'user', content: 'a long question about things', createdAt: new Date(0) } },
    ] as unknown as Parameters<typeof observer.observe>[0]);
    expect(line).toBe('- [1970-01-01] user: a long qu…');
    expect(() => createExtractiveObserver()).not.toThrow();
  });
});

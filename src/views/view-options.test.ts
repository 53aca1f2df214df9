import { describe, expect, it } from 'vitest';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const conversation = createConversationMemory();

/** Expects `make` to throw INVALID_ARGUMENT at creation with a message matching `message`. */
function expectRefused(make: () => unknown, message: RegExp): void {
  expect(make).toThrow(
    expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
  );
}

describe('the window views check their options at creation', () => {
  it('createTokenWindowMemory: a misspelt key (a larger budget than asked) or a counter without its methods', () => {
    expectRefused(
      () => createTokenWindowMemory({ conversation, maxTokens: 1000, reserveToken: 800 } as never),
      /createTokenWindowMemory\(options\)\.reserveToken: not an option/,
    );
    expectRefused(
      () => createTokenWindowMemory({ conversation, maxTokens: 1000, prun: { reasoning: 'all' } } as never),
      /\.prun: not an option/,
    );
    for (const counter of [null, {}, { count: () => 1 }])
      expectRefused(
        () => createTokenWindowMemory({ conversation, maxTokens: 1000, counter } as never),
        /counter must be an object with/,
      );
  });

  it('createSlidingWindowMemory: a misspelt key', () => {
    expectRefused(
      () => createSlidingWindowMemory({ conversation, windowSize: 10, startOnUser: true } as never),
      /createSlidingWindowMemory\(options\)\.startOnUser: not an option/,
    );
  });
});

describe('createSummarizingMemory checks its options at creation', () => {
  const summarizer = async () => 'summary';
  it('a misspelt key, a summaryRole that does not exist, a summarizer that is no function', () => {
    expectRefused(
      () => createSummarizingMemory({ conversation, keepRecent: 2, summarizer, maxToken: 500 } as never),
      /createSummarizingMemory\(options\)\.maxToken: not an option/,
    );
    // 'system' is neither mode: the summary was neither sent as a message nor returned by instructions().
    expectRefused(
      () =>
        createSummarizingMemory({ conversation, keepRecent: 2, summarizer, summaryRole: 'system' } as never),
      /summaryRole must be 'user' or 'instructions'/,
    );
    for (const bad of [undefined, 'gpt-4o', { summarize: summarizer }])
      expectRefused(
        () => createSummarizingMemory({ conversation, keepRecent: 2, summarizer: bad } as never),
        /summarizer must be a function/,
      );
  });
});

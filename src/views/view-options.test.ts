import { describe, expect, it } from 'vitest';
import { createContentStore } from '../content/create-content-store.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createAutoContextMemory } from './auto-context/auto-context-memory.ts';
import { createExtractiveSummarizer } from './auto-context/extractive-summarizer.ts';
import { createCitationMemory } from './citation-memory.ts';
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
        /counter (must be an object with|must not be null)/,
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

describe('createAutoContextMemory checks its options at creation', () => {
  const content = createContentStore();
  const base = { conversation, content, maxTokens: 10_000 };
  it('a misspelt key, a content store without its methods, excludeTools, summarizer or citations of a wrong type', () => {
    expectRefused(
      () => createAutoContextMemory({ ...base, excludeTool: ['web_fetch'] } as never),
      /createAutoContextMemory\(options\)\.excludeTool: not an option/,
    );
    for (const bad of [undefined, {}, { store() {}, retrieve() {} }])
      expectRefused(() => createAutoContextMemory({ ...base, content: bad } as never), /content/);
    // A string was spread into a set of its characters: web_fetch's results were cleared after all.
    for (const bad of ['web_fetch', [5], null])
      expectRefused(
        () => createAutoContextMemory({ ...base, excludeTools: bad } as never),
        /excludeTools (must be an array of tool names|must not be null)/,
      );
    expectRefused(
      () => createAutoContextMemory({ ...base, summarizer: 'gpt-4o' } as never),
      /summarizer must be a function/,
    );
    for (const bad of [true, 5, null])
      expectRefused(
        () => createAutoContextMemory({ ...base, citations: bad } as never),
        /citations (must be false or a citation policy|must not be null)/,
      );
  });
});

describe('createCitationMemory checks its options at creation', () => {
  const content = createContentStore();
  it('a misspelt key (maxToken: no budget at all) or a content store without its counter', () => {
    expectRefused(
      () => createCitationMemory({ conversation, content, maxToken: 8000 } as never),
      /createCitationMemory\(options\)\.maxToken: not an option/,
    );
    expectRefused(
      () => createCitationMemory({ conversation, content: { store() {}, retrieve() {} } } as never),
      /content\.counter must be an object with count\(\), countText\(\)/,
    );
  });
});

describe('createExtractiveSummarizer checks its options at creation', () => {
  it('a misspelt key (maxChar: summaries of the default 4000 characters)', () => {
    expectRefused(
      () => createExtractiveSummarizer({ maxChar: 1000 } as never),
      /createExtractiveSummarizer\(options\)\.maxChar: not an option/,
    );
  });
});

import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyView } from '../../test-support/every-view.ts';
import { arbStray, withStrays } from '../../test-support/stray-results.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { ContextOverflowError } from '../core/errors/context-overflow-error.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './auto-context/auto-context-memory.ts';
import { createExtractiveSummarizer } from './auto-context/extractive-summarizer.ts';
import { createCitationMemory } from './citation-memory.ts';
import type { ContextView } from './context-view.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

/**
 * What a view says it sent is what its read returned: `lastStats()` (tokens, messages) and `lastAssembly()` (tokens,
 * items) equal the figures the view's own counter gives for the returned messages, also when the read left out
 * tool results that answer no call (a stray stored for a call never made, or a call answered twice).
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });
const stores: Record<string, () => ReturnType<typeof createMemoryStore>> = {
  memory: () => createMemoryStore(),
  sqlite: tempSqliteStores('sent-figures'),
};

/** Every view with room for the whole log, and the budgeted ones with budgets that cut it. */
function views(
  conversation: ReturnType<typeof createConversationMemory>,
  content: ReturnType<typeof createContentStore>,
  tight: { tokens: number; messages: number },
): Record<string, ContextView> {
  return {
    ...everyView(conversation, content),
    'tight token window': createTokenWindowMemory({ conversation, maxTokens: tight.tokens }),
    'tight sliding window': createSlidingWindowMemory({ conversation, windowSize: tight.messages }),
    'tight citation': createCitationMemory({ conversation, content, maxTokens: tight.tokens }),
    'tight AutoContext': createAutoContextMemory({
      conversation,
      content,
      maxTokens: tight.tokens * 4,
      msgThreshold: tight.messages * 2,
    }),
    'tight summarizing': createSummarizingMemory({
      conversation,
      maxMessages: tight.messages,
      keepRecent: Math.max(1, tight.messages >> 1),
      summarizer: createExtractiveSummarizer(),
    }),
  };
}

const sum = (messages: readonly ModelMessage[]) => messages.reduce((n, m) => n + counter.count(m), 0);

/** The message as stored with only the tool results `sent` kept (what a citation view counts as its full form). */
function fullForm(sent: MemoryMessage, byId: ReadonlyMap<string, LogEntry>): ModelMessage {
  const stored = byId.get(sent.id)?.message ?? sent;
  if (stored.role !== 'tool' || sent.role !== 'tool') return stored;
  const kept = new Set(sent.content.map((p) => (p.type === 'tool-result' ? p.toolCallId : '')));
  return {
    ...stored,
    content: stored.content.filter((p) => p.type !== 'tool-result' || kept.has(p.toolCallId)),
  };
}

/** Each figure a view reports beside the one computed from what it returned: [reported, computed]. */
function figures(
  view: ContextView,
  out: MemoryMessage[],
  log: LogEntry[],
): Record<string, [unknown, unknown]> {
  const assembly = view.lastAssembly()!;
  const pairs: Record<string, [unknown, unknown]> = {
    'assembly tokens': [assembly.tokens, sum(out)],
    'assembly items': [assembly.items.length, out.length],
  };
  const stats = (view as { lastStats?: () => Record<string, number> | undefined }).lastStats?.();
  if (!stats) return pairs;
  if ('messageTokens' in stats) {
    // Observational: the observations block is an estimate (documented); the messages after it are counted.
    const head = out[0]?.id.startsWith('observations:') ? 1 : 0;
    pairs.messageTokens = [stats.messageTokens, sum(out.slice(head))];
    return pairs;
  }
  pairs.tokens = [stats.tokens, sum(out)];
  pairs.messages = [stats.messages, out.length];
  if ('fullTokens' in stats) {
    const byId = new Map(log.map((e) => [e.message.id, e]));
    pairs.fullTokens = [stats.fullTokens, sum(out.map((m) => fullForm(m, byId)))];
  }
  return pairs;
}

describe.each(Object.entries(stores))('what every view says it sent (%s)', (_, makeStore) => {
  it('lastStats and lastAssembly count the messages read() returned, with strays left out (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbConversation({ maxTurns: 10 }),
        fc.array(arbStray, { minLength: 0, maxLength: 3 }),
        fc.record({ tokens: fc.integer({ min: 200, max: 3000 }), messages: fc.integer({ min: 2, max: 12 }) }),
        async (conversationLog, strays, tight) => {
          const store = makeStore();
          const conversation = createConversationMemory({ store, sessionId: 'ses_figures', counter });
          const content = createContentStore({ store, counter });
          await conversation.store(withStrays(conversationLog, strays));
          const log = await conversation.entries();
          const broken: string[] = [];
          for (const [name, view] of Object.entries(views(conversation, content, tight))) {
            let out: MemoryMessage[];
            try {
              out = await view.read();
            } catch (error) {
              if (error instanceof ContextOverflowError) continue; // a budget the newest unit cannot fit
              throw error;
            }
            for (const [figure, [reported, computed]] of Object.entries(figures(view, out, log)))
              if (reported !== computed) broken.push(`${name}: ${figure} ${reported} ≠ ${computed}`);
          }
          await store.close();
          expect(broken).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../content/create-content-store.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { arbConversation } from '../../testing/conversation-arbitrary.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createAutoContextMemory } from '../auto-context/auto-context-memory.ts';
import { createCitationMemory } from '../citation-memory.ts';
import { createObservationalMemory } from '../observational/observational-memory.ts';
import { createSlidingWindowMemory } from '../sliding-window-memory.ts';
import { createSummarizingMemory } from '../summarizing-memory.ts';
import { createTokenWindowMemory } from '../token-window-memory.ts';
import type { ContextAssembly } from './context-assembly.ts';

const counter = createTokenCounter();
/** How often the interesting paths ran (asserted, so the generators keep reaching them). */
const seen = { budget: 0, truncated: 0, citations: 0, ladder: 0 };

/** The invariants every view's assembly keeps: one item per message, in order, ids and counts that add up. */
function checkAssembly(
  assembly: ContextAssembly | undefined,
  messages: readonly MemoryMessage[],
  logIds: Set<string>,
) {
  expect(assembly).toBeDefined();
  const a = assembly!;
  expect(a.items).toHaveLength(messages.length);
  expect(a.tokens).toBe(a.items.reduce((n, i) => n + i.tokens, 0));
  a.items.forEach((item, i) => {
    const message = messages[i]!;
    expect(item.role).toBe(message.role);
    if (logIds.has(message.id)) expect(item.messageId).toBe(message.id);
    else expect(['summary']).toContain(item.source);
    expect(item.tokens).toBeGreaterThanOrEqual(0);
  });
  for (const d of a.dropped) expect(d.messages).toBeGreaterThanOrEqual(0);
}

/** Whole log messages the assembly sent or says it dropped: the live log, exactly (views that read their whole scope). */
const accounted = (a: ContextAssembly) =>
  a.items.filter((i) => i.messageId !== undefined && i.source !== 'summary').length +
  a.dropped.reduce((n, d) => n + d.messages, 0);

describe('lastAssembly(): what each view sent, item by item, and what it left out', () => {
  it('token and sliding windows: counts equal the view’s own, the log is accounted for (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbConversation(),
        fc.integer({ min: 40, max: 3_000 }),
        fc.integer({ min: 1, max: 30 }),
        async (conversation, maxTokens, windowSize) => {
          const memory = createConversationMemory({ counter, initialMessages: conversation });
          const log = await memory.entries();
          const ids = new Set(log.map((e) => e.message.id));
          const tokenView = createTokenWindowMemory({ conversation: memory, maxTokens });
          let messages: MemoryMessage[];
          try {
            messages = await tokenView.read();
          } catch {
            return; // overflow: nothing was sent, nothing to describe
          }
          const a = tokenView.lastAssembly();
          checkAssembly(a, messages, ids);
          expect(a!.tokens).toBe(tokenView.lastStats()!.tokens);
          expect(a!.budget).toBe(maxTokens);
          expect(accounted(a!)).toBe(log.length);
          if (a!.dropped.some((d) => d.rule === 'budget')) seen.budget++;
          if (a!.dropped.some((d) => d.rule === 'truncated')) seen.truncated++;
          const sliding = createSlidingWindowMemory({ conversation: memory, windowSize });
          const out = await sliding.read();
          checkAssembly(sliding.lastAssembly(), out, ids);
          expect(accounted(sliding.lastAssembly()!)).toBe(log.length);
        },
      ),
      // 60 runs gave 10–18 budget cuts (five or fewer about one CI run in 200): 240.
      { numRuns: 240 },
    );
    expect(seen.budget).toBeGreaterThan(5);
  });

  it('citation and auto-context views: citations apart, counts equal the view’s own (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbConversation(),
        fc.integer({ min: 200, max: 5_000 }),
        async (conversation, maxTokens) => {
          const memory = createConversationMemory({ counter, initialMessages: conversation });
          const byId = new Map(
            (await memory.entries()).map((e) => [e.message.id, JSON.stringify(e.message.content)]),
          );
          const ids = new Set(byId.keys());
          const content = createContentStore({ counter });
          const cited = createCitationMemory({
            conversation: memory,
            content,
            maxTokens,
            policy: { default: { offload: 'always', keepTurns: 0 } },
          });
          const out = await cited.read();
          const a = cited.lastAssembly()!;
          checkAssembly(a, out, ids);
          expect(a.tokens).toBe(cited.lastStats()!.tokens);
          const changed = out.filter((m) => byId.get(m.id) !== JSON.stringify(m.content));
          expect(a.items.filter((i) => i.source === 'citation')).toHaveLength(changed.length);
          if (changed.length > 0) seen.citations++;
          const auto = createAutoContextMemory({
            conversation: memory,
            content,
            maxTokens: Math.max(maxTokens, 2_000),
            msgThreshold: 8,
            lastKeep: 3,
            minGainTokens: 0,
          });
          let shown: MemoryMessage[];
          try {
            shown = await auto.read();
          } catch {
            return;
          }
          const b = auto.lastAssembly()!;
          checkAssembly(b, shown, ids);
          expect(b.tokens).toBe(auto.lastStats()!.tokens);
          for (const item of b.items.filter((i) => i.source === 'summary'))
            expect(item.why).toMatch(/^ladder step /);
          if (b.dropped.some((d) => d.rule === 'ladder')) seen.ladder++;
        },
      ),
      { numRuns: 40 },
    );
    expect(seen.citations).toBeGreaterThan(5);
    expect(seen.ladder).toBeGreaterThan(5);
  });

  it('summarizing and observational views: the summary is one item, the summarized range a dropped entry', async () => {
    const memory = createConversationMemory({ counter });
    for (let i = 0; i < 30; i++) {
      await memory.store({ role: 'user', content: `question ${i}` });
      await memory.store({ role: 'assistant', content: `answer ${i}` });
    }
    const ids = new Set((await memory.entries()).map((e) => e.message.id));
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 10,
      keepRecent: 4,
      summarizer: async ({ messages, previousSummary }) =>
        `${previousSummary ?? ''} ${messages.length} messages`,
    });
    const out = await view.read();
    const a = view.lastAssembly()!;
    checkAssembly(a, out, ids);
    const summary = a.items.filter((i) => i.source === 'summary');
    expect(summary).toHaveLength(1);
    expect(a.dropped.find((d) => d.rule === 'summarized')?.messages).toBe(
      summary[0]!.toSeq! - summary[0]!.fromSeq! + 1,
    );
    expect(accounted(a)).toBe(60);

    const observed = createObservationalMemory({ conversation: memory, background: false, recentTokens: 50 });
    await observed.consolidate();
    const shown = await observed.read();
    const b = observed.lastAssembly()!;
    checkAssembly(b, shown, ids);
    expect(b.items[0]!.source).toBe('summary');
    expect(b.dropped[0]!.rule).toBe('summarized');
  });

  it('a token window that truncates the newest unit says so: the item is a tool result, the cut a dropped entry', async () => {
    const memory = createConversationMemory({ counter });
    await memory.store({ role: 'user', content: 'fetch it' });
    await memory.store([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'fetch', input: {} }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 'fetch',
            output: { type: 'text', value: 'word '.repeat(3_000) },
          },
        ],
      },
    ]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 500 });
    const out = await view.read();
    const a = view.lastAssembly()!;
    checkAssembly(a, out, new Set((await memory.entries()).map((e) => e.message.id)));
    expect(a.tokens).toBe(view.lastStats()!.tokens);
    const tool = a.items.find((i) => i.role === 'tool')!;
    expect(tool.source).toBe('tool-result');
    expect(tool.why).toMatch(/truncated/);
    const cut = a.dropped.find((d) => d.rule === 'truncated')!;
    expect(cut.messages).toBe(0);
    expect(cut.tokens).toBeGreaterThan(2_000);
  });
});

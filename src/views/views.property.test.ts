import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import {
  checkContext,
  checkPairs,
  checkStartsOnUser,
  referenceWindow,
  withSmallPages,
} from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import type { SummarizerInput } from './summarizer.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';
import { truncateToolResults } from './truncate-tool-results.ts';

const counter = createTokenCounter();
/** How often the interesting paths ran (asserted at the end, so the generators keep reaching them). */
const seen = { truncated: 0, partial: 0, overflow: 0, summaries: 0, opener: 0, assistantFirst: 0 };

/** Either `startOn`, or none (the default, 'user'). */
const arbStartOn = fc.constantFrom({}, { startOn: 'user' as const }, { startOn: 'any' as const });

/**
 * Counts how a window led (with the default rule): a user message put first ahead of a gap (the turn's opener), or
 * an assistant message although a user message precedes it (the opener did not fit beside the newest unit).
 */
function countLead(log: readonly LogEntry[], out: readonly MemoryMessage[]): void {
  const sent = out.filter((m) => m.role !== 'system');
  const first = sent[0];
  if (!first) return;
  const at = log.findIndex((e) => e.message.id === first.id);
  if (first.role !== 'user') {
    if (log.slice(0, at).some((e) => e.message.role === 'user')) seen.assistantFirst++;
    return;
  }
  const next = log.slice(at + 1).find((e) => e.message.role !== 'system');
  if (sent[1] && next && next.message.id !== sent[1].id) seen.opener++;
}

/** A scenario: a conversation, how much of it exists before the view, when to read, and deletes. */
const arbScenario = fc.record({
  messages: arbConversation(),
  initial: fc.nat(40),
  readEvery: fc.integer({ min: 1, max: 6 }),
  deletes: fc.array(fc.nat(200), { maxLength: 2 }),
  pageSize: fc.integer({ min: 1, max: 8 }),
});
type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

/**
 * Plays a scenario: the first messages are initial, the rest are stored through the view one by one, reading
 * every `readEvery` messages (and at the end) and checking each read; deletes happen half-way.
 */
async function play(
  s: Scenario,
  view: { store(m: ModelMessage): Promise<unknown>; appended(): Promise<ModelMessage[]> },
  memory: ConversationMemory,
  check: (log: LogEntry[]) => Promise<void>,
): Promise<void> {
  const initial = Math.min(s.initial, s.messages.length);
  const rest = s.messages.slice(initial);
  for (let i = 0; i < rest.length; i++) {
    await view.store(rest[i]!);
    if (i === Math.floor(rest.length / 2) && s.deletes.length > 0) {
      const log = await memory.read();
      for (const d of s.deletes) if (log.length > 0) await memory.delete(log[d % log.length]!.id);
    }
    if (i % s.readEvery === 0) await check(await memory.entries());
  }
  await check(await memory.entries());
  if (s.deletes.length === 0)
    expect((await view.appended()).map((m) => m.role)).toEqual(rest.map((m) => m.role));
}

const open = (s: Scenario) =>
  withSmallPages(
    createConversationMemory({
      counter,
      initialMessages: s.messages.slice(0, Math.min(s.initial, s.messages.length)),
    }),
    s.pageSize,
  );

describe('views over random realistic conversations', () => {
  it('sliding window: equals the full-log reference, valid context, window respected', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario,
        fc.integer({ min: 1, max: 25 }),
        arbStartOn,
        async (s, windowSize, startOn) => {
          const memory = open(s);
          const view = createSlidingWindowMemory({ conversation: memory, windowSize, ...startOn });
          await play(s, view, memory, async (log) => {
            const out = await view.read();
            checkContext(log, out);
            const ref = referenceWindow(
              log,
              (sys) => Math.max(0, windowSize - sys.length),
              (items) => items.length,
              startOn.startOn,
            );
            if (startOn.startOn !== 'any') countLead(log, out);
            expect(out.map((m) => m.id)).toEqual(ref.ids);
            if (!ref.oversized)
              expect(out.length).toBeLessThanOrEqual(
                Math.max(windowSize, log.filter((e) => e.message.role === 'system').length),
              );
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('token window: equals the reference, fits the budget, truncates or throws only when it must', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario,
        fc.oneof(fc.integer({ min: 20, max: 300 }), fc.integer({ min: 300, max: 3000 })),
        fc.nat(30),
        arbStartOn,
        async (s, maxTokens, reserve, startOn) => {
          const memory = open(s);
          const reserveTokens = Math.min(reserve, maxTokens - 1);
          const budget = maxTokens - reserveTokens;
          const view = createTokenWindowMemory({
            conversation: memory,
            maxTokens,
            reserveTokens,
            ...startOn,
          });
          await play(s, view, memory, async (log) => {
            const systemTokens = log
              .filter((e) => e.message.role === 'system')
              .reduce((n, e) => n + e.tokens, 0);
            const ref = referenceWindow(
              log,
              () => budget - systemTokens,
              (items) => items.reduce((n, e) => n + e.tokens, 0),
              startOn.startOn,
              (items, room) => truncateToolResults(items, room, counter) !== undefined,
            );
            let out: Awaited<ReturnType<typeof view.read>>;
            try {
              out = await view.read();
            } catch (error) {
              expect(MemoryError.hasCode(error, 'CONTEXT_OVERFLOW')).toBe(true);
              seen.overflow++;
              expect(systemTokens > budget || ref.oversized !== undefined).toBe(true);
              return;
            }
            checkContext(log, out);
            expect(out.map((m) => m.id)).toEqual(ref.ids);
            if (startOn.startOn !== 'any') countLead(log, out);
            const tokens = out.reduce((n, m) => n + counter.count(m), 0);
            expect(tokens).toBeLessThanOrEqual(budget);
            seen.truncated += ref.oversized ? 1 : 0;
            seen.partial += view.lastStats()!.droppedMessages > 0 ? 1 : 0;
            expect(view.lastStats()).toMatchObject({
              tokens,
              messages: out.length,
              truncated: ref.oversized !== undefined,
            });
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('summarizing: valid context, incremental summaries of each message once, never on an unchanged log', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbScenario.map((s) => ({ ...s, deletes: [] })),
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
        fc.constantFrom('user' as const, 'instructions' as const),
        async (s, maxMessages, keepRecent, step, summaryRole) => {
          const memory = open(s);
          const calls: SummarizerInput[] = [];
          const summarizer = async (input: SummarizerInput) => {
            calls.push(input);
            return `${input.previousSummary ?? ''}|${input.messages.length}`;
          };
          const view = createSummarizingMemory({
            conversation: memory,
            maxMessages,
            keepRecent,
            summarizer,
            summaryRole,
            ...(step ? { step } : {}),
          });
          const minStep = step ?? Math.max(1, Math.floor(keepRecent / 2));
          await play(s, view, memory, async (log) => {
            const out = await view.read();
            const summary = await view.summary();
            checkContext(log, out, summary?.id);
            checkStartsOnUser(log, out, summary?.id);
            const before = calls.length;
            expect(await view.read()).toEqual(out); // an unchanged log never summarizes again
            expect(calls.length).toBe(before);
            if (summary) {
              seen.summaries++;
              // Every non-system message up to toSeq was summarized exactly once, in order.
              const covered = calls.flatMap((c) => c.messages.map((m) => m.id));
              expect(covered).toEqual(
                log
                  .filter((e) => e.seq <= summary.toSeq && e.message.role !== 'system')
                  .map((e) => e.message.id),
              );
              expect(calls.every((c) => c.messages.length >= minStep)).toBe(true);
              expect(
                summaryRole === 'user'
                  ? out.some((m) => m.id === summary.id)
                  : !out.some((m) => m.id === summary.id),
              ).toBe(true);
            }
          });
        },
      ),
      { numRuns: 800 },
    );
  });

  it('memory.prune: valid log afterwards, system messages kept, budget met unless only system messages are left', async () => {
    await fc.assert(
      fc.asyncProperty(arbConversation(), fc.nat(2000), async (messages, maxTokens) => {
        const memory = createConversationMemory({ counter, initialMessages: messages });
        const before = await memory.entries();
        await memory.prune(maxTokens);
        const after = await memory.entries();
        checkContext(
          before,
          after.map((e) => e.message),
        );
        checkPairs(after.map((e) => e.message));
        const tokens = await memory.tokens();
        if (tokens > maxTokens) expect(after.every((e) => e.message.role === 'system')).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('reached every interesting path', () => {
    expect(seen.truncated).toBeGreaterThan(5);
    expect(seen.partial).toBeGreaterThan(100);
    expect(seen.overflow).toBeGreaterThan(5);
    expect(seen.summaries).toBeGreaterThan(100);
    expect(seen.opener).toBeGreaterThan(50);
    expect(seen.assistantFirst).toBeGreaterThan(5);
  });
});

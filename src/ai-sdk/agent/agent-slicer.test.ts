import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { compactingView } from '../../../test-support/compacting-view.ts';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { openCountingDatabase } from '../../../test-support/sqlite-commit-counter.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { openSqliteStore, type SqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { readAssemblyRecords } from '../../views/assembly/assembly-records.ts';
import type { ContextView } from '../../views/context-view.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { agent } from './agent.ts';

/**
 * `runAgent` with a time slicer whose every tick yields (as on a loaded machine, or a long step): the turns it gives
 * the event loop between a step's read, its recall and the step change nothing a run stores or returns, the step
 * still commits in one transaction (its ride survives the yields), and concurrent runs and aborts stay whole.
 */

const ticks = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../core/time-slicer.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../core/time-slicer.ts')>();
  return {
    createTimeSlicer: () => {
      const slicer = original.createTimeSlicer(0);
      return {
        tick: () => {
          ticks.n++;
          return slicer.tick();
        },
      };
    },
  };
});

const counter = createTokenCounter();
const scope = { tenant: 't' };
const dirs: string[] = [];
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const fetchPage = tool({
  description: 'Fetches a page.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) =>
    `<html><!-- ${url} -->${'<p>Lisbon dishes and allergens.</p>'.repeat(400)}</html>`,
});

/** A model that calls fetchPage four times, then answers; its tool call ids carry `name` (runs in one log stay apart). */
function fiveSteps(name: string) {
  let calls = 0;
  return new MockLanguageModelV4({
    doStream: async () => {
      calls++;
      const parts =
        calls < 5
          ? [
              {
                type: 'tool-call' as const,
                toolCallId: `${name}_${calls}`,
                toolName: 'fetchPage',
                input: JSON.stringify({ url: `https://${name}.example/${calls}` }),
              },
            ]
          : [
              { type: 'text-start' as const, id: 't' },
              { type: 'text-delta' as const, id: 't', delta: `Done ${name}.` },
              { type: 'text-end' as const, id: 't' },
            ];
      const finish = { unified: calls < 5 ? ('tool-calls' as const) : ('stop' as const), raw: undefined };
      const usage = {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      };
      return {
        stream: convertArrayToReadableStream([
          { type: 'stream-start' as const, warnings: [] },
          ...parts,
          { type: 'finish' as const, finishReason: finish, usage },
        ]),
      };
    },
  });
}

async function openFullStack() {
  const dir = mkdtempSync(join(tmpdir(), 'engram-slicer-'));
  dirs.push(dir);
  const counting = openCountingDatabase(join(dir, 'c.db'));
  const store: SqliteStore = await openSqliteStore({ database: counting.database });
  closing.push(
    () => counting.close(),
    () => store.close(),
  );
  const conversation = createConversationMemory({ store, scope, sessionId: 's', counter });
  await conversation.stats();
  const content = createContentStore({ store, scope, counter });
  const memory = compactingView(conversation, content);
  const longTerm = createLongTermMemory({ store, scope, session: 's' });
  const make = (name: string) =>
    agent({
      name,
      description: 'test',
      model: fiveSteps(name),
      tools: { fetchPage },
      memory,
      contentStore: content,
      longTermMemory: { memory: longTerm, mode: 'static' },
      recordAssembly: true,
    });
  return { store, counting, memory, content, make };
}

/** Every step in the log is whole: each record's step follows it, each call is answered right after its message. */
async function expectWholeSteps(store: SqliteStore): Promise<number> {
  const entries = await store.readRange(scope, 's');
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  const records = await readAssemblyRecords(store, scope, 's');
  const recordAt = new Set(records.map((r) => r.lastSeq));
  for (const r of records) expect(bySeq.get(r.lastSeq + 1)?.message.role).toBe('assistant');
  const calls = (e: LogEntry) =>
    e.message.role === 'assistant' && Array.isArray(e.message.content)
      ? e.message.content.flatMap((p) => (p.type === 'tool-call' ? [p.toolCallId] : []))
      : [];
  let steps = 0;
  for (const e of entries) {
    if (e.message.role !== 'assistant') continue;
    steps++;
    expect(recordAt.has(e.seq - 1)).toBe(true);
    calls(e).forEach((id, i) => {
      const result = bySeq.get(e.seq + 1 + i)?.message;
      expect(result?.role).toBe('tool');
      expect(
        result?.role === 'tool' &&
          result.content.some((p) => p.type === 'tool-result' && p.toolCallId === id),
      ).toBe(true);
    });
  }
  expect(steps).toBe(records.length);
  return steps;
}

describe('agent: a time slicer that yields at every tick', () => {
  it('the full stack: one commit per step, nothing a read wrote committed alone', async () => {
    const { store, counting, memory, content, make } = await openFullStack();
    const before = counting.log().length;
    const at = ticks.n;
    const result = await make('a').run('Read four pages about Lisbon food.').result;
    expect(ticks.n - at).toBeGreaterThanOrEqual(15);
    expect(result.steps).toBe(5);
    const log = counting.log().slice(before);
    expect(log.filter((l) => /engram_content_items|engram_artifacts/.test(l))).toEqual([]);
    expect(log.filter((l) => l.startsWith('flushed')).length).toBeLessThanOrEqual(6);
    expect(log.length).toBeLessThanOrEqual(7);
    expect((await content.query()).items.length).toBeGreaterThan(0);
    expect((await memory.steps()).length).toBeGreaterThan(0);
    expect(await expectWholeSteps(store)).toBe(5);
  });

  it('two runs at once on one view: both finish, every step whole', async () => {
    const { store, make } = await openFullStack();
    const [a, b] = await Promise.all([
      make('a').run('Read four pages about Lisbon food.').result,
      make('b').run('Read four pages about Porto food.').result,
    ]);
    expect([a.steps, b.steps]).toEqual([5, 5]);
    expect(await expectWholeSteps(store)).toBe(10);
  });

  // A run's `response` and `text` are its own last assistant message, not the last of `view.appended()` (which holds
  // every run's messages: a run that ended before another on the same view returned the other's answer).
  it('two runs at once on one view: each returns its own answer', async () => {
    const { make } = await openFullStack();
    const [a, b] = await Promise.all([
      make('a').run('Read four pages about Lisbon food.').result,
      make('b').run('Read four pages about Porto food.').result,
    ]);
    expect([a.text, b.text]).toEqual(['Done a.', 'Done b.']);
  });

  it('an abort that lands in a tick: the run ends aborted, no step half stored', async () => {
    const { store, make } = await openFullStack();
    const controller = new AbortController();
    const run = make('a').run('Read four pages about Lisbon food.', undefined, {
      abortSignal: controller.signal,
    });
    setImmediate(() => controller.abort());
    const result = await run.result;
    expect(result.finishReason).toBe('aborted');
    expect(result.steps).toBeLessThan(5);
    await expectWholeSteps(store);
  });

  it("two runs at once on one view: each run's recall is sized by its own read's budget (not the other run's)", async () => {
    const longTerm = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
    await longTerm.record(
      Array.from(
        { length: 200 },
        (_, i) =>
          ({
            id: `g${i}`,
            role: 'user',
            content: `note ${i}: the garden roses need water and the tulips need sun`,
            createdAt: new Date(Date.UTC(2023, 4, 1 + (i % 28))),
          }) as MemoryMessage,
      ),
    );
    // A view whose budget is its read's: 3,000 tokens on odd reads, 40,000 on even ones (recall: 300, then 4,000).
    const inner = createTokenWindowMemory({
      conversation: createConversationMemory({ counter }),
      maxTokens: 100_000,
    });
    let reads = 0;
    let budget = 0;
    const view: ContextView = {
      specificationVersion: 'v1',
      conversation: inner.conversation,
      read: async () => {
        const read = await inner.read();
        budget = reads++ % 2 === 0 ? 3_000 : 40_000;
        return read;
      },
      store: (messages) => inner.store(messages),
      appended: () => inner.appended(),
      lastAssembly: () => {
        const assembly = inner.lastAssembly();
        return assembly && { ...assembly, budget };
      },
    };
    const run = (name: string) => {
      const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
      const a = agent({ name, description: 'd', model, memory: view, longTermMemory: { memory: longTerm } });
      return { result: a.run('what about the garden roses?').result, prompts };
    };
    const [first, second] = [run('a'), run('b')];
    await Promise.all([first.result, second.result]);
    const recallTokens = (prompts: typeof first.prompts) => {
      for (const m of prompts[0] ?? []) {
        if (m.role !== 'user') continue;
        for (const p of m.content)
          if (p.type === 'text' && p.text.includes('<long_term_memory>')) return counter.countText(p.text);
      }
      return 0;
    };
    // The first run read first (3,000): its block fits 300 tokens; the second's is larger.
    expect(recallTokens(first.prompts)).toBeLessThanOrEqual(300);
    expect(recallTokens(second.prompts)).toBeGreaterThan(300);
  });
});

import type { JSONValue, ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createId } from '../core/ids.ts';
import type { LogEntry } from '../core/message.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { toMemoryMessage } from '../messages/from-model-message.ts';
import { serializeMessage } from '../messages/serialize.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { checkContext, referenceWindow, withSmallPages } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import type { SummarizerInput } from './summarizer.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';
import { truncateToolResults } from './truncate-tool-results.ts';

/**
 * Views live across reads and keep what they read (see view-log.ts). Whatever happens to the log between two
 * reads — appends through this memory or another one on the same session, deletes, prunes, clears, a replaced
 * log, the session deleted and created again — a read returns exactly what a view created at that moment returns
 * (the oracle), and the token and sliding windows also equal the full-log reference.
 */
const counter = createTokenCounter();
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});
/** How often each kind of change preceded a read (asserted at the end, so the generators keep reaching them). */
const seen = {
  appendsOnly: 0,
  otherWriter: 0,
  removal: 0,
  recreate: 0,
  unchanged: 0,
  truncated: 0,
  summary: 0,
};

const by = fc.constantFrom(0, 1);
const arbOp = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('append' as const), by, n: fc.integer({ min: 1, max: 5 }) }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('read' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), by, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prune' as const), by, keep: fc.nat(1500) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), by, keep: fc.nat(20), n: fc.nat(3) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const, by: 0 as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'recreate' as const }) },
);
const arbScenario = fc.record({
  messages: arbConversation({ maxTurns: 20 }),
  ops: fc.array(arbOp, { minLength: 4, maxLength: 24 }),
  pageSize: fc.integer({ min: 1, max: 8 }),
  windowSize: fc.integer({ min: 1, max: 25 }),
  maxTokens: fc.oneof(
    // Small budgets twice as often: the newest unit alone over the budget (truncation) stays well covered.
    { weight: 2, arbitrary: fc.integer({ min: 20, max: 150 }) },
    fc.integer({ min: 150, max: 600 }),
    fc.integer({ min: 600, max: 3000 }),
  ),
  reserve: fc.nat(30),
  summarizing: fc.record({
    maxMessages: fc.integer({ min: 2, max: 20 }),
    keepRecent: fc.integer({ min: 1, max: 8 }),
    step: fc.integer({ min: 1, max: 6 }),
  }),
});
type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

/** A read's outcome: the messages (compared whole: a view's kept entries must equal what the store reads back) or the error code. */
async function outcome(read: () => Promise<readonly ModelMessage[]>): Promise<unknown> {
  try {
    return await read();
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

/** The ids of a read's messages (or the error). */
const idsOf = (result: unknown) => (Array.isArray(result) ? result.map((m: { id: string }) => m.id) : result);

/** A deterministic summarizer (the text depends only on what it is given). */
const summarizer = async (input: SummarizerInput) =>
  `${input.previousSummary ?? ''}|${input.messages.map((m) => m.id).join(',')}`;

async function play(store: MemoryStoreV1, s: Scenario): Promise<void> {
  const sessionId = createId('ses');
  const scope = { tenant: 'default' };
  const open = () => createConversationMemory({ store, sessionId, counter, scope });
  const writers: ConversationMemory[] = [withSmallPages(open(), s.pageSize), open()];
  const memory = writers[0]!;
  const reserveTokens = Math.min(s.reserve, s.maxTokens - 1);
  const budget = s.maxTokens - reserveTokens;
  const views = (m: ConversationMemory) => ({
    sliding: createSlidingWindowMemory({ conversation: m, windowSize: s.windowSize }),
    token: createTokenWindowMemory({ conversation: m, maxTokens: s.maxTokens, reserveTokens }),
    summarizing: createSummarizingMemory({ conversation: m, ...s.summarizing, summarizer }),
  });
  const live = views(memory);
  let next = 0;
  const take = (n: number) => {
    const out = s.messages.slice(next, next + n);
    next += n;
    return out;
  };
  let since = new Set<string>();

  const check = async () => {
    const fresh = views(open());
    const log: LogEntry[] = await open().entries();
    // The summarizing view goes first: a fresh one then finds the summary the live one saved, as it would.
    expect(await outcome(() => live.summarizing.read())).toEqual(
      await outcome(() => fresh.summarizing.read()),
    );
    if (await live.summarizing.summary()) seen.summary++;
    const sliding = await outcome(() => live.sliding.read());
    expect(sliding).toEqual(await outcome(() => fresh.sliding.read()));
    expect(idsOf(sliding)).toEqual(
      referenceWindow(
        log,
        (sys) => Math.max(0, s.windowSize - sys.length),
        (items) => items.length,
      ).ids,
    );
    const token = await outcome(() => live.token.read());
    expect(token).toEqual(await outcome(() => fresh.token.read()));
    if (Array.isArray(token)) {
      const ids = idsOf(token) as string[];
      checkContext(
        log,
        log.filter((e) => ids.includes(e.message.id)).map((e) => e.message),
      );
      const systemTokens = log.filter((e) => e.message.role === 'system').reduce((n, e) => n + e.tokens, 0);
      const ref = referenceWindow(
        log,
        () => budget - systemTokens,
        (items) => items.reduce((n, e) => n + e.tokens, 0),
        'user',
        (items, room) => truncateToolResults(items, room, counter) !== undefined,
      );
      expect(ids).toEqual(ref.ids);
      const { droppedUnits: _a, ...stats } = live.token.lastStats()!;
      const { droppedUnits: _b, ...oracle } = fresh.token.lastStats()!;
      expect(stats).toEqual(oracle);
      if (stats.truncated) seen.truncated++;
    }
    if (since.size === 0) seen.unchanged++;
    else if (since.has('recreate')) seen.recreate++;
    else if ([...since].some((k) => k !== 'append' && k !== 'append-other')) seen.removal++;
    else {
      seen.appendsOnly++;
      if (since.has('append-other')) seen.otherWriter++;
    }
    since = new Set();
  };

  await memory.stats();
  await check();
  for (const o of s.ops) {
    if (o.kind === 'read') {
      await check();
      continue;
    }
    if (o.kind === 'recreate') {
      await store.deleteSession(scope, sessionId);
      await store.createSession(scope, { id: sessionId });
      since.add('recreate');
      continue;
    }
    const writer = writers[o.by]!;
    if (o.kind === 'append') {
      const batch = take(o.n);
      if (batch.length === 0) continue;
      // One call per message, as an agent loop stores them.
      for (const m of batch) await writer.store(m);
      since.add(o.by === 0 ? 'append' : 'append-other');
      continue;
    }
    const entries = await writer.entries();
    if (entries.length === 0) continue;
    since.add(o.kind);
    if (o.kind === 'delete') await writer.delete(entries[o.pick % entries.length]!.message.id);
    else if (o.kind === 'prune') await writer.prune(o.keep);
    else if (o.kind === 'clear') await writer.clear();
    else {
      const state = (await writer.saveState()) as { messages: JSONValue[] };
      const added = take(o.n).map((m) => JSON.parse(serializeMessage(toMemoryMessage(m))) as JSONValue);
      await writer.loadState({ messages: [...state.messages.slice(0, o.keep), ...added] });
    }
  }
  await check();
}

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'incremental views over $name',
  (driver) => {
    const runs: Record<string, number> = { memory: 900, sqlite: 120, 'json-file': 60, postgres: 25 };
    it.skipIf(driver.missing !== undefined)(
      'every read equals a fresh view and the full-log reference, whatever changed the log (property)',
      async () => {
        const o = await driver.open();
        opened.push(o);
        await fc.assert(
          fc.asyncProperty(arbScenario, (s) => play(o.store, s)),
          { numRuns: runs[driver.name] ?? 25 },
        );
      },
      120_000,
    );
  },
);

describe('incremental views: coverage', () => {
  it('reached every kind of change before a read', () => {
    expect(seen.appendsOnly).toBeGreaterThan(100);
    expect(seen.otherWriter).toBeGreaterThan(30);
    expect(seen.removal).toBeGreaterThan(30);
    expect(seen.recreate).toBeGreaterThan(10);
    expect(seen.unchanged).toBeGreaterThan(10);
    expect(seen.truncated).toBeGreaterThan(0); // 5 to 11 a run with 300 memory runs (none about one run in 3,000); 900 now
    expect(seen.summary).toBeGreaterThan(30);
  });
});

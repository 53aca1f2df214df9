import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createId } from '../core/ids.ts';
import { toMemoryMessage } from '../messages/from-model-message.ts';
import { serializeMessage } from '../messages/serialize.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { type ConversationMemory, createConversationMemory } from './conversation-memory.ts';

/**
 * `appended()` keeps what it returned and reads only what changed (appended-entries.ts). Whatever happens between
 * two calls — appends through this memory or another one on the session, deletes, clears, a replaced log (loadState
 * through either), the session deleted and created again, the memory reopened — it equals a from-scratch read of
 * the live entries after the memory's baseline.
 */
const counter = createEstimateTokenCounter();
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});
/** How often each kind of change preceded a call (asserted at the end, so the generators keep reaching them). */
const seen = { appendsOnly: 0, otherWriter: 0, removal: 0, unchanged: 0, reload: 0 };

const by = fc.constantFrom(0, 1);
const arbOp = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('append' as const), by, n: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('appended' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), by, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), by }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('load' as const), by, keep: fc.nat(12), n: fc.nat(3) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'recreate' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
);
const arbScenario = fc.record({
  messages: arbConversation({ maxTurns: 20 }),
  ops: fc.array(arbOp, { minLength: 4, maxLength: 30 }),
});
type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

async function play(store: MemoryStoreV1, s: Scenario): Promise<void> {
  const sessionId = createId('ses');
  const scope = { tenant: 'default' };
  const open = () => createConversationMemory({ store, sessionId, counter, scope });
  /** Opens a memory now; returns it with its baseline (the newest sequence number at its open). */
  const opening = async () => {
    const memory = open();
    return { memory, baseline: (await memory.stats()).lastSeq };
  };
  let { memory, baseline } = await opening();
  const other: ConversationMemory = open();
  let next = 0;
  const take = (n: number) => {
    const out = s.messages.slice(next, next + n);
    next += n;
    return out;
  };
  let since = new Set<string>();

  const check = async () => {
    const direct = (await store.readRange(scope, sessionId, { fromSeq: baseline + 1 })).map((e) => e.message);
    expect(await memory.appended()).toEqual(direct);
    if (since.size === 0) seen.unchanged++;
    else if (since.has('reload')) seen.reload++;
    else if ([...since].some((k) => k !== 'append' && k !== 'append-other')) seen.removal++;
    else {
      seen.appendsOnly++;
      if (since.has('append-other')) seen.otherWriter++;
    }
    since = new Set();
  };

  for (const o of s.ops) {
    if (o.kind === 'appended') await check();
    else if (o.kind === 'recreate') {
      await store.deleteSession(scope, sessionId);
      await store.createSession(scope, { id: sessionId });
      since.add('recreate');
    } else if (o.kind === 'reopen') {
      ({ memory, baseline } = await opening());
      since.add('reload');
    } else {
      const writer = o.by === 0 ? memory : other;
      if (o.kind === 'append') {
        const batch = take(o.n);
        if (batch.length === 0) continue;
        // Some one message a call (as an agent loop stores them), some a batch.
        if (o.n % 2 === 0) await writer.store(batch);
        else for (const m of batch) await writer.store(m);
        since.add(o.by === 0 ? 'append' : 'append-other');
      } else if (o.kind === 'delete') {
        const entries = await writer.entries();
        if (entries.length === 0) continue;
        await writer.delete(entries[o.pick % entries.length]!.message.id);
        since.add('delete');
      } else if (o.kind === 'clear') {
        await writer.clear();
        since.add('clear');
      } else {
        const state = (await writer.saveState()) as { messages: JSONValue[] };
        const added = take(o.n).map((m) => JSON.parse(serializeMessage(toMemoryMessage(m))) as JSONValue);
        await writer.loadState({ messages: [...state.messages.slice(0, o.keep), ...added] });
        // loadState moves the loading memory's baseline to the log's head.
        if (o.by === 0) {
          baseline = (await memory.stats()).lastSeq;
          since.add('reload');
        } else since.add('replace');
      }
    }
  }
  await check();
}

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'incremental appended() over $name',
  (driver) => {
    const runs: Record<string, number> = { memory: 300, sqlite: 150, 'json-file': 60, postgres: 30 };
    it.skipIf(driver.missing !== undefined)(
      'every call equals a from-scratch read of the live entries after the baseline (property)',
      async () => {
        const o = await driver.open();
        opened.push(o);
        await fc.assert(
          fc.asyncProperty(arbScenario, (s) => play(o.store, s)),
          { numRuns: runs[driver.name] ?? 30 },
        );
      },
      120_000,
    );
  },
);

describe('incremental appended(): coverage', () => {
  it('reached every kind of change before a call', () => {
    expect(seen.appendsOnly).toBeGreaterThan(100);
    expect(seen.otherWriter).toBeGreaterThan(30);
    expect(seen.removal).toBeGreaterThan(30);
    expect(seen.reload).toBeGreaterThan(10);
    expect(seen.unchanged).toBeGreaterThan(10);
  });
});

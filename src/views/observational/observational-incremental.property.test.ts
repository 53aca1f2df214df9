import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DriverBudget,
  propertyOnEveryDriver,
} from '../../../test-support/reliability/property-on-drivers.ts';
import type { ReliabilityDriver } from '../../../test-support/reliability/store-drivers.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createObservationalMemory, type ObservationalMemory } from './observational-memory.ts';

/**
 * An ObservationalMemory keeps the log after the observed range and its observations between reads. Whatever
 * happens between reads — appends (through the view or another memory), deletes, consolidation by this view or
 * another one, the store reopened, a read and a consolidation racing appends — a read returns what a view created at that moment returns. It runs on every
 * driver, each run on a fresh store; "reopen" closes the store and opens a new store object over the same data,
 * except in memory, whose data lives in its store object: there the reopen op is skipped and the other ops run.
 */
const counter = createTokenCounter();
const seen = { observed: 0, reflected: 0, deleted: 0, reopened: 0, raced: 0 };

const arbOp = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      n: fc.integer({ min: 1, max: 20 }),
      other: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('consolidate' as const), other: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('race' as const),
      n: fc.integer({ min: 1, max: 6 }),
      other: fc.boolean(),
    }),
  },
);

const snapshot = async (view: ObservationalMemory) => ({
  messages: await view.read(),
  stats: view.lastStats(),
  assembly: view.lastAssembly(),
});

/** A scenario of at most `maxOps` ops (fewer on the slow drivers). */
const scenario = (maxOps: number) =>
  fc.record({
    seed: fc.integer(),
    ops: fc.array(arbOp, { minLength: 6, maxLength: maxOps }),
    recentTokens: fc.integer({ min: 200, max: 3000 }),
    observationTokens: fc.integer({ min: 100, max: 1500 }),
  });
type Scenario = ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never;

/** One run: a fresh store of the driver, the scenario's ops, a read after each `read` op and at the end. */
async function play(driver: ReliabilityDriver, sc: Scenario): Promise<void> {
  const script = createScriptedConversation({ seed: sc.seed, messages: 400, toolResultBytes: 0.05 });
  let next = 0;
  const take = (n: number): ModelMessage[] => {
    next += n;
    return script.slice(next - n, next);
  };
  const opened = await driver.open();
  const memoryOf = () => createConversationMemory({ store: opened.store, counter, sessionId: 'run' });
  const viewOf = () =>
    createObservationalMemory({
      conversation: memoryOf(),
      recentTokens: sc.recentTokens,
      observationTokens: sc.observationTokens,
      background: false,
    });
  let view = viewOf();
  try {
    // Every run ends with a read, then a restart (where the store can be reopened) and a read of the reopened store.
    const closing = [{ kind: 'read' as const }, { kind: 'reopen' as const }, { kind: 'read' as const }];
    for (const op of [...sc.ops, ...closing]) {
      if (op.kind === 'append') {
        if (next >= script.length) continue;
        await (op.other ? memoryOf() : view.conversation).store(take(op.n));
      } else if (op.kind === 'consolidate') {
        const n = await (op.other ? viewOf() : view).consolidate();
        if (n > 0) seen.observed++;
      } else if (op.kind === 'delete') {
        const entries = await view.conversation.entries();
        if (entries.length === 0) continue;
        await view.conversation.delete(entries[op.pick % entries.length]!.message.id);
        seen.deleted++;
      } else if (op.kind === 'race') {
        // A read and a consolidation (this view's or another one's) run while another memory stores, one message a
        // call: they may see any prefix of the appends; what they keep must not spoil the next read.
        if (next >= script.length) continue;
        const batch = take(op.n);
        const read = view.read();
        const consolidated = (op.other ? viewOf() : view).consolidate();
        const writer = memoryOf();
        for (const m of batch) await writer.store(m);
        await Promise.all([read, consolidated]);
        seen.raced++;
      } else if (op.kind === 'reopen') {
        // The in-memory store cannot be reopened: its data lives in its store object (this op is skipped there).
        if (!opened.reopen) continue;
        await opened.reopen();
        view = viewOf();
        seen.reopened++;
      } else {
        const got = await snapshot(view);
        expect(got).toEqual(await snapshot(viewOf()));
        if ((await view.conversation.listArtifacts('reflection')).length > 0) seen.reflected++;
      }
    }
  } finally {
    await opened.dispose();
  }
}

/** Runs and most ops a scenario has, per driver (PostgreSQL is slow: fewer of both). */
const budget: Record<string, DriverBudget> = {
  memory: { runs: 30, ops: 30 },
  sqlite: { runs: 30, ops: 30 },
  libsql: { runs: 30, ops: 30 },
  'json-file': { runs: 30, ops: 30 },
  postgres: { runs: 10, ops: 12 },
};

propertyOnEveryDriver({
  suite: 'ObservationalMemory reads incrementally over $name',
  test: () => 'property: every read equals a fresh view of the same log and observations',
  budget,
  fallback: { runs: 10, ops: 12 },
  scenario,
  prepare: async (driver) => (sc) => play(driver, sc),
  timeout: 600_000,
});

describe('ObservationalMemory reads incrementally: coverage', () => {
  it('reached consolidation and reopens', () => {
    expect(seen.observed).toBeGreaterThan(0);
    expect(seen.reopened).toBeGreaterThan(0);
    expect(seen.raced).toBeGreaterThan(20);
  });
});

import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DriverBudget,
  propertyOnEveryDriver,
} from '../../../test-support/reliability/property-on-drivers.ts';
import type { ReliabilityDriver } from '../../../test-support/reliability/store-drivers.ts';
import type { LogEntry } from '../../core/message.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { groupUnits } from '../../messages/units.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createPendingLog } from './pending-log.ts';

/**
 * A pending log asked for the units from a sequence number on, after any appends and deletes (by another memory),
 * gives the grouping of a fresh read of the store from that number: whether `from` moves past whole units (as
 * ranges are observed), into the middle of one, or back.
 */
const counter = createEstimateTokenCounter();
let late = 0;
const unitOptions = { message: (e: LogEntry) => e.message, tokens: (e: LogEntry) => e.tokens };

const arbOp = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('append' as const), n: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('advance' as const), units: fc.nat({ max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('jump' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'late' as const }) },
);

const scenario = (maxOps: number) =>
  fc.record({
    seed: fc.integer(),
    first: fc.integer({ min: 0, max: 120 }),
    ops: fc.array(arbOp, { minLength: 4, maxLength: maxOps }),
  });
type Scenario = ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never;

async function play(driver: ReliabilityDriver, sc: Scenario): Promise<void> {
  const script = createScriptedConversation({ seed: sc.seed, messages: 300, toolResultBytes: 0.02 });
  const opened = await driver.open();
  try {
    const memoryOf = () => createConversationMemory({ store: opened.store, counter, sessionId: 'run' });
    const writer = memoryOf();
    let next = sc.first;
    if (next > 0) await writer.store(script.slice(0, next));
    const log = createPendingLog(memoryOf());
    let from = 1;
    /** Tool results deleted so far: stored again later, they answer a call of an older unit (a late result). */
    const deleted: LogEntry[] = [];
    const check = async () => {
      const { units, start } = await log.unitsFrom(from);
      const fresh = groupUnits(await writer.entries({ fromSeq: from }), unitOptions);
      if (JSON.stringify(units.slice(start), replacer) !== JSON.stringify(fresh, replacer))
        throw new Error(`units from ${from} differ from a fresh grouping`);
      return units.slice(start);
    };
    for (const op of sc.ops) {
      if (op.kind === 'append') {
        if (next >= script.length) continue;
        await writer.store(script.slice(next, next + op.n));
        next += op.n;
      } else if (op.kind === 'delete') {
        const entries = await writer.entries();
        const entry = entries[op.pick % Math.max(1, entries.length)];
        if (!entry) continue;
        await writer.delete(entry.message.id);
        if (entry.message.role === 'tool') deleted.push(entry);
      } else if (op.kind === 'late') {
        const entry = deleted.pop();
        if (!entry) continue;
        await writer.store({ role: 'tool', content: entry.message.content } as ModelMessage);
        late++;
      } else if (op.kind === 'jump') {
        const { lastSeq } = await writer.stats();
        from = 1 + (op.pick % (lastSeq + 1));
      } else {
        const units = await check();
        // Past whole units, as an observed range ends (never the newest one, as consolidation keeps it).
        const past = units.slice(0, Math.min(op.units, units.length - 1));
        const last = past.at(-1)?.items.at(-1);
        if (last) from = last.seq + 1;
      }
      await check();
    }
  } finally {
    await opened.dispose();
  }
}

/** Sets (pending ids) as sorted lists, so two groupings compare by content. */
const replacer = (_key: string, value: unknown) => (value instanceof Set ? [...value].sort() : value);

const budget: Record<string, DriverBudget> = {
  memory: { runs: 60, ops: 30 },
  sqlite: { runs: 30, ops: 30 },
  libsql: { runs: 15, ops: 20 },
  'json-file': { runs: 15, ops: 20 },
  postgres: { runs: 8, ops: 12 },
};

propertyOnEveryDriver({
  suite: 'PendingLog over $name',
  test: () => 'property: the units from any sequence number equal a fresh grouping of the store',
  budget,
  fallback: { runs: 8, ops: 12 },
  scenario,
  prepare: async (driver) => (sc) => play(driver, sc),
  timeout: 600_000,
});

describe('PendingLog: coverage', () => {
  it('stored late results', () => {
    expect(late).toBeGreaterThan(10);
  });
});

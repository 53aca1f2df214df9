import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DriverBudget,
  propertyOnEveryDriver,
} from '../../../test-support/reliability/property-on-drivers.ts';
import type { ReliabilityDriver } from '../../../test-support/reliability/store-drivers.ts';
import type { LogEntry } from '../../core/message.ts';
import { pushAll } from '../../core/push-all.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { groupUnits } from '../../messages/units.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';
import { createExtractiveObserver, type Observer } from './observer.ts';

/**
 * A fresh observational view catching up a log stored before it (with deleted messages and late tool results)
 * observes, range after range, what the former code chose from a fresh read of the store from the last observed
 * sequence number (kept here as the oracle), while another writer deletes messages between ranges; and stops where
 * that read has nothing more to observe.
 */
const counter = createEstimateTokenCounter();
const seen = { ranges: 0, concurrentDeletes: 0 };

/** The former range choice: the whole rest of the log grouped, the recent window kept, then at most a range's tokens. */
function formerRange(entries: readonly LogEntry[], recentTokens: number, maxRangeTokens: number): LogEntry[] {
  const units = groupUnits(entries, { message: (e) => e.message, tokens: (e) => e.tokens });
  let recent = 0;
  let keepFrom = units.length;
  while (keepFrom > 0 && recent + (units[keepFrom - 1]?.tokens ?? 0) <= recentTokens) {
    keepFrom--;
    recent += units[keepFrom]?.tokens ?? 0;
  }
  // The newest unit that is no orphan stays (a stray result after it does not push it out).
  let newest = units.length - 1;
  while (newest >= 0 && units[newest]!.kind === 'orphan') newest--;
  if (newest >= 0 && keepFrom > newest) keepFrom = newest;
  else if (keepFrom === units.length) keepFrom = units.length - 1;
  const range: LogEntry[] = [];
  let tokens = 0;
  for (const unit of units.slice(0, Math.max(0, keepFrom))) {
    if (range.length > 0 && tokens + unit.tokens > maxRangeTokens) break;
    pushAll(range, unit.items);
    tokens += unit.tokens;
  }
  return range;
}

const scenario = (maxOps: number) =>
  fc.record({
    seed: fc.integer(),
    messages: fc.integer({ min: 20, max: 400 }),
    deletes: fc.array(fc.nat(), { maxLength: maxOps }),
    late: fc.integer({ min: 0, max: 4 }),
    concurrent: fc.array(fc.nat(), { maxLength: 6 }),
    recentTokens: fc.integer({ min: 50, max: 3000 }),
    maxRangeTokens: fc.integer({ min: 50, max: 2000 }),
  });
type Scenario = ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never;

async function play(driver: ReliabilityDriver, sc: Scenario): Promise<void> {
  const opened = await driver.open();
  try {
    const memoryOf = () => createConversationMemory({ store: opened.store, counter, sessionId: 'run' });
    const writer = memoryOf();
    const script = createScriptedConversation({
      seed: sc.seed,
      messages: sc.messages,
      toolResultBytes: 0.02,
    });
    for (let i = 0; i < script.length; i += 50) await writer.store(script.slice(i, i + 50));
    const removed: LogEntry[] = [];
    for (const pick of sc.deletes) {
      const entries = await writer.entries();
      const entry = entries[pick % entries.length];
      if (!entry) break;
      await writer.delete(entry.message.id);
      if (entry.message.role === 'tool') removed.push(entry);
    }
    // Deleted tool results stored again at the end: late results answering calls of older units.
    for (const entry of removed.slice(0, sc.late))
      await writer.store({ role: 'tool', content: entry.message.content } as ModelMessage);

    const extractive = createExtractiveObserver();
    const concurrent = [...sc.concurrent];
    let from = 1;
    const observer: Observer = {
      async observe(range) {
        const expected = formerRange(
          await writer.entries({ fromSeq: from }),
          sc.recentTokens,
          sc.maxRangeTokens,
        );
        expect(range).toEqual(expected);
        seen.ranges++;
        from = range.at(-1)!.seq + 1;
        // Another writer deletes a message while this range is observed: the next range must not hold it.
        const pick = concurrent.shift();
        const entries = pick === undefined ? [] : await writer.entries({ fromSeq: from });
        if (pick !== undefined && entries.length > 0) {
          await writer.delete(entries[pick % entries.length]!.message.id);
          seen.concurrentDeletes++;
        }
        return extractive.observe(range);
      },
    };
    const view = createObservationalMemory({
      conversation: memoryOf(),
      observer,
      recentTokens: sc.recentTokens,
      maxRangeTokens: sc.maxRangeTokens,
      background: false,
    });
    await view.consolidate();
    await view.read();
    const done = view.lastStats()!.observedTo;
    expect(
      formerRange(await writer.entries({ fromSeq: done + 1 }), sc.recentTokens, sc.maxRangeTokens),
    ).toEqual([]);
    // A second view over the same store reads what the catching-up one reads.
    expect(await view.read()).toEqual(
      await createObservationalMemory({
        conversation: memoryOf(),
        recentTokens: sc.recentTokens,
        maxRangeTokens: sc.maxRangeTokens,
        background: false,
      }).read(),
    );
  } finally {
    await opened.dispose();
  }
}

const budget: Record<string, DriverBudget> = {
  memory: { runs: 40, ops: 20 },
  sqlite: { runs: 25, ops: 20 },
  libsql: { runs: 10, ops: 12 },
  'json-file': { runs: 10, ops: 12 },
  postgres: { runs: 5, ops: 8 },
};

propertyOnEveryDriver({
  suite: 'ObservationalMemory catches up a stored log over $name',
  test: () => 'property: each range is the former code’s range of a fresh read, under concurrent deletes',
  budget,
  fallback: { runs: 5, ops: 8 },
  scenario,
  prepare: async (driver) => (sc) => play(driver, sc),
  timeout: 600_000,
});

describe('ObservationalMemory catches up a stored log: coverage', () => {
  it('observed ranges and deleted messages between them', () => {
    expect(seen.ranges).toBeGreaterThan(50);
    expect(seen.concurrentDeletes).toBeGreaterThan(10);
  });
});

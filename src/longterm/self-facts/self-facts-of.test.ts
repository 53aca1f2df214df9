import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import { listAllRecords } from '../list-all-records.ts';
import type { LongTermStoreV1 } from '../long-term-store-v1.ts';

const scope = { tenant: 't', user: 'u' };
const clock = { now: () => new Date(Date.UTC(2030, 0, 1)) };
const minute = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000);
const user = (i: number, content: string) =>
  ({ id: `m${i}`, role: 'user', content, createdAt: minute(i) }) as MemoryMessage;

/** A SQLite store in memory whose long-term records count the records they hand out (listings and reads by id). */
function countedStore() {
  const store = createSqliteStore({ path: ':memory:' });
  const records = store.longTermRecords;
  let read = 0;
  const longTermRecords: LongTermStoreV1 = {
    ...records,
    listRecords: async (s, options) => {
      const page = await records.listRecords(s, options);
      read += page.records.length;
      return page;
    },
    getRecords: async (s, ids) => {
      const found = await records.getRecords(s, ids);
      read += found.length;
      return found;
    },
  };
  return { store: { ...store, longTermRecords }, read: () => read };
}

/** Records each message in a call of its own; the records each call read, in order. */
async function readsPerCall(
  memory: ReturnType<typeof createLongTermMemory>,
  counted: { read(): number },
  said: MemoryMessage[],
) {
  const reads: number[] = [];
  for (const m of said) {
    const before = counted.read();
    await memory.record([m]);
    reads.push(counted.read() - before);
  }
  return reads;
}

describe('selfFactsOf: a call reads the facts about the current value, not every fact of the key', () => {
  it('2,000 restatements in 2,000 calls: each reads at most 20 records; then a move ends every turn of the run', async () => {
    const counted = countedStore();
    const memory = createLongTermMemory({ store: counted.store, scope, clock });
    const n = 2_000;
    const said = Array.from({ length: n }, (_, i) => user(i + 1, 'I live in Paris now.'));
    const reads = await readsPerCall(memory, counted, said);
    expect(Math.max(...reads)).toBeLessThanOrEqual(20);
    // A new value after the run: its turns end (a restatement ended none), read with the key whole.
    const [moveReads] = await readsPerCall(memory, counted, [user(n + 1, 'We moved to Lyon.')]);
    const records = await listAllRecords(counted.store.longTermRecords, scope);
    const facts = records.filter((r) => r.kind === 'fact');
    expect(facts.filter((r) => r.invalidAt === undefined).map((r) => r.metadata.value)).toEqual(['Lyon']);
    const turns = records.filter((r) => r.kind === 'turn');
    expect(turns.length).toBe(n + 1);
    expect(turns.filter((r) => r.invalidAt?.getTime() === minute(n + 1).getTime()).length).toBe(n);
    // Three reads of the key (before its write, then two settling passes), each a listing and a read by id, and
    // the run's turns read by id in each settling pass.
    expect(moveReads).toBeLessThanOrEqual(8 * (n + 1) + 100);
    await counted.store.close();
  }, 300_000);

  it('600 calls, each moving to another of 8 cities: each reads at most 30 records', async () => {
    const counted = countedStore();
    const memory = createLongTermMemory({ store: counted.store, scope, clock });
    const cities = ['Paris', 'Lyon', 'Berlin', 'Porto', 'Lisbon', 'Madrid', 'Rome', 'Vienna'];
    const said = Array.from({ length: 600 }, (_, i) => user(i + 1, `I live in ${cities[i % 8]} now.`));
    const reads = await readsPerCall(memory, counted, said);
    expect(Math.max(...reads)).toBeLessThanOrEqual(30);
    // Every fact and turn but the last ended at the next call.
    const records = await listAllRecords(counted.store.longTermRecords, scope);
    for (const r of records.filter((x) => x.kind === 'fact' || x.kind === 'turn')) {
      const i = Number(r.provenance.messageIds[0]?.slice(1));
      expect(r.invalidAt).toEqual(i === 600 ? undefined : minute(i + 1));
    }
    await counted.store.close();
  }, 300_000);
});

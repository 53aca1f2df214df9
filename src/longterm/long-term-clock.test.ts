import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { prepareRecord } from './prepare-record.ts';

const sqlite = tempSqliteStores('long-term-clock');
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const times = (versions: readonly LongTermRecord[]) =>
  versions.map((v) => `${v.event} ${v.createdAt.toISOString()} ${v.recordedAt.toISOString()}`);

/**
 * The memory's `clock` stamps every version it writes: adds (its own, `record`'s turns and self facts) as well as
 * updates and deletes. Adds were stamped by the store's system clock, so with another clock a record's first
 * version was recorded after (or long before) its update, and `knownAt` a time of the clock found nothing.
 */
describe('the clock of versions', () => {
  for (const [name, open] of [
    ['in process', () => undefined],
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`stamps adds, updates and deletes alike (${name} store)`, async () => {
      let now = day(10);
      const store = open();
      const memory = createLongTermMemory({
        ...(store ? { store } : {}),
        scope: { tenant: 't', user: 'u' },
        session: 's',
        clock: { now: () => now },
      });
      const [home] = await memory.add('I keep bees in the garden');
      now = day(11);
      await memory.update(home!.id, 'I keep bees on the roof');
      now = day(12);
      await memory.delete(home!.id);
      now = day(13);
      await memory.add({ id: home!.id, text: 'I keep hens now' });
      expect(times(await memory.history(home!.id))).toEqual([
        `ADD ${day(10).toISOString()} ${day(10).toISOString()}`,
        `UPDATE ${day(10).toISOString()} ${day(11).toISOString()}`,
        `DELETE ${day(10).toISOString()} ${day(12).toISOString()}`,
        `ADD ${day(10).toISOString()} ${day(13).toISOString()}`,
      ]);
      // Known at the clock's times: what the memory held then.
      const known = async (t: Date) =>
        (await memory.search('keep bees hens', { knownAt: t })).map((h) => h.record.text);
      expect(await known(day(9))).toEqual([]);
      expect(await known(day(10))).toEqual(['I keep bees in the garden']);
      expect(await known(day(12))).toEqual([]);
      expect(await known(day(13))).toEqual(['I keep hens now']);
      // What record() writes (turns, episode, self facts) is stamped by the clock too.
      now = day(20);
      const said = {
        id: 'm1',
        role: 'user',
        content: 'I live in Porto.',
        createdAt: day(19),
      } as MemoryMessage;
      await memory.record([said]);
      const listed = await memory.records.listRecords(memory.scope, { filter: { session: 's' } });
      expect(listed.records.length).toBeGreaterThan(2);
      for (const r of listed.records) expect(r.createdAt).toEqual(day(20));
      if (store && 'close' in store) await store.close();
    });

  it('addRecords refuses an invalid time (INVALID_ARGUMENT), writing nothing', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't' } });
    const { records, scope } = memory;
    const record = prepareRecord({ id: 'r1', text: 'a fact' }, 'test');
    for (const at of [new Date(Number.NaN), 'today', 0])
      await expect(records.addRecords(scope, [record], at as Date)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    expect(await records.getRecord(scope, 'r1')).toBeUndefined();
  });
});

/**
 * Self facts SIGKILLed between adding a new value and ending the old one ("I moved to Bergen." after "I live in
 * Oslo."): the two are separate writes (settled from the store, for concurrent writers: record-self-facts.ts), so
 * the unacknowledged `record` leaves both current; the next memory's first `search` (an agent's recall before it
 * records anything) or `record`, whatever it states, settles every key and ends the old value. What is left of the
 * window: a listing of the store itself before any memory's call sees two current homes.
 */
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import { reopenableDrivers } from '../../../test-support/reliability/reopenable-stores.ts';
import { selfFactsKill } from '../../../test-support/reliability/self-facts-kill.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import { listAllRecords } from '../list-all-records.ts';

const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
const { scope, session } = selfFactsKill;

describe('self facts: SIGKILLed between a new value and the end of the old', () => {
  it('sqlite: reopened, both homes are current until a memory searches or records; then Bergen alone, Oslo ended at its statement', async () => {
    const db = await sqlite.setup('self_facts_kill');
    const run = runChildScript('./self-facts-kill-child.ts', db.child);
    await run.waitForLine((l) => l === 'stalled' || l === 'done');
    expect(run.lines).toEqual(['first', 'stalled']);
    run.child.kill('SIGKILL');
    await run.exited;
    const store = db.open();
    try {
      const memory = createLongTermMemory({ store, scope, session });
      const homes = async () =>
        (await listAllRecords(memory.records, scope, { filter: { kinds: ['fact'], asOf: new Date() } }))
          .filter((r) => r.metadata.selfFact === 'user.home')
          .map((r) => r.metadata.value);
      // The window: the kill came after the Bergen fact was added, before the Oslo fact was ended.
      expect((await homes()).sort()).toEqual(['Bergen', 'Oslo']);
      // The new memory's first search settles every key before it reads: Oslo comes back ended, after Bergen.
      const found = await memory.search('Where do I live?');
      const shown = found.filter((h) => h.record.metadata.selfFact === 'user.home');
      expect(shown.map((h) => [h.record.metadata.value, h.record.invalidAt])).toEqual([
        ['Bergen', undefined],
        ['Oslo', selfFactsKill.second.createdAt],
      ]);
      expect(await homes()).toEqual(['Bergen']);
      // A message that states nothing: recording after that changes nothing.
      await memory.record([
        {
          id: 'm3',
          role: 'user',
          content: 'Nice weather today.',
          createdAt: new Date('2025-01-05T00:00:00Z'),
        },
      ]);
      expect(await homes()).toEqual(['Bergen']);
      await memory.record([selfFactsKill.second as MemoryMessage]); // the retry adds nothing
      expect(await homes()).toEqual(['Bergen']);
      const facts = await listAllRecords(memory.records, scope, { filter: { kinds: ['fact'] } });
      const oslo = facts.find((r) => r.metadata.value === 'Oslo');
      expect(oslo?.invalidAt).toEqual(selfFactsKill.second.createdAt);
      expect(facts.filter((r) => r.metadata.value === 'Bergen')).toHaveLength(1);
    } finally {
      await store.close();
      await db.done();
    }
  });

  it('sqlite, reopened read-only: the first search cannot settle; it says so to onError and still answers', async () => {
    const db = await sqlite.setup('self_facts_kill_read_only');
    const run = runChildScript('./self-facts-kill-child.ts', db.child);
    await run.waitForLine((l) => l === 'stalled' || l === 'done');
    run.child.kill('SIGKILL');
    await run.exited;
    await db.open().close(); // a writer's open recovers the WAL the kill left
    const store = createSqliteStore({ path: (db.child as { path: string }).path, readOnly: true });
    try {
      const errors: unknown[] = [];
      const memory = createLongTermMemory({ store, scope, session, onError: (e) => errors.push(e) });
      const found = await memory.search('Where do I live?');
      expect(
        found
          .filter((h) => h.record.metadata.selfFact === 'user.home')
          .map((h) => h.record.metadata.value)
          .sort(),
      ).toEqual(['Bergen', 'Oslo']);
      expect(errors).toHaveLength(1);
      expect(MemoryError.isInstance(errors[0])).toBe(true);
      // Tried once: a second search reads without trying again.
      await memory.search('Where do I live?');
      expect(errors).toHaveLength(1);
    } finally {
      await store.close();
      await db.done();
    }
  });
});

/**
 * Self facts SIGKILLed between adding a new value and ending the old one ("I moved to Bergen." after "I live in
 * Oslo."): the two are separate writes (settled from the store, for concurrent writers: record-self-facts.ts), so
 * the unacknowledged `record` leaves both current; the next memory's first `record`, whatever it states, settles
 * every key and ends the old value. Known window: a read before that recording sees two current homes.
 */
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import { reopenableDrivers } from '../../../test-support/reliability/reopenable-stores.ts';
import { selfFactsKill } from '../../../test-support/reliability/self-facts-kill.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import { listAllRecords } from '../list-all-records.ts';

const sqlite = reopenableDrivers().find((d) => d.name === 'sqlite')!;
const { scope, session } = selfFactsKill;

describe('self facts: SIGKILLed between a new value and the end of the old', () => {
  it('sqlite: reopened, both homes are current until the next memory records anything; then Bergen alone, Oslo ended at its statement', async () => {
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
      // A message that states nothing: the new memory's first recording settles every key.
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
});

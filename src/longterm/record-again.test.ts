import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const sqlite = tempSqliteStores('record-again');
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const said = (id: string, role: 'user' | 'assistant', content: string, at: Date) =>
  ({ id, role, content, createdAt: at }) as MemoryMessage;
const first = [
  said('m1', 'user', 'I live in Paris and my sister is Ana.', day(1)),
  said('m2', 'assistant', 'Noted, Paris it is.', day(1)),
];
const next = said('m3', 'user', 'What should I cook tonight?', day(2));

/**
 * Recording a conversation again (an agent that records its whole history each turn) adds nothing to what was
 * recorded; it leaves what the application changed or deleted since as it is. Before, a turn the application
 * corrected made every later record of the conversation throw INVALID_ARGUMENT (its new messages lost with it),
 * and a record the application deleted (forgotten) came back as a new version.
 */
describe('recording a conversation again', () => {
  for (const [name, open] of [
    ['in process', () => undefined],
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const) {
    const memoryOf = () => {
      const store = open();
      return createLongTermMemory({
        ...(store ? { store } : {}),
        scope: { tenant: 't', user: 'u' },
        session: 's',
      });
    };

    it(`keeps a corrected turn and records the new messages (${name} store)`, async () => {
      const memory = memoryOf();
      await memory.record(first);
      const [turn] = (await memory.search('Paris sister Ana')).filter((h) => h.record.kind === 'turn');
      await memory.update(turn!.record.id, 'user: I live in Paris.');
      await memory.record([...first, next]);
      expect((await memory.get(turn!.record.id))?.text).toBe('user: I live in Paris.');
      const cook = await memory.search('cook tonight');
      expect(cook.map((h) => h.record.text)).toContain('user: What should I cook tonight?');
      // A message id given other content, its turn unchanged since, is refused as before.
      await expect(
        memory.record([said('m2', 'assistant', 'Noted, Rome it is.', day(1))]),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    });

    it(`leaves deleted records deleted (${name} store)`, async () => {
      const memory = memoryOf();
      await memory.record(first);
      const { records } = await memory.records.listRecords(memory.scope, {});
      const ids = records.map((r) => r.id);
      expect(new Set(records.map((r) => r.kind))).toEqual(new Set(['turn', 'fact', 'episode']));
      for (const id of ids) expect(await memory.delete(id)).toBe(true);
      await memory.record([...first, next]);
      for (const id of ids) {
        expect(await memory.get(id)).toBeUndefined();
        expect((await memory.history(id)).map((v) => v.event)).toEqual(['ADD', 'DELETE']);
      }
      const found = (await memory.search('Paris sister', { limit: 20 })).map((h) => h.record.id);
      expect(found.filter((id) => ids.includes(id))).toEqual([]);
    });
  }
});

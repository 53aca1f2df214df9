import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { testPostgresUrl } from '../../../test-support/reliability/postgres-url.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createTokenWindowMemory } from '../token-window-memory.ts';
import { assemblyArtifactKind, createAssemblyRecorder, readAssemblyRecords } from './assembly-records.ts';
import { recordAssemblies } from './record-assemblies.ts';

const drivers: {
  name: string;
  skip: boolean;
  open(): Promise<{ store: MemoryStoreV1 & { close(): unknown }; done(): Promise<unknown> }>;
}[] = [
  {
    name: 'sqlite',
    skip: false,
    async open() {
      const dir = await tempDir('assembly');
      const store = createSqliteStore({ path: join(dir.path, 'a.db') });
      return { store, done: async () => dir.remove() };
    },
  },
  {
    name: 'postgres',
    skip: !testPostgresUrl(),
    async open() {
      const db = await createTestSchema('engram_asm');
      const store = createPostgresStore({ connectionString: db.url, schema: db.name, maxConnections: 2 });
      return { store, done: async () => db.drop() };
    },
  },
];

describe('assembly records beside the log', () => {
  for (const driver of drivers)
    it.skipIf(driver.skip)(
      `${driver.name}: recordAssemblies records every read, keeps the newest, reads back only in scope`,
      async () => {
        const { store, done } = await driver.open();
        try {
          const scope = { tenant: 't', user: 'u1' };
          const memory = createConversationMemory({ store, scope, sessionId: 's' });
          const view = recordAssemblies(createTokenWindowMemory({ conversation: memory, maxTokens: 200 }), {
            keep: 4,
          });
          for (let i = 0; i < 20; i++) {
            await view.store({ role: 'user', content: `message ${i} ${'word '.repeat(30)}` });
            const messages = await view.read();
            expect(view.lastRecord()!.items).toHaveLength(messages.length);
            expect(view.lastRecord()!.tokens).toBe(view.lastStats()!.tokens);
          }
          const records = await readAssemblyRecords(store, scope, 's');
          // Trimmed in batches: at 15 records (keep 4 + 10) back to the newest 4, then 5 more.
          expect(records.map((r) => r.lastSeq)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
          const last = records.at(-1)!;
          expect(last).toMatchObject({
            view: 'token-window',
            budget: 200,
            sessionId: 's',
            tokens: view.lastStats()!.tokens,
          });
          expect(last.at).toBeInstanceOf(Date);
          expect(last.bySource.message).toBe(last.tokens);
          expect(last.dropped[0]).toMatchObject({
            rule: 'budget',
            messages: view.lastStats()!.droppedMessages,
          });
          // Other owners: another user's session of the same id is not found; the tenant's own is another session.
          await expect(readAssemblyRecords(store, { tenant: 't', user: 'u2' }, 's')).rejects.toMatchObject({
            code: 'SESSION_NOT_FOUND',
          });
          await expect(readAssemblyRecords(store, { tenant: 'T', user: 'u1' }, 's')).rejects.toMatchObject({
            code: 'SESSION_NOT_FOUND',
          });
          // A malformed artifact of the kind is skipped, not fatal.
          await memory.putArtifact({
            id: 'asm_bad',
            kind: assemblyArtifactKind,
            fromSeq: 7,
            toSeq: 7,
            data: { nope: 1 },
          });
          expect(await readAssemblyRecords(store, scope, 's')).toHaveLength(9);
        } finally {
          await store.close();
          await done();
        }
      },
    );

  it('refuses a bad keep', () => {
    const memory = createConversationMemory();
    expect(() => createAssemblyRecorder({ memory, keep: 0 })).toThrow(/keep must be an integer >= 1/);
  });
});

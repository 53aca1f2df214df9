import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createChatStore } from './chat-store.ts';
import { lookupByGet } from './chat-versions.ts';
import { encodeUIMessage } from './encode-ui-message.ts';
import { planRewind } from './rewind-chat.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-rewind-scopes-'));
let pg: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
});
const text = (id: string, role: 'user' | 'assistant', words: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: words }],
});
const words = (ms: UIMessage[]) => ms.map((m) => (m.parts[0] as { text: string }).text);

const stores: { name: string; open: () => Promise<MemoryStoreV1> }[] = [
  { name: 'memory', open: async () => createMemoryStore() },
  { name: 'sqlite', open: async () => createSqliteStore({ path: join(dir, 's.db') }) },
  { name: 'json-file', open: async () => createJsonFileStore({ directory: join(dir, 'j') }) },
  { name: 'libsql', open: async () => createLibsqlStore({ url: `file:${join(dir, 'l.db')}` }) },
  {
    name: 'postgres',
    open: async () => {
      pg ??= await createTestSchema('engram_rewind_scopes');
      return createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 });
    },
  },
];

describe.each(stores)('two users, one chat id, on $name', ({ open }) => {
  it('edits, a crash and its completion in one scope never touch the other', async () => {
    const store = await open();
    try {
      const a = createChatStore({ store, scope: { tenant: 't', user: 'a' } });
      const b = createChatStore({ store, scope: { tenant: 't', user: 'b' } });
      await a.append('c', [text('u1', 'user', 'A q1'), text('a1', 'assistant', 'A r1')]);
      await b.append('c', [text('u1', 'user', 'B q1'), text('a1', 'assistant', 'B r1')]);
      // A: an edit cut short before its deletes.
      const log = a.conversation('c');
      const rewind = await planRewind(log, lookupByGet(log), 'u1');
      await log.store(
        await encodeUIMessage(text('u1', 'user', 'A q1 edited'), {
          tools: undefined,
          incomplete: false,
          location: 'm',
          version: rewind.version('u1')!,
        }),
      );
      await b.append('c', [text('u2', 'user', 'B q2')]);
      await b.append('c', [text('u1', 'user', 'B q1 edited')], { rewind: true });
      await b.update('c', text('u1', 'user', 'B q1 edited twice'));
      expect(words(await a.load('c'))).toEqual(['A q1 edited']);
      await a.append('c', [text('u2', 'user', 'A q2')]);
      expect(words(await a.load('c'))).toEqual(['A q1 edited', 'A q2']);
      expect(words(await b.load('c'))).toEqual(['B q1 edited twice']);
      for (const chats of [a, b])
        expect((await chats.conversation('c').entries()).map((e) => e.message.id)).toEqual(
          (await chats.messages('c')).flatMap((m) => m.entryIds),
        );
    } finally {
      await store.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { arbUIHistory } from '../../../test-support/ui-message-arbitrary.ts';
import { createContentStore } from '../../content/index.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createCitationMemory } from '../../views/citation-memory.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { createChatStore } from './chat-store.ts';

/** A history split into 1–3 consecutive appends, and sometimes a new version of its last message (`update`). */
const arbCase = fc
  .tuple(arbUIHistory(8), fc.option(arbUIHistory(1, 'rev-'), { nil: undefined }))
  .chain(([history, revised]) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: Math.max(1, history.length - 1) }), { maxLength: 2 })
      .map((cuts) => ({
        history,
        cuts: [...cuts].sort((a, b) => a - b),
        revised: revised && { ...revised[0]!, id: history.at(-1)!.id },
      })),
  );
const batches = (history: UIMessage[], cuts: number[]) =>
  [0, ...cuts, history.length]
    .slice(1)
    .map((end, i, ends) => history.slice(i === 0 ? 0 : ends[i - 1], end))
    .filter((b) => b.length > 0);

let pg: TestDatabase | undefined;
const dir = mkdtempSync(join(tmpdir(), 'engram-chat-'));
afterAll(async () => {
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface StoreCase {
  name: string;
  open: () => Promise<MemoryStoreV1>;
  runs: number;
}
const stores: StoreCase[] = [
  { name: 'memory', open: async () => createMemoryStore(), runs: 200 },
  { name: 'json-file', open: async () => createJsonFileStore({ directory: join(dir, 'json') }), runs: 40 },
  { name: 'sqlite', open: async () => createSqliteStore({ path: join(dir, 'chats.db') }), runs: 50 },
  {
    name: 'libsql',
    open: async () => createLibsqlStore({ url: `file:${join(dir, 'chats-libsql.db')}` }),
    runs: 30,
  },
  {
    name: 'postgres',
    open: async () => {
      pg ??= await createTestSchema('engram_chat');
      return createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 4 });
    },
    runs: 40,
  },
];

describe.each(stores)('chat store on $name', ({ name, open, runs }) => {
  it('random UIMessage histories round-trip deep-equal (also after a reopen), and their model side passes generateText raw, through a token window and through a citation view', async () => {
    const scope = { tenant: 'chat-test', user: name };
    let store = await open();
    const written: [string, UIMessage[]][] = [];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(arbCase, async ({ history, cuts, revised }) => {
        const chats = createChatStore({ store, scope });
        const chatId = `chat-${n++}`;
        for (const batch of batches(history, cuts)) await chats.append(chatId, batch);
        expect(await chats.load(chatId)).toEqual(history);
        if (revised) {
          await chats.update(chatId, revised);
          history = [...history.slice(0, -1), revised];
          expect(await chats.load(chatId)).toEqual(history);
        }
        written.push([chatId, history]);
        const conversation = chats.conversation(chatId);
        await sendToModel(await conversation.read());
        const window = await createTokenWindowMemory({ conversation, maxTokens: 4_000 })
          .read()
          .catch((error: { code?: string }) => {
            expect(error.code).toBe('CONTEXT_OVERFLOW');
            return [];
          });
        await sendToModel(window);
        const content = createContentStore({ counter: conversation.counter });
        await sendToModel(await createCitationMemory({ conversation, content, maxTokens: 4_000 }).read());
      }),
      { numRuns: runs },
    );
    if (name !== 'memory') {
      await store.close();
      store = await open();
    }
    const reopened = createChatStore({ store, scope });
    for (const [chatId, history] of written) expect(await reopened.load(chatId)).toEqual(history);
    await store.close();
  }, 120_000);
});

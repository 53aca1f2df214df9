import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage, UIMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createChatStore } from './chat-store.ts';
import { liveVersions, lookupByGet, newMessageVersion } from './chat-versions.ts';
import { encodeUIMessage } from './encode-ui-message.ts';
import { completeRewind, planRewind } from './rewind-chat.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-rewind-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (id: string, role: 'user' | 'assistant', words: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: words }],
});

/** What a chat is asked to do, in the words of `useChat` and the chat store. */
type Op =
  | { kind: 'send'; words: string } // a user message and its reply
  // An edited (or regenerated) user message, alone or with its reply in the same append (under the old reply's id).
  | { kind: 'edit'; pick: number; words: string; crash: boolean; withReply: boolean }
  | { kind: 'oversize'; pick: number } // an edit the store refuses
  | { kind: 'resend'; pick: number } // a held id sent again without a rewind
  | { kind: 'update'; words: string; crash: boolean } // the last message's new version
  | { kind: 'reopen' };

const arbOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('send' as const), words: fc.string({ maxLength: 8 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick: fc.nat(),
      words: fc.string({ maxLength: 8 }),
      crash: fc.boolean(),
      withReply: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('oversize' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      words: fc.string({ maxLength: 8 }),
      crash: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const) }) },
);

/**
 * What `append(messages, { rewind: true })` and `update` do, stopped (the process killed) between storing the new
 * versions and deleting what they supersede.
 */
async function cutShort(log: ConversationMemory, messages: UIMessage[]): Promise<void> {
  const lookup = lookupByGet(log);
  await completeRewind(log, lookup);
  const rewind = await planRewind(log, lookup, messages[0]!.id);
  const found = await liveVersions(
    lookup,
    messages.map((m) => m.id),
  );
  const entries: ModelMessage[] = [];
  for (const message of messages) {
    const version = rewind.version(message.id) ?? newMessageVersion(message.id, found);
    entries.push(
      ...(await encodeUIMessage(message, { tools: undefined, incomplete: false, location: 'm', version })),
    );
  }
  await log.store(entries);
}

let pg: TestDatabase | undefined;
afterAll(async () => {
  await pg?.drop();
});

/** Each store refuses messages over 4,000 bytes; `open` opens it again on the same data (a reopen). */
const stores: {
  name: string;
  open: (file: string) => Promise<MemoryStoreV1>;
  reopens: boolean;
  runs: number;
}[] = [
  {
    name: 'memory',
    open: async () => createMemoryStore({ maxMessageBytes: 4_000 }),
    reopens: false,
    runs: 150,
  },
  {
    name: 'sqlite',
    open: async (file) => createSqliteStore({ path: `${file}.db`, maxMessageBytes: 4_000 }),
    reopens: true,
    runs: 40,
  },
  {
    name: 'json-file',
    open: async (file) => createJsonFileStore({ directory: file, maxMessageBytes: 4_000 }),
    reopens: true,
    runs: 25,
  },
  {
    name: 'libsql',
    open: async (file) => createLibsqlStore({ url: `file:${file}-libsql.db`, maxMessageBytes: 4_000 }),
    reopens: true,
    runs: 20,
  },
  {
    name: 'postgres',
    open: async () => {
      pg ??= await createTestSchema('engram_rewind');
      return createPostgresStore({
        connectionString: pg.url,
        schema: pg.name,
        maxConnections: 2,
        maxMessageBytes: 4_000,
      });
    },
    reopens: true,
    runs: 20,
  },
];

describe.each(stores)('a chat rewound, on $name', ({ name, open, reopens, runs }) => {
  it('property: edits, regenerates and updates read back as the chat a client holds; a refused edit or a resent id changes nothing; a crash between storing the new version and deleting the old reads as rewound, and the next write deletes what it left', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(arbOp, { minLength: 1, maxLength: 14 }), async (ops) => {
        const chatId = `c${run}`;
        const file = join(dir, `${name}-${run++}`);
        let store = await open(file);
        let chats = createChatStore({ store });
        let model: UIMessage[] = [];
        /** Whether the last write was a crash's (its leftovers are deleted by the chat's next write). */
        let leftovers = false;
        let next = 0;
        for (const op of ops) {
          const users = model.flatMap((m, i) => (m.role === 'user' ? [i] : []));
          if (op.kind === 'send') {
            const asked = text(`u${next}`, 'user', op.words);
            const reply = text(`a${next++}`, 'assistant', `re ${op.words}`);
            await chats.append(chatId, [asked, reply]);
            model = [...model, asked, reply];
            leftovers = false;
          } else if (op.kind === 'edit' && users.length > 0) {
            const at = users[op.pick % users.length]!;
            const edited = text(model[at]!.id, 'user', op.words);
            const sent = op.withReply
              ? [edited, text(model[at + 1]?.id ?? `a${next++}`, 'assistant', `re ${op.words}`)]
              : [edited];
            if (op.crash) {
              leftovers = true;
              await cutShort(chats.conversation(chatId), sent);
            } else {
              await chats.append(chatId, sent, { rewind: true });
              leftovers = false;
            }
            model = [...model.slice(0, at), ...sent];
          } else if (op.kind === 'oversize' && users.length > 0) {
            const at = users[op.pick % users.length]!;
            const edited = text(model[at]!.id, 'user', 'x'.repeat(5_000));
            await expect(chats.append(chatId, [edited], { rewind: true })).rejects.toMatchObject({
              code: 'PAYLOAD_TOO_LARGE',
            });
            leftovers = false;
          } else if (op.kind === 'resend' && model.length > 0) {
            const again = text(model[op.pick % model.length]!.id, 'user', 'again, differently');
            await expect(chats.append(chatId, [again])).rejects.toMatchObject({
              code: 'DUPLICATE_MESSAGE_ID',
            });
            leftovers = false;
          } else if (op.kind === 'update' && model.length > 0) {
            const last = model.at(-1)!;
            const newer = text(last.id, last.role as 'user' | 'assistant', `v ${op.words}`);
            if (op.crash) await cutShort(chats.conversation(chatId), [newer]);
            else await chats.update(chatId, newer);
            model = [...model.slice(0, -1), newer];
            leftovers = op.crash;
          } else if (op.kind === 'reopen' && reopens) {
            await store.close();
            store = await open(file);
            chats = createChatStore({ store });
          }
          expect(await chats.load(chatId)).toEqual(model);
          // Unless a crash left them just now, the log holds nothing but the chat's messages (a view sends them).
          if (!leftovers && model.length > 0) {
            const held = (await chats.messages(chatId)).flatMap((m) => m.entryIds);
            expect((await chats.conversation(chatId).entries()).map((e) => e.message.id)).toEqual(held);
          }
        }
        await store.close();
      }),
      {
        numRuns: runs,
        examples: [
          // Found: an edit, then an edit with its reply cut short (the reply a new message), then an update.
          [
            [
              { kind: 'send', words: '' },
              { kind: 'edit', pick: 0, words: '', crash: false, withReply: false },
              { kind: 'edit', pick: 0, words: '', crash: true, withReply: true },
              { kind: 'update', words: '', crash: false },
            ],
          ],
          // Found: an edit with its reply cut short, then an update of the reply (reviews 2 and 3).
          [
            [
              { kind: 'send', words: '' },
              { kind: 'edit', pick: 0, words: ' ', crash: true, withReply: true },
              { kind: 'update', words: '', crash: false },
              { kind: 'edit', pick: 0, words: '', crash: false, withReply: false },
            ],
          ],
          // Found: an update, then an edit cut short, then writes (the update's version is not a leftover).
          [
            [
              { kind: 'send', words: '' },
              { kind: 'update', words: '', crash: false },
              { kind: 'edit', pick: 0, words: '', crash: true, withReply: false },
              { kind: 'send', words: '' },
            ],
          ],
          // Found: an edit of a later message cut short, then one of an earlier message cut short, then a write.
          [
            [
              { kind: 'send', words: '' },
              { kind: 'send', words: '' },
              { kind: 'edit', pick: 1, words: '', crash: true, withReply: false },
              { kind: 'edit', pick: 0, words: '', crash: true, withReply: false },
              { kind: 'send', words: '' },
            ],
          ],
        ],
      },
    );
  });
});

import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbUIHistory } from '../../../test-support/ui-message-arbitrary.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatStore } from './chat-store.ts';

/** What else a chat's log goes through: model messages written without the chat, deletes, a new last version. */
type Op =
  | { kind: 'chat'; batch: number }
  | { kind: 'foreign'; text: string; tool: boolean }
  | { kind: 'delete'; pick: number }
  | { kind: 'update' };

const arbOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('chat' as const), batch: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('foreign' as const), text: fc.string({ maxLength: 6 }), tool: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('update' as const) }),
);

const foreign = (text: string, tool: boolean, n: number): ModelMessage[] =>
  tool
    ? [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: `f${n}`, toolName: 'lookup', input: { text } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `f${n}`,
              toolName: 'lookup',
              output: { type: 'text', value: text },
            },
          ],
        },
      ]
    : [{ role: 'assistant', content: text }];

describe.each([
  { name: 'memory', open: () => createMemoryStore(), runs: 150 },
  { name: 'sqlite', open: () => createSqliteStore({ path: ':memory:' }), runs: 40 },
])('lastMessage on $name', ({ open, runs }) => {
  it('property: the last UI message read from the log’s newest entries is the last of the whole log decoded', async () => {
    const store = open();
    const chats = createChatStore({ store });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(arbUIHistory(12), fc.array(arbOp, { maxLength: 12 }), async (history, ops) => {
        const chatId = `chat-${run++}`;
        const log = chats.conversation(chatId);
        let next = 0;
        let n = 0;
        for (const op of ops) {
          if (op.kind === 'chat' && next < history.length) {
            await chats.append(chatId, history.slice(next, next + op.batch));
            next += op.batch;
          } else if (op.kind === 'foreign') await log.store(foreign(op.text, op.tool, n++));
          else if (op.kind === 'delete') {
            const entries = await log.entries();
            if (entries.length > 0) await log.delete(entries[op.pick % entries.length]!.message.id);
          } else if (op.kind === 'update') {
            const last = (await chats.messages(chatId)).at(-1);
            if (last?.message.role === 'assistant')
              await chats.update(chatId, { ...last.message, parts: [{ type: 'text', text: `v${n++}` }] });
          }
          expect(await chats.lastMessage(chatId)).toEqual((await chats.messages(chatId)).at(-1));
        }
      }),
      { numRuns: runs },
    );
    await store.close();
  });

  it('reads a page or two of a long chat, not the whole log', async () => {
    const store = open();
    const chats = createChatStore({ store });
    for (let i = 0; i < 40; i++)
      await chats.append(
        'long',
        Array.from({ length: 25 }, (_, j) => ({
          id: `m${i}-${j}`,
          role: j % 2 === 0 ? ('user' as const) : ('assistant' as const),
          parts: [{ type: 'text' as const, text: `message ${i}-${j}` }],
        })),
      );
    let rows = 0;
    const readRange = store.readRange.bind(store);
    store.readRange = async (...args) => {
      const entries = await readRange(...args);
      rows += entries.length;
      return entries;
    };
    expect((await chats.lastMessage('long'))?.message.id).toBe('m39-24');
    expect(rows).toBeLessThanOrEqual(64); // of 1,000
    await store.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessage } from 'ai';
import { streamText } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { post, streamingModel, textParts } from '../../../test-support/chat-handler-rig.ts';
import { crashingStore } from '../../../test-support/crashing-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';

const msg = (id: string, role: 'user' | 'assistant', text: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text }],
});

const logIds = async (chats: ReturnType<typeof createChatStore>, chatId: string) =>
  (await chats.conversation(chatId).entries()).map((e) => e.message.id);
const heldIds = async (chats: ReturnType<typeof createChatStore>, chatId: string) =>
  (await chats.messages(chatId)).flatMap((m) => m.entryIds);
const texts = (ms: UIMessage[]) =>
  ms.map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));

const dir = mkdtempSync(join(tmpdir(), 'engram-rewind-completion-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const drivers = [
  { name: 'memory', open: (): MemoryStoreV1 => createMemoryStore() },
  { name: 'sqlite', open: (): MemoryStoreV1 => createSqliteStore({ path: join(dir, `${files++}.db`) }) },
];

describe.each(drivers)('completing a rewind a crash cut short, on $name', ({ open }) => {
  it('append([edit, reply], { rewind }) cut short before its deletes: the next write keeps the edited message', async () => {
    const { store, crash } = crashingStore(open());
    const chats = createChatStore({ store });
    await chats.append('c', [msg('u1', 'user', 'q1'), msg('a1', 'assistant', 'old answer')]);
    crash.on = true;
    await expect(
      chats.append('c', [msg('u1', 'user', 'q1 edited'), msg('a1', 'assistant', 'new answer')], {
        rewind: true,
      }),
    ).rejects.toThrow('killed');
    crash.on = false;
    // Reads as rewound.
    expect(texts(await chats.load('c'))).toEqual(['q1 edited', 'new answer']);
    await chats.append('c', [msg('u2', 'user', 'q2')]);
    // The next write completes the rewind: the edited message must survive.
    expect(texts(await chats.load('c'))).toEqual(['q1 edited', 'new answer', 'q2']);
  });

  it('update() of a reply whose new version spans several entries, cut short before its deletes: the next write deletes the old version', async () => {
    const { store, crash } = crashingStore(open());
    const chats = createChatStore({ store });
    await chats.append('c', [msg('u1', 'user', 'q1'), msg('a1', 'assistant', 'OLD REPLY')]);
    const continued: UIMessage = {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'NEW REPLY' },
        {
          type: 'tool-weather',
          toolCallId: 'call-1',
          state: 'output-available',
          input: { city: 'Oslo' },
          output: { temp: 3 },
        },
        { type: 'step-start' },
        { type: 'text', text: 'it is cold' },
      ] as UIMessage['parts'],
    };
    crash.on = true;
    await expect(chats.update('c', continued)).rejects.toThrow('killed');
    crash.on = false;
    expect(texts(await chats.load('c'))).toEqual(['q1', 'NEW REPLYit is cold']); // reads as updated
    await chats.append('c', [msg('u2', 'user', 'q2')]);
    // The log holds the chat's messages alone: views (the whole conversation here) send no superseded entry.
    expect(JSON.stringify(await chats.conversation('c').read())).not.toContain('OLD REPLY');
    expect(await logIds(chats, 'c')).toEqual(await heldIds(chats, 'c'));
  });

  it('respond path: a continued reply after an update() cut short sends the model no superseded version', async () => {
    const { store, crash } = crashingStore(open());
    const chats = createChatStore({ store });
    const { model, prompts } = streamingModel((call) => textParts([`answer ${call}`]));
    const handler = createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
    // A reply waiting for a client-side tool's result (pick: no execute).
    const pick = (text: string, state: 'input-available' | 'output-available'): UIMessage => ({
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'text', text },
        state === 'input-available'
          ? { type: 'tool-pick', toolCallId: 'call-1', state, input: { path: 'a.txt' } }
          : { type: 'tool-pick', toolCallId: 'call-1', state, input: { path: 'a.txt' }, output: 'a.txt' },
      ],
    });
    await chats.append('c', [msg('u1', 'user', 'q1'), pick('OLD REPLY', 'input-available')]);
    // A continued reply stored (one entry), the process killed before the old version's deletes.
    crash.on = true;
    await expect(chats.update('c', pick('NEW REPLY', 'input-available'))).rejects.toThrow('killed');
    crash.on = false;
    expect(texts(await chats.load('c'))).toEqual(['q1', 'NEW REPLY']);
    // The client continues the (new) last message: it sends the tool's result.
    const response = await handler(post({ id: 'c', message: pick('NEW REPLY', 'output-available') }));
    expect(response.status).toBe(200);
    await response.text();
    await chats.turn('c', async () => undefined);
    expect(JSON.stringify(prompts.at(-1))).not.toContain('OLD REPLY');
  });
});

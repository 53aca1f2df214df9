import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxIdLength } from '../../core/ids.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSessions } from '../../session/sessions.ts';
import { createChatStore } from './chat-store.ts';
import { decodeUIMessages } from './decode-ui-messages.ts';
import { markStopped, stoppedMarkKind } from './stopped-marks.ts';

/** A run's reply of `steps` text steps, entry ids `<id>`, `<id>#1`, … as the chat handler gives them. */
const reply = (id: string, steps: number): (ModelMessage & { id: string })[] =>
  Array.from({ length: steps }, (_, n) => ({
    id: n === 0 ? id : `${id}#${n}`,
    role: 'assistant' as const,
    content: [{ type: 'text' as const, text: `${id} step ${n}` }],
  }));

describe('markStopped / stoppedEntryIds', () => {
  it('marks the reply holding the entry, once however often it is called; the log is not written', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const log = chats.conversation('c');
    await log.store([{ id: 'u1', role: 'user', content: 'hi' } as ModelMessage, ...reply('r', 2)]);
    const before = await log.entries();
    await markStopped(log, 'r#1');
    await markStopped(log, 'r#1');
    expect(await log.entries()).toEqual(before);
    expect(await log.listArtifacts(stoppedMarkKind)).toHaveLength(1);
    expect((await chats.messages('c')).map((m) => [m.message.id, m.incomplete])).toEqual([
      ['u1', false],
      ['r', true],
    ]);
    expect((await chats.lastMessage('c'))?.incomplete).toBe(true);
  });

  it('a mark whose entry was deleted marks nothing, also when the id is stored again; none for an entry gone', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const log = chats.conversation('c');
    await log.store([{ id: 'u1', role: 'user', content: 'hi' } as ModelMessage, ...reply('r', 1)]);
    await markStopped(log, 'r');
    await log.delete('r');
    await log.store(reply('r', 1));
    expect((await chats.messages('c')).map((m) => [m.message.id, m.incomplete])).toEqual([
      ['u1', false],
      ['r', false],
    ]);
    await markStopped(log, 'gone');
    expect(await log.listArtifacts(stoppedMarkKind)).toHaveLength(1);
  });

  it("a copy's marks and the marks made in the copy afterwards stay apart, whatever the copy renumbered", async () => {
    const store = createMemoryStore();
    const chats = createChatStore({ store });
    const log = chats.conversation('c');
    await log.store([
      { id: 'u1', role: 'user', content: 'q1' } as ModelMessage,
      ...reply('r1', 3),
      { id: 'u2', role: 'user', content: 'q2' } as ModelMessage,
      ...reply('r2', 2),
    ]);
    // Two deleted entries: the copy numbers its entries afresh, r2#1 (seq 7 here) is its fifth.
    await log.delete('r1#1');
    await log.delete('r1#2');
    await markStopped(log, 'r2#1');
    const marked = (await log.entries()).find((e) => e.message.id === 'r2#1')!.seq;
    await createSessions({ store, scope: log.scope }).copy('c', { id: 'd' });
    const copy = chats.conversation('d');
    // The copy goes on until one of its own entries has the seq the source's marked one had, and is stopped there.
    let n = 0;
    while ((await copy.entries()).at(-1)!.seq < marked)
      await copy.store([
        { id: `u${3 + n}`, role: 'user', content: 'again' } as ModelMessage,
        ...reply(`r${3 + n++}`, 1),
      ]);
    const last = (await copy.entries()).at(-1)!;
    expect(last.seq).toBe(marked);
    await markStopped(copy, last.message.id);
    const incomplete = (await chats.messages('d')).filter((m) => m.incomplete).map((m) => m.message.id);
    expect(incomplete).toEqual(['r2', last.message.id.replace(/#.*/, '')]);
    expect((await chats.messages('c')).filter((m) => m.incomplete).map((m) => m.message.id)).toEqual(['r2']);
  });

  it('marks a reply whose entry id is as long as ids may be (the mark is named by its digest)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const log = chats.conversation('c');
    const long = 'r'.repeat(maxIdLength);
    await log.store([
      { id: 'u1', role: 'user', content: 'hi' } as ModelMessage,
      { id: long, role: 'assistant', content: [{ type: 'text', text: 'partial' }] } as ModelMessage,
    ]);
    await markStopped(log, long);
    await markStopped(log, long);
    const marks = await log.listArtifacts(stoppedMarkKind);
    expect(marks.map((m) => m.id.length <= maxIdLength)).toEqual([true]);
    expect((await chats.messages('c')).map((m) => m.incomplete)).toEqual([false, true]);
  });

  it('a rewind that removes a marked reply removes its mark; marks of replies it keeps stay', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const log = chats.conversation('c');
    const ask = (id: string, text: string) => ({
      id,
      role: 'user' as const,
      parts: [{ type: 'text' as const, text }],
    });
    await chats.append('c', [ask('u1', 'q1')]);
    await log.store(reply('r1', 2));
    await chats.append('c', [ask('u2', 'q2')]);
    await log.store(reply('r2', 2));
    await markStopped(log, 'r1#1');
    await markStopped(log, 'r2#1');
    expect(await log.listArtifacts(stoppedMarkKind)).toHaveLength(2);
    // useChat's edit of the second question: it and the reply after it go.
    await chats.append('c', [ask('u2', 'q2, edited')], { rewind: true });
    const marks = await log.listArtifacts(stoppedMarkKind);
    expect(marks.map((m) => m.data)).toEqual([{ entryId: 'r1#1' }]);
    expect((await chats.messages('c')).map((m) => [m.message.id, m.incomplete])).toEqual([
      ['u1', false],
      ['r1', true],
      ['u2', false],
    ]);
  });

  it('property: marks change nothing of the chat but `incomplete`, set on exactly the replies holding a marked entry', async () => {
    const chat = fc.array(
      fc.record({ steps: fc.integer({ min: 1, max: 3 }), marked: fc.option(fc.nat(2), { nil: undefined }) }),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(chat, async (turns) => {
        const chats = createChatStore({ store: createMemoryStore() });
        const log = chats.conversation('c');
        const expected: [string, boolean][] = [];
        for (const [i, { steps }] of turns.entries()) {
          await log.store([
            { id: `u${i}`, role: 'user', content: `q${i}` } as ModelMessage,
            ...reply(`r${i}`, steps),
          ]);
          expected.push([`u${i}`, false], [`r${i}`, false]);
        }
        for (const [i, { steps, marked }] of turns.entries()) {
          if (marked === undefined) continue;
          const n = marked % steps;
          await markStopped(log, n === 0 ? `r${i}` : `r${i}#${n}`);
          expected[2 * i + 1]![1] = true;
        }
        const stored = await chats.messages('c');
        expect(stored.map((m) => [m.message.id, m.incomplete])).toEqual(expected);
        const unmarked = decodeUIMessages(await log.read());
        expect(stored.map(({ message, entryIds }) => ({ message, entryIds }))).toEqual(
          unmarked.map(({ message, entryIds }) => ({ message, entryIds })),
        );
        expect(await chats.lastMessage('c')).toEqual(stored.at(-1));
      }),
      { numRuns: 40 },
    );
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { everyView } from '../../test-support/every-view.ts';
import { arbStray, toolResult, withStrays } from '../../test-support/stray-results.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { checkPairs } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';

/**
 * A tool result the log holds beside the answers of a step although no call of the step asked for it (a result
 * stored for a call never made, or a call answered twice) is sent by no view: a provider refuses the whole prompt.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });
const dir = mkdtempSync(join(tmpdir(), 'engram-ghost-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stores = {
  memory: () => createMemoryStore(),
  sqlite: () => createSqliteStore({ path: join(dir, `g-${Math.random().toString(36).slice(2)}.db`) }),
};

const result = toolResult;
const calls = (...ids: string[]): ModelMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({
    type: 'tool-call' as const,
    toolCallId: id,
    toolName: 'web_fetch',
    input: {},
  })),
});

const logs: Record<string, ModelMessage[]> = {
  'a ghost result in its own message between two answers': [
    { role: 'user', content: 'go' },
    calls('call_1', 'call_2'),
    { role: 'tool', content: [result('call_1', 'one')] },
    { role: 'tool', content: [result('ghost', 'never asked')] },
    { role: 'tool', content: [result('call_2', 'two')] },
    { role: 'assistant', content: 'done' },
  ],
  'a ghost result inside the message of two answers': [
    { role: 'user', content: 'go' },
    calls('call_1', 'call_2'),
    {
      role: 'tool',
      content: [result('call_1', 'one'), result('ghost', 'never asked'), result('call_2', 'two')],
    },
    { role: 'assistant', content: 'done' },
  ],
  'an answer given twice': [
    { role: 'user', content: 'go' },
    calls('call_1', 'call_2'),
    { role: 'tool', content: [result('call_1', 'one')] },
    { role: 'tool', content: [result('call_1', 'one again'), result('call_2', 'two')] },
    { role: 'assistant', content: 'done' },
  ],
};

describe.each(Object.entries(stores))(
  'a tool result that answers no call of its step (%s)',
  (_, makeStore) => {
    const cases: [string, ModelMessage[], number[]][] = [
      ...Object.entries(logs).map(([name, log]): [string, ModelMessage[], number[]] => [name, log, []]),
      [
        // The step that made call_3 is deleted: its answer, stored with call_2's late one, answers nothing.
        'a late answer stored with the answer of a call since deleted',
        [
          { role: 'user', content: 'go' },
          calls('call_1', 'call_2'),
          { role: 'tool', content: [result('call_1', 'one')] },
          calls('call_3'),
          { role: 'tool', content: [result('call_2', 'two'), result('call_3', 'three')] },
          { role: 'assistant', content: 'done' },
        ],
        [3],
      ],
    ];
    for (const [name, log, deleted] of cases)
      it(`no view sends it: ${name}`, async () => {
        const store = makeStore();
        const conversation = createConversationMemory({ store, sessionId: 'ses_ghost', counter });
        await conversation.store(log);
        const entries = await conversation.entries();
        for (const i of deleted) await conversation.delete(entries[i]!.message.id);
        const content = createContentStore({ store, counter });
        const views = everyView(conversation, content);
        const broken: string[] = [];
        for (const [viewName, view] of Object.entries(views)) {
          const out = await view.read();
          try {
            checkPairs(out);
            expect(out.at(-1)?.content).toBe('done');
            // The answers of the step's calls are all sent.
            const sent = out.flatMap((m) =>
              m.role === 'tool' ? m.content.map((p) => (p.type === 'tool-result' ? p.toolCallId : '')) : [],
            );
            expect(sent).toEqual(['call_1', 'call_2']);
            // What the read says it sent is what it returned: the left-out result is dropped as unsendable.
            const assembly = view.lastAssembly()!;
            expect(assembly.items.map((i) => i.messageId)).toEqual(out.map((m) => m.id));
            expect(assembly.dropped.some((d) => d.rule === 'unsendable')).toBe(true);
          } catch (error) {
            broken.push(`${viewName}: ${(error as Error).message}`);
          }
        }
        expect(broken).toEqual([]);
      });
  },
);

/** What a model reads of a message, ids and citations aside: its role, texts and the ids of its calls and results. */
const shape = (m: ModelMessage): string =>
  typeof m.content === 'string'
    ? `${m.role}:${m.content}`
    : `${m.role}:${m.content
        .map((p) =>
          p.type === 'text'
            ? p.text
            : p.type === 'tool-call' || p.type === 'tool-result'
              ? `${p.type}(${p.toolCallId})`
              : p.type,
        )
        .join('|')}`;

describe('stray results in random conversations (property)', () => {
  it('every view sends valid pairs and says what it sent; the whole-log views send what they send without them', async () => {
    await fc.assert(
      fc.asyncProperty(
        // The log may end in a step whose calls still run: a stray stored after it does not hide it.
        arbConversation({ maxTurns: 12 }),
        fc.array(arbStray, { minLength: 1, maxLength: 3 }),
        async (log, strays) => {
          const store = createMemoryStore();
          const content = createContentStore({ store, counter });
          const dirty = createConversationMemory({ store, sessionId: 'ses_dirty', counter });
          const clean = createConversationMemory({ store, sessionId: 'ses_clean', counter });
          await dirty.store(withStrays(log, strays));
          await clean.store(log);
          const views = everyView(dirty, content);
          for (const view of Object.values(views)) {
            const out = await view.read();
            checkPairs(out);
            expect(view.lastAssembly()!.items.map((i) => i.messageId)).toEqual(out.map((m) => m.id));
          }
          for (const make of [
            (conversation: typeof clean) => everyView(conversation, content)['token window']!,
            (conversation: typeof clean) => everyView(conversation, content).citation!,
          ]) {
            const sent = (await make(dirty).read()).map(shape);
            expect(sent).toEqual((await make(clean).read()).map(shape));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe.each(Object.entries(stores))(
  'a stray result stored after a step whose calls still run (%s)',
  (_, makeStore) => {
    it('every view, running and new, still sends the step; then its answer when it comes', async () => {
      const store = makeStore();
      const conversation = createConversationMemory({ store, sessionId: 'ses_inflight', counter });
      const content = createContentStore({ store, counter });
      await conversation.store([{ role: 'user', content: 'go' }, calls('call_1')]);
      const running = everyView(conversation, content);
      const first: Record<string, string[]> = {};
      for (const [name, view] of Object.entries(running)) first[name] = (await view.read()).map(shape);
      await conversation.store([{ role: 'tool', content: [result('ghost', 'never asked')] }]);
      const broken: string[] = [];
      for (const views of [running, everyView(conversation, content)])
        for (const [name, view] of Object.entries(views)) {
          const out = await view.read();
          if (out.map(shape).join() !== first[name]!.join() || out.at(-1)?.role !== 'assistant')
            broken.push(`${name}: ${out.map(shape).join(' / ')}`);
          else if (
            view
              .lastAssembly()!
              .items.map((i) => i.messageId)
              .join() !== out.map((m) => m.id).join()
          )
            broken.push(`${name}: its assembly is not what it sent`);
        }
      expect(broken).toEqual([]);
      await conversation.store([
        { role: 'tool', content: [result('call_1', 'one')] },
        { role: 'assistant', content: 'done' },
      ]);
      for (const views of [running, everyView(conversation, content)])
        for (const [name, view] of Object.entries(views)) {
          const out = await view.read();
          checkPairs(out);
          expect(out.map(shape).slice(-3), name).toEqual([
            'assistant:tool-call(call_1)',
            'tool:tool-result(call_1)',
            'assistant:done',
          ]);
        }
    });
  },
);

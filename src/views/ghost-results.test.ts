import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { everyView } from '../../test-support/every-view.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
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

const result = (id: string, text: string) => ({
  type: 'tool-result' as const,
  toolCallId: id,
  toolName: 'web_fetch',
  output: { type: 'text' as const, value: text },
});
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

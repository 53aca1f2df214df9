import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callAsModel,
  isToolError,
  megabyteString,
  toolArguments,
} from '../../test-support/model-tool-call.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from '../views/auto-context/index.ts';
import { createContextReloadTool } from './context-reload-tool.ts';
import { createHistoryTools } from './history-tools.ts';

const sqliteStore = tempSqliteStores('history-tools-input');
const counter = createTokenCounter();
const stores = { sqlite: () => sqliteStore(), memory: () => createMemoryStore() };

/** A word only the other session holds: no output of the tools may show it. */
const otherWord = 'zebracode';

/** The whole log of a session, with the ladder steps a reload writes: what a read must leave as it was. */
const snapshot = async (memory: ConversationMemory) => ({
  entries: await memory.entries(),
  stats: await memory.stats(),
});

/** Two sessions on one store; the tools read session a, with a compaction step to reload. */
async function rig(open: () => ReturnType<typeof createMemoryStore>) {
  const store = open();
  const a = createConversationMemory({ store, counter, sessionId: 'a' });
  const b = createConversationMemory({ store, counter, sessionId: 'b' });
  for (let i = 0; i < 12; i++)
    await a.store({
      role: i % 2 ? 'assistant' : 'user',
      content: `turn ${i} about the vault ${'pad '.repeat(400)}`,
    });
  await b.store({ role: 'user', content: `the vault ${otherWord} is secret` });
  const view = createAutoContextMemory({
    conversation: a,
    content: createContentStore({ store, counter }),
    maxTokens: 3_000,
    tokenRatio: 0.5,
    lastKeep: 2,
    citations: false,
  });
  await view.read();
  const tools = { ...createHistoryTools({ memory: a }), ...createContextReloadTool(view) };
  return { a, b, view, tools };
}

describe.each(Object.entries(stores))(
  'history and reload tools, called by a model with bad arguments (%s)',
  (_, open) => {
    it('refuse them with { error } naming the argument, and change nothing', async () => {
      const { a, b, view, tools } = await rig(open);
      const [step] = await view.steps();
      const before = { a: await snapshot(a), b: await snapshot(b) };
      const cases: [string, unknown, RegExp][] = [
        ['search_history', { query: '' }, /^query holds no word to search for/],
        [
          'search_history',
          { query: megabyteString },
          /^search text is 1000000 characters; the limit is 4096/,
        ],
        ['search_history', { query: 'vault', limit: 0.5 }, /^limit must be an integer from 1 to 20, got 0.5/],
        ['search_history', { query: 'vault', limit: 21 }, /^limit must be an integer from 1 to 20, got 21/],
        ['get_messages', { from: 0, to: 1 }, /^from and to must be integers with 1 ≤ from ≤ to, got from 0/],
        ['get_messages', { from: 1.5, to: 2 }, /^from and to must be integers/],
        ['get_messages', { from: 3, to: 2 }, /^from and to must be integers/],
        ['get_messages', { from: 1, to: 1e300 }, /^from and to must be integers .* to 1e\+300/],
        [
          'get_messages',
          { from: 1, to: 500 },
          /^the range 1–500 holds 500 sequence numbers; the limit is 50/,
        ],
        [
          'get_messages',
          { from: 2 ** 53, to: 2 ** 53 },
          /^from and to must be integers with 1 ≤ from ≤ to, got from 9007199254740992/,
        ],
        ['context_reload', { id: '' }, /^no ladder step "" in this session/],
        ['context_reload', { id: megabyteString }, /^no ladder step "x+…?/],
      ];
      for (const [toolName, input, message] of cases) {
        const outcome = await callAsModel(tools, toolName, input);
        expect(outcome, `${toolName} ${JSON.stringify(input).slice(0, 80)}`).toEqual({
          refused: false,
          output: { error: expect.stringMatching(message) },
        });
      }
      expect({ a: await snapshot(a), b: await snapshot(b) }).toEqual(before);
      expect(step).toBeDefined();
    });

    it('any arguments: the normal result or { error }; never a message of another session', async () => {
      const { a, b, view, tools } = await rig(open);
      const [step] = await view.steps();
      const otherBefore = await snapshot(b);
      const logBefore = (await a.entries()).map((e) => e.message);
      const text = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('vault', otherWord, 'turn 3 vault'),
      );
      const seq = fc.oneof(fc.integer({ min: -2, max: 80 }), fc.constantFrom(2 ** 53, 1e300, 0.5));
      const args = {
        search_history: toolArguments({ query: text, limit: fc.integer({ min: -1, max: 25 }) }),
        get_messages: toolArguments({ from: seq, to: seq }),
        context_reload: toolArguments({ id: fc.constantFrom(step!.id, 'ctx_nope', '') }),
      };
      const shapes: Record<string, string[]> = {
        search_history: ['matches', 'messages'],
        get_messages: ['lastSeq', 'count', 'messages'],
        context_reload: ['reloaded', 'restored', 'note'],
      };
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...(Object.keys(args) as (keyof typeof args)[]))
            .chain((name) => fc.tuple(fc.constant(name), args[name])),
          async ([toolName, input]) => {
            const outcome = await callAsModel(tools, toolName, input);
            if (outcome.refused || isToolError(outcome.output)) return;
            expect(Object.keys(outcome.output as object)).toEqual(expect.arrayContaining(shapes[toolName]!));
            expect(JSON.stringify(outcome.output)).not.toContain(otherWord);
          },
        ),
        { numRuns: 150 },
      );
      expect(await snapshot(b)).toEqual(otherBefore);
      // A reload records itself as a ladder step of session a; its messages stay as they were.
      expect((await a.entries()).map((e) => e.message).slice(0, logBefore.length)).toEqual(logBefore);
    });
  },
);

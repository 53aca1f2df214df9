import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callAsModel,
  isToolError,
  megabyteString,
  toolArguments,
} from '../../test-support/model-tool-call.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createCoreMemory } from '../working/core-memory.ts';
import { createWorkingMemory } from '../working/working-memory.ts';
import { createCoreMemoryTools, createWorkingMemoryTool } from './working-memory-tools.ts';

const sqliteStore = tempSqliteStores('working-memory-tools-input');
const stores = { sqlite: () => sqliteStore(), memory: () => createMemoryStore() };
const schema = z.object({ name: z.string(), city: z.string() }).partial();
const blocks = [
  { label: 'human', value: 'Name: Ada', limit: 200 },
  { label: 'persona', value: 'Helpful.', readOnly: true },
];

/** Working memory (both modes) and core memory for scope a and scope b on one store; the tools edit scope a's. */
async function rig(open: () => ReturnType<typeof createMemoryStore>) {
  const store = open();
  const of = (user: string) => ({
    data: createWorkingMemory({ store, scope: { tenant: 't', user }, schema }),
    notes: createWorkingMemory({
      store,
      scope: { tenant: 't', user, agent: 'notes' },
      template: '# Notes\n- x',
    }),
    core: createCoreMemory({ store, scope: { tenant: 't', user }, blocks }),
  });
  const a = of('a');
  const b = of('b');
  for (const m of [a, b]) await m.data.update({ name: 'Ada' });
  const snapshot = async (m: typeof a) => ({
    data: await m.data.get(),
    notes: await m.notes.get(),
    core: await m.core.list(),
  });
  const tools = {
    data: createWorkingMemoryTool({ memory: a.data }),
    notes: createWorkingMemoryTool({ memory: a.notes }),
    core: createCoreMemoryTools({ memory: a.core }),
  };
  return { a, b, snapshot, tools };
}

describe.each(Object.entries(stores))(
  'working and core memory tools, called by a model with bad arguments (%s)',
  (_, open) => {
    it('the schema or { error } refuses them, naming what is wrong; nothing changes', async () => {
      const { a, b, snapshot, tools } = await rig(open);
      const before = { a: await snapshot(a), b: await snapshot(b) };
      const errors: [keyof typeof tools, string, unknown, RegExp][] = [
        ['data', 'update_working_memory', { memory: { city: 7 } }, /does not fit the schema: city/],
        [
          'notes',
          'update_working_memory',
          { memory: '\ud800' },
          /^the update must be well-formed text without NUL/,
        ],
        ['core', 'memory_append', { label: '', content: 'x' }, /^no block ""; the blocks are human, persona/],
        ['core', 'memory_append', { label: '__proto__', content: 'x' }, /^no block "__proto__"/],
        ['core', 'memory_append', { label: 'persona', content: 'x' }, /read-only/],
        ['core', 'memory_insert', { label: 'human', line: 'x', at: 500 }, /^line index must be from 0 to 1/],
        [
          'core',
          'memory_replace',
          { label: 'human', old_text: 'Bob', new_text: 'x' },
          /^the old text is not in block "human"/,
        ],
        [
          'core',
          'memory_rethink',
          { label: 'human', value: 'x'.repeat(300) },
          /would be 300 characters; its limit is 200/,
        ],
      ];
      for (const [set, toolName, input, message] of errors)
        expect(
          await callAsModel(tools[set], toolName, input),
          `${toolName} ${JSON.stringify(input)}`,
        ).toEqual({
          refused: false,
          output: { error: expect.stringMatching(message) },
        });
      const refused: [keyof typeof tools, string, unknown][] = [
        ['data', 'update_working_memory', { memory: 'text in schema mode' }],
        ['data', 'update_working_memory', { memory: null }],
        ['notes', 'update_working_memory', { memory: megabyteString }],
        ['notes', 'update_working_memory', { memory: { a: 1 } }],
        ['core', 'memory_append', { label: 'human', content: '' }],
        ['core', 'memory_insert', { label: 'human', line: 'x', at: -1 }],
        ['core', 'memory_insert', { label: 'human', line: 'x', at: 0.5 }],
        ['core', 'memory_insert', { label: 'human', line: 'x', at: 2 ** 60 }],
        ['core', 'memory_replace', { label: 'human', old_text: '', new_text: 'x' }],
        ['core', 'memory_rethink', { label: 'human', value: megabyteString }],
      ];
      for (const [set, toolName, input] of refused)
        expect(await callAsModel(tools[set], toolName, input), toolName).toMatchObject({ refused: true });
      expect({ a: await snapshot(a), b: await snapshot(b) }).toEqual(before);
    });

    it('any arguments: the normal result or { error }; a refused call changes nothing, another scope never', async () => {
      const { a, b, snapshot, tools } = await rig(open);
      const otherBefore = await snapshot(b);
      const text = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('Name: Ada', 'Lisbon', '# Notes\n- y'),
      );
      const label = fc.constantFrom('human', 'persona', 'nope', 'toString');
      const calls = [
        [
          'data',
          'update_working_memory',
          toolArguments({
            memory: fc.dictionary(fc.constantFrom('name', 'city', 'x'), fc.oneof(text, fc.constant(null))),
          }),
        ],
        ['notes', 'update_working_memory', toolArguments({ memory: text })],
        ['core', 'memory_append', toolArguments({ label, content: text })],
        ['core', 'memory_replace', toolArguments({ label, old_text: text, new_text: text })],
        ['core', 'memory_insert', toolArguments({ label, line: text, at: fc.integer({ min: -1, max: 4 }) })],
        ['core', 'memory_rethink', toolArguments({ label, value: text })],
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...calls)
            .chain(([set, name, args]) => fc.tuple(fc.constant(set), fc.constant(name), args)),
          async ([set, toolName, input]) => {
            const mine = await snapshot(a);
            const outcome = await callAsModel(tools[set], toolName, input);
            if (outcome.refused || isToolError(outcome.output)) {
              expect(await snapshot(a)).toEqual(mine);
              return;
            }
            const keys = toolName === 'update_working_memory' ? ['version', 'chars'] : ['label', 'chars'];
            expect(Object.keys(outcome.output as object)).toEqual(keys);
          },
        ),
        { numRuns: 200 },
      );
      expect(await snapshot(b)).toEqual(otherBefore);
    });
  },
);

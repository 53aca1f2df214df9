import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callAsModel,
  isToolError,
  megabyteString,
  toolArguments,
} from '../../test-support/model-tool-call.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { getLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { createLongTermTools } from './long-term-tools.ts';

const sqliteStore = tempSqliteStores('long-term-tools-input');
const stores = { sqlite: () => sqliteStore(), memory: () => createMemoryStore() };
const scopeA: Scope = { tenant: 't', user: 'a' };
const scopeB: Scope = { tenant: 't', user: 'b' };
/** A word only scope b holds: no output of the tools may show it. */
const otherWord = 'zebracode';

/** Two scopes on one store, each with records; the tools work on scope a. */
async function rig(open: () => ReturnType<typeof createMemoryStore>) {
  const store = open();
  const records = getLongTermRecords(store, 'test');
  const a = createLongTermMemory({ store, scope: scopeA });
  const b = createLongTermMemory({ store, scope: scopeB });
  await a.add(['Ada prefers window seats', 'Ada lives in Lisbon']);
  await b.add([`Bob's vault code is ${otherWord}`, 'Bob prefers window seats']);
  /** A scope's current records, in full: what a call may not change unless it records. */
  const snapshot = async (scope: Scope) => (await records.listRecords(scope, { limit: 1000 })).records;
  return { snapshot, tools: createLongTermTools({ memory: a, session: 's1' }) };
}

describe.each(Object.entries(stores))(
  'long-term tools, called by a model with bad arguments (%s)',
  (_, open) => {
    it('the schema or { error } refuses them, naming the argument; nothing is recorded', async () => {
      const { snapshot, tools } = await rig(open);
      const before = { a: await snapshot(scopeA), b: await snapshot(scopeB) };
      const errors: [string, unknown, RegExp][] = [
        ['record_to_memory', { thinking: '', content: ['   '] }, /^records\[0\]\.text must not be empty/],
        [
          'record_to_memory',
          { thinking: '', content: ['ok', '\u0000'] },
          /^records\[1\]\.text must be well-formed/,
        ],
        [
          'record_to_memory',
          { thinking: '', content: ['\ud800'] },
          /^records\[0\]\.text must be well-formed/,
        ],
      ];
      for (const [toolName, input, message] of errors)
        expect(await callAsModel(tools, toolName, input)).toEqual({
          refused: false,
          output: { error: expect.stringMatching(message) },
        });
      const refused: [string, unknown][] = [
        ['record_to_memory', { thinking: 'x', content: [] }],
        ['record_to_memory', { thinking: 'x', content: [megabyteString] }],
        ['record_to_memory', { thinking: megabyteString, content: ['ok'] }],
        ['record_to_memory', { thinking: 'x', content: 'a string' }],
        ['retrieve_from_memory', { keywords: [] }],
        ['retrieve_from_memory', { keywords: ['x'], limit: 0.5 }],
        ['retrieve_from_memory', { keywords: ['x'], limit: 2 ** 60 }],
        ['retrieve_from_memory', { keywords: [''] }],
      ];
      for (const [toolName, input] of refused)
        expect(await callAsModel(tools, toolName, input)).toMatchObject({ refused: true });
      expect({ a: await snapshot(scopeA), b: await snapshot(scopeB) }).toEqual(before);
    });

    it('any arguments: the normal result or { error }; never a record of another scope', async () => {
      const { snapshot, tools } = await rig(open);
      const otherBefore = await snapshot(scopeB);
      const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('window seats', 'Lisbon'));
      const asked = fc.oneof(text, fc.constant(otherWord));
      const args = {
        // What the model records never holds the other scope's word: finding it would be a read across scopes.
        record_to_memory: toolArguments({ thinking: text, content: fc.array(text, { maxLength: 3 }) }),
        retrieve_from_memory: toolArguments({
          keywords: fc.array(asked, { maxLength: 3 }),
          limit: fc.integer({ min: -1, max: 25 }),
        }),
      };
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...(Object.keys(args) as (keyof typeof args)[]))
            .chain((name) => fc.tuple(fc.constant(name), args[name])),
          async ([toolName, input]) => {
            const mine = await snapshot(scopeA);
            const outcome = await callAsModel(tools, toolName, input);
            const ok = !outcome.refused && !isToolError(outcome.output);
            if (ok && toolName === 'record_to_memory') {
              const { recorded } = outcome.output as { recorded: number };
              expect((await snapshot(scopeA)).length).toBe(mine.length + recorded);
              return;
            }
            expect(await snapshot(scopeA)).toEqual(mine);
            if (ok) expect(Object.keys(outcome.output as object)).toEqual(['memories']);
            if (!outcome.refused) expect(JSON.stringify(outcome.output)).not.toContain(otherWord);
          },
        ),
        { numRuns: 150 },
      );
      expect(await snapshot(scopeB)).toEqual(otherBefore);
    });
  },
);

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileJson, toolArguments } from '../../../test-support/model-tool-call.ts';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import type { Scope } from '../../core/scope.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { memoryFileKind } from './memory-files.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

const sqliteStore = tempSqliteStores('memory-tool-input');
const stores = { sqlite: () => sqliteStore(), memory: () => createMemoryStore() };
const scopeA: Scope = { tenant: 't', user: 'a' };
const scopeB: Scope = { tenant: 't', user: 'b' };
const otherWord = 'zebracode';

/** Every file record of a scope (the directory lock's record left out: a refused create may take the lock). */
async function files(store: ReturnType<typeof createMemoryStore>, scope: Scope) {
  const { records } = await getLongTermRecords(store, 'test').listRecords(scope, { limit: 1000 });
  return records.filter((r) => r.kind === memoryFileKind);
}

describe.each(Object.entries(stores))('memory tool, called by a model with any arguments (%s)', (_, open) => {
  it('answers each with a result or an Error: text, never a throw; a refusal changes nothing, another scope never', async () => {
    const store = open();
    const a = createMemoryToolHandler({ store, scope: scopeA, maxFiles: 20 });
    const b = createMemoryToolHandler({ store, scope: scopeB });
    await a.run({ command: 'create', path: '/memories/notes.md', file_text: 'line 1\nline 2' });
    await b.run({ command: 'create', path: '/memories/notes.md', file_text: `secret ${otherWord}` });
    const otherBefore = await files(store, scopeB);
    expect(await files(store, scopeA)).toHaveLength(1);
    const path = fc.oneof(
      fc.constantFrom(
        '/memories',
        '/memories/notes.md',
        '/memories/new.md',
        '/memories/d/',
        '/memories/notes.md/',
      ),
      fc.constantFrom(
        '/etc/passwd',
        '/memories/../x',
        'memories/x',
        '/memories/%2e%2e/x',
        '/memories//x',
        '',
      ),
      fc.string({ maxLength: 20 }).map((s) => `/memories/${s}`),
    );
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('line 1', otherWord.slice(0, 3)));
    const command = toolArguments({
      command: fc.constantFrom('view', 'create', 'str_replace', 'insert', 'delete', 'rename'),
      path,
      view_range: fc.oneof(
        fc.tuple(fc.integer({ min: -2, max: 4 }), fc.integer({ min: -2, max: 4 })),
        hostileJson,
      ),
      file_text: text,
      old_str: text,
      new_str: text,
      insert_line: fc.integer({ min: -1, max: 4 }),
      insert_text: text,
      old_path: path,
      new_path: path,
    });
    await fc.assert(
      fc.asyncProperty(command, async (input) => {
        const mine = await files(store, scopeA);
        const result = await a.run(input);
        expect(typeof result.text).toBe('string');
        if (result.isError) {
          expect(result.text).toMatch(/^Error: /);
          expect(await files(store, scopeA)).toEqual(mine);
        }
        expect(result.text).not.toContain(otherWord);
      }),
      { numRuns: 200 },
    );
    expect(await files(store, scopeB)).toEqual(otherBefore);
  });
});

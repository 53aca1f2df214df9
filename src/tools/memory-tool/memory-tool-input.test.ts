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

describe('memory tool: text a file cannot hold (a NUL, a lone surrogate) is refused naming the field', () => {
  // The store refused it as `record.text must be well-formed text without NUL`: a field the model never sent.
  const bad = ['a\u0000b', 'x\ud800', '\udfffy'];
  it('in file_text, old_str, new_str and insert_text; the file is unchanged', async () => {
    const store = sqliteStore();
    const tool = createMemoryToolHandler({ store, scope: scopeA });
    await tool.run({ command: 'create', path: '/memories/notes.md', file_text: 'one 😀\ntwo' });
    const before = await files(store, scopeA);
    for (const text of bad) {
      const calls: [string, Record<string, unknown>][] = [
        ['file_text', { command: 'create', path: '/memories/new.md', file_text: text }],
        ['old_str', { command: 'str_replace', path: '/memories/notes.md', old_str: text, new_str: 'x' }],
        ['new_str', { command: 'str_replace', path: '/memories/notes.md', old_str: 'two', new_str: text }],
        ['insert_text', { command: 'insert', path: '/memories/notes.md', insert_line: 1, insert_text: text }],
      ];
      for (const [field, input] of calls) {
        const result = await tool.run(input as never);
        expect(result.isError, `${field} ${JSON.stringify(text)}`).toBe(true);
        expect(result.text).toContain(`\`${field}\``);
        expect(result.text).not.toContain('record.text');
      }
    }
    // A replacement that cuts a surrogate pair in two is refused the same way.
    const cut = await tool.run({
      command: 'str_replace',
      path: '/memories/notes.md',
      old_str: '\ud83d',
      new_str: 'x',
    });
    expect(cut.isError).toBe(true);
    expect(cut.text).not.toContain('record.text');
    expect(await files(store, scopeA)).toEqual(before);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileJson, toolArguments } from '../../../test-support/model-tool-call.ts';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { memoryFileKind } from './memory-files.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';
import { readCommand } from './memory-tool-input.ts';

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

describe("memory tool: only a command object's own fields count", () => {
  /** `fields` as inherited fields: what `Object.create(fields)` gives. */
  const inheriting = (fields: object, own: object = {}) => Object.assign(Object.create(fields), own);

  it('reads the own enumerable fields of a plain object (or one without a prototype), as JSON.parse makes them', () => {
    expect(readCommand({ command: 'view', path: '/memories' })).toEqual({
      command: 'view',
      path: '/memories',
    });
    const bare = Object.assign(Object.create(null), { command: 'delete', path: '/memories/a.md' });
    expect(readCommand(bare)).toEqual({ command: 'delete', path: '/memories/a.md' });
    // A key named __proto__ in JSON is an own field like any other, not the prototype.
    expect(readCommand(JSON.parse('{"command":"view","path":"/memories","__proto__":{"x":1}}'))).toEqual({
      command: 'view',
      path: '/memories',
    });
  });

  it('refuses an inherited field, a getter or a field that is not enumerable: INVALID_ARGUMENT naming the field', () => {
    const cases: [unknown, string, string][] = [
      [inheriting({ command: 'view', path: '/memories' }), 'command', 'inherited'],
      [inheriting({ path: '/memories' }, { command: 'view' }), 'path', 'inherited'],
      [
        inheriting({ file_text: 'x' }, { command: 'create', path: '/memories/a.md' }),
        'file_text',
        'inherited',
      ],
      [
        {
          command: 'create',
          path: '/memories/a.md',
          get file_text() {
            return 'x';
          },
        },
        'file_text',
        'a getter',
      ],
      [
        Object.defineProperty({ command: 'view' }, 'path', { value: '/memories', enumerable: false }),
        'path',
        'not enumerable',
      ],
    ];
    for (const [input, field, why] of cases) {
      let thrown: unknown;
      try {
        readCommand(input);
      } catch (error) {
        thrown = error;
      }
      expect(MemoryError.hasCode(thrown, 'INVALID_ARGUMENT'), `${field} ${why}`).toBe(true);
      expect((thrown as Error).message).toContain(`\`${field}\``);
      expect((thrown as Error).message).toContain(`(it is ${why})`);
    }
  });

  it('refuses a field Object.prototype holds (a polluted prototype), naming it', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.view_range = [1, 1];
    try {
      expect(() => readCommand({ command: 'view', path: '/memories/a.md' })).toThrow(
        /`view_range` must be the command's own field \(it is inherited\)/,
      );
    } finally {
      delete proto.view_range;
    }
  });

  it('refuses what is not a plain object: an array, a Map, a Date, a class instance', () => {
    class Command {
      command = 'view';
      path = '/memories';
    }
    for (const input of [[], new Map([['command', 'view']]), new Date(0), new Command(), null, 'view', 5])
      expect(() => readCommand(input)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/must be a plain object/),
        }),
      );
  });

  it('answers such a command with an Error: text naming the field, and writes nothing', async () => {
    const store = createMemoryStore();
    const tool = createMemoryToolHandler({ store, scope: scopeA });
    await tool.run({ command: 'create', path: '/memories/a.md', file_text: 'one\ntwo' });
    const before = await files(store, scopeA);
    const cases: [unknown, string][] = [
      [inheriting({ command: 'view', path: '/memories' }), 'command'],
      [inheriting({ file_text: 'x' }, { command: 'create', path: '/memories/b.md' }), 'file_text'],
      [inheriting({ path: '/memories/a.md' }, { command: 'delete' }), 'path'],
      [
        inheriting({ old_str: 'one', new_str: 'ONE' }, { command: 'str_replace', path: '/memories/a.md' }),
        'old_str',
      ],
      [
        inheriting({ new_path: '/memories/c.md' }, { command: 'rename', old_path: '/memories/a.md' }),
        'new_path',
      ],
    ];
    for (const [input, field] of cases) {
      const result = await tool.run(input);
      expect(result.isError, field).toBe(true);
      expect(result.text).toBe(`Error: \`${field}\` must be the command's own field (it is inherited)`);
    }
    expect(await files(store, scopeA)).toEqual(before);
  });
});

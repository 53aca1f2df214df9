import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { getLongTermRecords, type HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { memoryToolPathTricks } from '../../testing/memory-tool-path-tricks.ts';
import { memoryFileKind } from './memory-files.ts';
import { parseMemoryPath } from './memory-path.ts';
import { createMemoryToolHandler, type MemoryToolHandlerOptions } from './memory-tool-handler.ts';

const scope = { tenant: 'acme', user: 'ada' };
const open = (options: Partial<MemoryToolHandlerOptions> = {}) => {
  const store = createMemoryStore();
  return { store, memory: createMemoryToolHandler({ store, scope, ...options }) };
};
/** Every file record in the store, any scope (what a refused command must not have written). */
const allFiles = async (store: HasLongTermRecords) => {
  const records = getLongTermRecords(store);
  return (await records.listRecords({ tenant: 'acme' }, { filter: { kinds: [memoryFileKind] } })).records;
};

describe('memory tool handler: paths outside /memories', () => {
  it(`refuses all ${memoryToolPathTricks.length} tricks in every command, as text the model reads, writing nothing`, async () => {
    const { store, memory } = open();
    await memory.execute({ command: 'create', path: '/memories/keep.md', file_text: 'keep' });
    for (const [label, path] of memoryToolPathTricks) {
      const commands = [
        { command: 'view', path },
        { command: 'create', path, file_text: 'x' },
        { command: 'str_replace', path, old_str: 'keep', new_str: 'gone' },
        { command: 'insert', path, insert_line: 0, insert_text: 'x' },
        { command: 'delete', path },
        { command: 'rename', old_path: path, new_path: '/memories/moved.md' },
        { command: 'rename', old_path: '/memories/keep.md', new_path: path },
      ];
      for (const command of commands) {
        const result = await memory.run(command);
        expect(result.isError, `${label}: ${command.command}`).toBe(true);
        expect(result.text, label).toMatch(
          /^Error: The path .* is not allowed: .+\. Use paths under \/memories/s,
        );
        expect(result.text, label).not.toContain('\u0000');
      }
    }
    expect((await allFiles(store)).map((r) => r.metadata.path)).toEqual(['/memories/keep.md']);
    expect(await memory.execute({ command: 'view', path: '/memories/keep.md' })).toContain('1\tkeep');
  });

  it('never throws and never stores a file outside /memories, whatever the commands (property)', async () => {
    const path = fc.oneof(
      fc.constantFrom(...memoryToolPathTricks.map(([, p]) => p)),
      fc.constantFrom('/memories', '/memories/a.md', '/memories/d/b.md', '/memories/d'),
      fc.string({ maxLength: 30 }).map((s) => `/memories/${s}`),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    const text = fc.string({ maxLength: 30 });
    const command = fc.oneof(
      fc.record({
        command: fc.constant('view'),
        path,
        view_range: fc.option(fc.array(fc.integer(), { maxLength: 3 }), { nil: undefined }),
      }),
      fc.record({ command: fc.constant('create'), path, file_text: text }),
      fc.record({ command: fc.constant('str_replace'), path, old_str: text, new_str: text }),
      fc.record({
        command: fc.constant('insert'),
        path,
        insert_line: fc.integer({ min: -2, max: 5 }),
        insert_text: text,
      }),
      fc.record({ command: fc.constant('delete'), path }),
      fc.record({ command: fc.constant('rename'), old_path: path, new_path: path }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 12 }), async (commands) => {
        const { store, memory } = open({ maxFiles: 5, maxFileBytes: 64 });
        for (const c of commands) expect(typeof (await memory.execute(c))).toBe('string');
        const files = await allFiles(store);
        expect(files.length).toBeLessThanOrEqual(5);
        for (const record of files) {
          const p = String(record.metadata.path);
          expect(parseMemoryPath(p, 255)).toMatchObject({ ok: true, path: p });
          expect(Number(record.metadata.bytes)).toBeLessThanOrEqual(64);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('memory tool handler: commands and the results the model expects', () => {
  it('view lists the directory two levels deep and shows files with line numbers and view_range', async () => {
    const { memory } = open();
    const header = 'Here’re'.replace('’', "'");
    expect(await memory.execute({ command: 'view', path: '/memories' })).toBe(
      `${header} the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n0B\t/memories`,
    );
    await memory.execute({ command: 'create', path: '/memories/notes.md', file_text: 'one\ntwo\nthree' });
    await memory.execute({ command: 'create', path: '/memories/a/b/c/deep.md', file_text: 'x'.repeat(2048) });
    expect(await memory.execute({ command: 'view', path: '/memories/' })).toBe(
      `${header} the files and directories up to 2 levels deep in /memories, excluding hidden items and node_modules:\n` +
        '2.0K\t/memories\n2K\t/memories/a/\n2K\t/memories/a/b/\n13B\t/memories/notes.md',
    );
    expect(await memory.execute({ command: 'view', path: '/memories/notes.md' })).toBe(
      "Here's the content of /memories/notes.md with line numbers:\n     1\tone\n     2\ttwo\n     3\tthree",
    );
    expect(await memory.execute({ command: 'view', path: '/memories/notes.md', view_range: [2, -1] })).toBe(
      "Here's the content of /memories/notes.md with line numbers:\n     2\ttwo\n     3\tthree",
    );
    expect(await memory.execute({ command: 'view', path: '/memories/notes.md', view_range: [2, 2] })).toMatch(
      /2\ttwo$/,
    );
    for (const range of [[0, 1], [3, 2], [1, 9], [1], 'all'])
      expect(
        await memory.execute({ command: 'view', path: '/memories/notes.md', view_range: range }),
      ).toMatch(/^Error: Invalid `view_range` parameter/);
    expect(await memory.execute({ command: 'view', path: '/memories/nope' })).toBe(
      'Error: The path /memories/nope does not exist. Please provide a valid path.',
    );
  });

  it('view quotes the view_range it refuses, each value as it was sent', async () => {
    const { memory } = open();
    await memory.execute({ command: 'create', path: '/memories/notes.md', file_text: 'one\ntwo\nthree' });
    const cases: [unknown, string][] = [
      [[5, 2], '[5, 2]'],
      [[3, 2], '[3, 2]'],
      [[0, 1], '[0, 1]'],
      [[1, 9], '[1, 9]'],
      [[1], '[1]'],
      [[], '[]'],
      [[1, 2, 3], '[1, 2, 3]'],
      [[1.5, '2'], '[1.5, "2"]'],
      [[1, null], '[1, null]'],
      [[1n, 2n], '[1n, 2n]'],
      [[[1], 2], '[an array, 2]'],
      ['all', '"all"'],
      [5, '5'],
      [{ first: 1 }, 'an object'],
      [Array.from({ length: 1000 }, (_, i) => i), '[0, 1, 2, 3, … (1000 values)]'],
    ];
    for (const [range, quoted] of cases) {
      const text = await memory.execute({
        command: 'view',
        path: '/memories/notes.md',
        view_range: range,
      } as never);
      expect(text, quoted).toBe(
        `Error: Invalid \`view_range\` parameter: ${quoted}. It should be [first, last] with 1 <= first <= last <= 3 (last may be -1 for the end of the file).`,
      );
    }
  });

  it('create refuses an existing file, a directory, a file inside a file and the root', async () => {
    const { memory } = open();
    expect(await memory.execute({ command: 'create', path: '/memories/a.md', file_text: '' })).toBe(
      'File created successfully at: /memories/a.md',
    );
    expect(await memory.execute({ command: 'view', path: '/memories/a.md' })).toBe(
      "Here's the content of /memories/a.md with line numbers:\n     1\t",
    );
    await memory.execute({ command: 'create', path: '/memories/d/x.md', file_text: 'x' });
    expect(await memory.execute({ command: 'create', path: '/memories/a.md', file_text: 'A' })).toBe(
      'Error: File /memories/a.md already exists',
    );
    expect(await memory.execute({ command: 'create', path: '/memories/d', file_text: 'x' })).toBe(
      'Error: The path /memories/d is a directory',
    );
    expect(await memory.execute({ command: 'create', path: '/memories/a.md/x', file_text: 'x' })).toBe(
      'Error: /memories/a.md is a file, so /memories/a.md/x cannot be created inside it',
    );
    expect(await memory.execute({ command: 'create', path: '/memories', file_text: 'x' })).toMatch(
      /^Error: \/memories is a directory/,
    );
    // A path written with a trailing slash names a directory: no file is created under its name.
    expect(await memory.execute({ command: 'create', path: '/memories/notes/', file_text: 'x' })).toBe(
      'Error: /memories/notes/ names a directory; give a file path such as /memories/notes/notes.md.',
    );
    expect(await memory.execute({ command: 'view', path: '/memories/notes' })).toMatch(/does not exist/);
  });

  it('str_replace replaces one occurrence and refuses zero or several with the expected messages', async () => {
    const { memory } = open();
    await memory.execute({
      command: 'create',
      path: '/memories/p.md',
      file_text: 'a\nname: Ada\nb\nc\nd\ne\ncity: Oslo\nrepeat repeat',
    });
    expect(
      await memory.execute({
        command: 'str_replace',
        path: '/memories/p.md',
        old_str: 'Paris',
        new_str: 'x',
      }),
    ).toBe('Error: No replacement was performed, old_str `Paris` did not appear verbatim in /memories/p.md.');
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/p.md', old_str: ': ', new_str: '=' }),
    ).toBe(
      'Error: No replacement was performed. Multiple occurrences of old_str `: ` in lines: 2, 7. Please ensure it is unique',
    );
    expect(
      await memory.execute({
        command: 'str_replace',
        path: '/memories/p.md',
        old_str: 'repeat',
        new_str: 'x',
      }),
    ).toBe(
      'Error: No replacement was performed. Multiple occurrences of old_str `repeat` in lines: 8. Please ensure it is unique',
    );
    expect(
      await memory.execute({
        command: 'str_replace',
        path: '/memories/p.md',
        old_str: 'city: Oslo',
        new_str: 'city: Lisbon\ncountry: PT',
      }),
    ).toBe(
      'The memory file has been edited. Here is the snippet showing the change (with line numbers):\n' +
        '     5\td\n     6\te\n     7\tcity: Lisbon\n     8\tcountry: PT\n     9\trepeat repeat',
    );
    // A multi-line old_str matches across lines.
    expect(
      await memory.execute({
        command: 'str_replace',
        path: '/memories/p.md',
        old_str: 'a\nname',
        new_str: 'A\nName',
      }),
    ).toMatch(/^The memory file has been edited/);
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/p.md', old_str: '', new_str: 'x' }),
    ).toMatch(/^Error: `old_str`/);
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/q.md', old_str: 'a', new_str: 'b' }),
    ).toBe('Error: The path /memories/q.md does not exist. Please provide a valid path.');
    const view = await memory.execute({ command: 'view', path: '/memories/p.md' });
    expect(view).toContain('1\tA\n     2\tName: Ada');
    // `$&` and `$1` in new_str are text, not replacement patterns.
    await memory.execute({ command: 'str_replace', path: '/memories/p.md', old_str: 'Ada', new_str: '$&$1' });
    expect(await memory.execute({ command: 'view', path: '/memories/p.md', view_range: [2, 2] })).toMatch(
      /Name: \$&\$1$/,
    );
  });

  it("str_replace counts occurrences that do not overlap, as Anthropic's reference (str.count) and split do", async () => {
    const { memory } = open();
    await memory.execute({ command: 'create', path: '/memories/a.md', file_text: 'aaa\nxyxyx' });
    // `aa` in `aaa` is one occurrence (a second would reuse its second a): replaced, not refused as ambiguous.
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/a.md', old_str: 'aa', new_str: 'B' }),
    ).toBe(
      'The memory file has been edited. Here is the snippet showing the change (with line numbers):\n     1\tBa\n     2\txyxyx',
    );
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/a.md', old_str: 'xyx', new_str: 'Z' }),
    ).toMatch(/^The memory file has been edited/);
    expect(await memory.execute({ command: 'view', path: '/memories/a.md' })).toBe(
      "Here's the content of /memories/a.md with line numbers:\n     1\tBa\n     2\tZyx",
    );
    // Two that do not overlap are still two.
    await memory.execute({ command: 'create', path: '/memories/b.md', file_text: 'aaaa' });
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/b.md', old_str: 'aa', new_str: 'B' }),
    ).toBe(
      'Error: No replacement was performed. Multiple occurrences of old_str `aa` in lines: 1. Please ensure it is unique',
    );
  });

  it('str_replace replaces exactly when old_str occurs once by split, and writes what split and join give (property)', async () => {
    const letters = fc.constantFrom('a', 'a', 'b', '\n');
    const text = fc.array(letters, { maxLength: 12 }).map((l) => l.join(''));
    const oldStr = fc.array(letters, { minLength: 1, maxLength: 4 }).map((l) => l.join(''));
    const newStr = fc.array(fc.constantFrom('a', 'c', '\n'), { maxLength: 3 }).map((l) => l.join(''));
    await fc.assert(
      fc.asyncProperty(text, oldStr, newStr, async (t, o, n) => {
        const { memory } = open();
        await memory.execute({ command: 'create', path: '/memories/f.md', file_text: t });
        const count = t.split(o).length - 1;
        const result = await memory.run({
          command: 'str_replace',
          path: '/memories/f.md',
          old_str: o,
          new_str: n,
        });
        expect(result.isError, result.text).toBe(count !== 1);
        const view = await memory.execute({ command: 'view', path: '/memories/f.md' });
        const expected = count === 1 ? t.split(o).join(n) : t;
        expect(view).toBe(
          `Here's the content of /memories/f.md with line numbers:\n${expected
            .split('\n')
            .map((line, i) => `${String(i + 1).padStart(6, ' ')}\t${line}`)
            .join('\n')}`,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('insert adds text at a line, refusing lines outside the file', async () => {
    const { memory } = open();
    await memory.execute({ command: 'create', path: '/memories/l.md', file_text: 'one\ntwo' });
    expect(
      await memory.execute({
        command: 'insert',
        path: '/memories/l.md',
        insert_line: 0,
        insert_text: 'zero\n',
      }),
    ).toBe('The file /memories/l.md has been edited.');
    await memory.execute({ command: 'insert', path: '/memories/l.md', insert_line: 3, insert_text: 'three' });
    expect(await memory.execute({ command: 'view', path: '/memories/l.md' })).toMatch(
      /1\tzero\n {5}2\tone\n {5}3\ttwo\n {5}4\tthree$/,
    );
    for (const line of [-1, 5, 1.5, '2'])
      expect(
        await memory.execute({
          command: 'insert',
          path: '/memories/l.md',
          insert_line: line,
          insert_text: 'x',
        }),
      ).toMatch(
        /^Error: Invalid `insert_line` parameter: .*\. It should be within the range of lines of the file: \[0, 4\]$/,
      );
    expect(
      await memory.execute({ command: 'insert', path: '/memories/m.md', insert_line: 0, insert_text: 'x' }),
    ).toMatch(/does not exist/);
  });

  it('delete removes a file or a directory, never the root; rename moves files and directories', async () => {
    const { memory } = open();
    await memory.execute({ command: 'create', path: '/memories/a.md', file_text: 'a' });
    await memory.execute({ command: 'create', path: '/memories/d/x.md', file_text: 'x' });
    await memory.execute({ command: 'create', path: '/memories/d/e/y.md', file_text: 'y' });
    const steps: [Record<string, unknown>, string | RegExp][] = [
      [{ command: 'delete', path: '/memories' }, 'Error: Cannot delete the /memories directory itself'],
      [{ command: 'delete', path: '/memories/zz' }, 'Error: The path /memories/zz does not exist'],
      [
        { command: 'rename', old_path: '/memories/d', new_path: '/memories/a.md' },
        'Error: The destination /memories/a.md already exists',
      ],
      [
        { command: 'rename', old_path: '/memories/d', new_path: '/memories/d/e/f' },
        'Error: Cannot move /memories/d into itself',
      ],
      [
        { command: 'rename', old_path: '/memories/d', new_path: '/memories/a.md/z' },
        /^Error: \/memories\/a\.md is a file/,
      ],
      [
        { command: 'rename', old_path: '/memories', new_path: '/memories/r' },
        'Error: Cannot rename the /memories directory itself',
      ],
      [
        { command: 'rename', old_path: '/memories/nope', new_path: '/memories/r' },
        'Error: The path /memories/nope does not exist',
      ],
      [
        { command: 'rename', old_path: '/memories/d', new_path: '/memories/archive/d' },
        'Successfully renamed /memories/d to /memories/archive/d',
      ],
    ];
    for (const [command, expected] of steps) {
      const text = await memory.execute(command);
      if (typeof expected === 'string') expect(text).toBe(expected);
      else expect(text).toMatch(expected);
    }
    expect(await memory.execute({ command: 'view', path: '/memories/archive/d/e/y.md' })).toMatch(/1\ty$/);
    expect(
      await memory.execute({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' }),
    ).toBe('Successfully renamed /memories/a.md to /memories/b.md');
    expect(await memory.execute({ command: 'delete', path: '/memories/archive' })).toBe(
      'Successfully deleted /memories/archive',
    );
    expect(await memory.execute({ command: 'delete', path: '/memories/b.md' })).toBe(
      'Successfully deleted /memories/b.md',
    );
    expect(await memory.execute({ command: 'view', path: '/memories' })).toMatch(/\n0B\t\/memories$/);
  });

  it('answers a malformed command with text, never a throw', async () => {
    const { memory } = open();
    const bad: unknown[] = [
      null,
      'view',
      42,
      {},
      { command: 'explode' },
      { command: 'create', path: '/memories/x' },
      { command: 'str_replace', path: '/memories/x', old_str: 1, new_str: 'y' },
      { command: 'insert', path: '/memories/x', insert_line: 0 },
      { command: 'rename', old_path: '/memories/x' },
      { command: 'view' },
    ];
    for (const command of bad) expect(await memory.execute(command)).toMatch(/^Error: /);
  });

  it('answers a field no JSON gives (an object without a prototype) or a huge one with a short refusal, never a throw', async () => {
    const { memory } = open();
    await memory.execute({ command: 'create', path: '/memories/a.md', file_text: 'a' });
    const bare = Object.create(null) as object;
    const bad: unknown[] = [
      { command: bare },
      { command: 'x'.repeat(100_000) },
      { command: 'insert', path: '/memories/a.md', insert_line: bare, insert_text: 'x' },
      { command: 'insert', path: '/memories/a.md', insert_line: '1'.repeat(100_000), insert_text: 'x' },
    ];
    for (const command of bad) {
      const text = await memory.execute(command);
      expect(text).toMatch(/^Error: /);
      expect(text.length).toBeLessThan(300);
    }
  });
});

describe('memory tool handler: caps', () => {
  it('refuses files over maxFileBytes (create, str_replace, insert), past maxFiles, and paths over maxPathLength', async () => {
    const { memory } = open({ maxFileBytes: 10, maxFiles: 2, maxPathLength: 24 });
    expect(await memory.execute({ command: 'create', path: '/memories/a', file_text: 'é'.repeat(6) })).toBe(
      'Error: /memories/a would be 12 bytes; a memory file may have at most 10 bytes. Nothing was changed.',
    );
    await memory.execute({ command: 'create', path: '/memories/a', file_text: '0123456789' });
    expect(
      await memory.execute({ command: 'str_replace', path: '/memories/a', old_str: '9', new_str: '99' }),
    ).toMatch(/would be 11 bytes/);
    expect(
      await memory.execute({ command: 'insert', path: '/memories/a', insert_line: 1, insert_text: '' }),
    ).toMatch(/would be 11 bytes/);
    await memory.execute({ command: 'create', path: '/memories/b', file_text: '' });
    expect(await memory.execute({ command: 'create', path: '/memories/c', file_text: '' })).toBe(
      'Error: The memory directory already holds 2 files, the most it may hold. Delete or merge files first.',
    );
    expect(await memory.execute({ command: 'view', path: '/memories/0123456789abcdef' })).toMatch(
      /has 26 characters; the most is 24/,
    );
    expect(await memory.execute({ command: 'view', path: '/memories/a' })).toMatch(/1\t0123456789$/);
    // A directory moved under a longer name would give its files paths over the cap.
    const short = open({ maxPathLength: 24 }).memory;
    await short.execute({ command: 'create', path: '/memories/d/x', file_text: 'x' });
    expect(
      await short.execute({
        command: 'rename',
        old_path: '/memories/d',
        new_path: '/memories/dddddddddddddd',
      }),
    ).toBe('Error: /memories/dddddddddddddd/x would be longer than 24 characters');
  });

  it('refuses limits that do not fit one long-term record when it is created', () => {
    for (const options of [
      { maxFileBytes: -1 },
      { maxFiles: 0 },
      { maxPathLength: 5 },
      { maxFileBytes: 70_000 },
    ]) {
      expect(() => createMemoryToolHandler({ store: createMemoryStore(), scope, ...options })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
    }
    // @ts-expect-error a store without long-term records is a compile error; a JavaScript caller gets INVALID_ARGUMENT
    expect(() => createMemoryToolHandler({ store: {}, scope })).toThrow(/HasLongTermRecords/);
    // A misspelt limit was ignored: files up to the default 32 KiB were taken.
    expect(() =>
      createMemoryToolHandler({ store: createMemoryStore(), scope, maxFileByte: 100 } as never),
    ).toThrow(/createMemoryToolHandler\(options\)\.maxFileByte: not an option/);
  });
});

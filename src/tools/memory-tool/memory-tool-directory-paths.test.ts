import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

const open = async () => {
  const memory = createMemoryToolHandler({
    store: createMemoryStore(),
    scope: { tenant: 'acme', user: 'ada' },
  });
  await memory.execute({ command: 'create', path: '/memories/a.md', file_text: 'name: Ada\ncity: Oslo' });
  await memory.execute({ command: 'create', path: '/memories/d/b.md', file_text: 'b' });
  return memory;
};

/** What `/memories` holds, as `view` lists it (what a refused command must leave as it was). */
const listing = async (memory: Awaited<ReturnType<typeof open>>) =>
  memory.execute({ command: 'view', path: '/memories' });

describe('memory tool: a path written with a trailing slash names a directory', () => {
  it('refuses it for a file in every command, as a file system does ("Not a directory"), changing nothing', async () => {
    const memory = await open();
    const before = await listing(memory);
    const refused = [
      { command: 'view', path: '/memories/a.md/' },
      { command: 'view', path: '/memories/a.md/', view_range: [1, 1] },
      { command: 'str_replace', path: '/memories/a.md/', old_str: 'Oslo', new_str: 'Paris' },
      { command: 'insert', path: '/memories/a.md/', insert_line: 0, insert_text: 'x' },
      { command: 'delete', path: '/memories/a.md/' },
      { command: 'rename', old_path: '/memories/a.md/', new_path: '/memories/c.md' },
      { command: 'rename', old_path: '/memories/a.md', new_path: '/memories/c.md/' },
    ];
    for (const command of refused) {
      const result = await memory.run(command);
      expect(result.isError, JSON.stringify(command)).toBe(true);
      expect(result.text, JSON.stringify(command)).toMatch(
        /^Error: \/memories\/(a|c)\.md\/ names a directory/,
      );
    }
    expect(await listing(memory)).toBe(before);
    expect(await memory.execute({ command: 'view', path: '/memories/a.md' })).toContain('2\tcity: Oslo');
  });

  it('keeps serving directories written with the slash', async () => {
    const memory = await open();
    expect(await memory.execute({ command: 'view', path: '/memories/d/' })).toContain('/memories/d/b.md');
    expect(await memory.execute({ command: 'view', path: '/memories/' })).toContain('/memories/a.md');
    expect(
      await memory.execute({ command: 'rename', old_path: '/memories/d/', new_path: '/memories/e/' }),
    ).toBe('Successfully renamed /memories/d to /memories/e');
    expect(await memory.execute({ command: 'view', path: '/memories/e/b.md' })).toContain('1\tb');
    expect(await memory.execute({ command: 'delete', path: '/memories/e/' })).toBe(
      'Successfully deleted /memories/e',
    );
    expect(await memory.execute({ command: 'view', path: '/memories/missing/' })).toMatch(/does not exist/);
  });
});

describe('memory tool: what the model sent is quoted short in a refusal', () => {
  it('str_replace shows at most the head of an old_str it did not find, or found several times', async () => {
    const memory = await open();
    const missing = `${'x'.repeat(100_000)}END`;
    const notFound = await memory.run({
      command: 'str_replace',
      path: '/memories/a.md',
      old_str: missing,
      new_str: '',
    });
    expect(notFound.isError).toBe(true);
    expect(notFound.text.length).toBeLessThan(500);
    expect(notFound.text).toMatch(
      /^Error: No replacement was performed, old_str `x{200}…` \(100003 characters\) did not appear verbatim in \/memories\/a\.md\.$/,
    );
    await memory.execute({
      command: 'create',
      path: '/memories/r.md',
      file_text: `${'y'.repeat(5000)}\n${'y'.repeat(5000)}`,
    });
    const several = await memory.run({
      command: 'str_replace',
      path: '/memories/r.md',
      old_str: 'y'.repeat(4000),
      new_str: '',
    });
    expect(several.text.length).toBeLessThan(500);
    expect(several.text).toMatch(
      /^Error: No replacement was performed\. Multiple occurrences of old_str `y{200}…` \(4000 characters\) in lines: 1, 2\./,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import { createMemoryFiles } from './memory-files.ts';
import { memoryLockKind } from './memory-root-lock.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

const scope = { tenant: 'acme', user: 'ada' };

describe('memory tool: what a crashed command leaves behind', () => {
  it('a rename that crashed after sealing its source is shown at its destination and finished by the next command', async () => {
    const store = createMemoryStore();
    const handler = createMemoryToolHandler({ store, scope });
    await handler.execute({ command: 'create', path: '/memories/a.md', file_text: 'kept' });
    // The crashed rename: it sealed the source for /memories/b.md, then died before writing the copy.
    const files = createMemoryFiles(getLongTermRecords(store), scope, 'test');
    expect(await files.seal('/memories/a.md', '/memories/b.md')).toBe('kept');
    expect(
      await handler.execute({
        command: 'str_replace',
        path: '/memories/a.md',
        old_str: 'kept',
        new_str: 'x',
      }),
    ).toMatch(/does not exist/);
    expect(await handler.execute({ command: 'view', path: '/memories' })).toMatch(/\t\/memories\/b\.md$/m);
    expect(await handler.execute({ command: 'create', path: '/memories/c.md', file_text: 'c' })).toMatch(
      /created/,
    );
    expect((await files.list()).map((f) => [f.path, f.movedTo])).toEqual([
      ['/memories/b.md', undefined],
      ['/memories/c.md', undefined],
    ]);
    expect(await handler.execute({ command: 'view', path: '/memories/b.md' })).toMatch(/1\tkept$/);
  });

  it('a file a crashed rename left on its way is read and edited at its destination, where the listing shows it', async () => {
    const store = createMemoryStore();
    const handler = createMemoryToolHandler({ store, scope });
    const files = createMemoryFiles(getLongTermRecords(store), scope, 'test');
    // Each command below finds one crashed rename of `/memories/<name>.md` to `/memories/<name>2.md`.
    const commands: [name: string, command: object, result: RegExp, after: RegExp][] = [
      ['a', { command: 'view' }, /1\tkept a$/, /1\tkept a$/],
      [
        'b',
        { command: 'str_replace', old_str: 'kept', new_str: 'edited' },
        /has been edited/,
        /1\tedited b$/,
      ],
      [
        'c',
        { command: 'insert', insert_line: 0, insert_text: 'top' },
        /has been edited/,
        /1\ttop\n +2\tkept c$/,
      ],
    ];
    for (const [name, command, result, after] of commands) {
      const [from, to] = [`/memories/${name}.md`, `/memories/${name}2.md`];
      await handler.execute({ command: 'create', path: from, file_text: `kept ${name}` });
      await files.seal(from, to);
      expect(await handler.execute({ command: 'view', path: '/memories' })).toContain(`\t${to}`);
      expect(await handler.execute({ ...command, path: to }), name).toMatch(result);
      expect(
        (await files.list()).find((f) => f.path === from),
        name,
      ).toBeUndefined();
      expect(await handler.execute({ command: 'view', path: to }), name).toMatch(after);
    }
    // A path nothing moves to is still refused as before.
    expect(await handler.execute({ command: 'view', path: '/memories/z.md' })).toMatch(/does not exist/);
    const edit = { command: 'str_replace', path: '/memories/z.md', old_str: 'a', new_str: 'b' };
    expect(await handler.execute(edit)).toMatch(/does not exist/);
  });

  it('the lock of a holder that crashed is taken once its lease has ended, and waited for before', async () => {
    const store = createMemoryStore();
    const records = getLongTermRecords(store);
    const lock = (until: number) =>
      prepareRecord(
        { id: 'mfile_lock', kind: memoryLockKind, text: JSON.stringify({ holder: 'dead', until }) },
        'test',
      );
    await records.addRecords(scope, [lock(Date.now() - 1)]);
    const handler = createMemoryToolHandler({ store, scope });
    expect(await handler.execute({ command: 'create', path: '/memories/a.md', file_text: 'a' })).toMatch(
      /created/,
    );
    // A live holder for 300 ms more: a create waits for it, then runs.
    const current = await records.getRecord(scope, 'mfile_lock');
    await records.updateRecord(
      scope,
      'mfile_lock',
      {
        text: JSON.stringify({ holder: 'other', until: Date.now() + 300 }),
        expectedVersion: current!.version,
      },
      new Date(),
    );
    const started = Date.now();
    expect(await handler.execute({ command: 'create', path: '/memories/b.md', file_text: 'b' })).toMatch(
      /created/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});

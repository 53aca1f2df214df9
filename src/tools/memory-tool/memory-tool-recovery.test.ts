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

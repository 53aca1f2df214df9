import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createMemoryRootLock } from './memory-root-lock.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

describe('the /memories lock record', () => {
  it('keeps a short history however many commands took it: at most 7 versions, the current one free', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const lock = createMemoryRootLock(store.longTermRecords, scope, 'test');
    for (let i = 0; i < 25; i++) expect(await lock.hold(async () => i)).toBe(i);
    const history = await store.longTermRecords.history(scope, 'mfile_lock');
    expect(history.length).toBeLessThanOrEqual(7);
    expect(history.at(-1)?.version).toBe(50);
    expect(JSON.parse(history.at(-1)?.text ?? '{}')).toEqual({ holder: null, until: 0 });
  });

  it('through the memory tool: files keep every version, the lock only its newest', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const tool = createMemoryToolHandler({ store, scope });
    await tool.execute({ command: 'create', path: '/memories/a.md', file_text: 'v0' });
    for (let i = 1; i <= 12; i++)
      await tool.execute({
        command: 'str_replace',
        path: '/memories/a.md',
        old_str: `v${i - 1}`,
        new_str: `v${i}`,
      });
    expect((await store.longTermRecords.history(scope, 'mfile_lock')).length).toBeLessThanOrEqual(7);
    const files = await store.longTermRecords.listRecords(scope, {
      filter: { kinds: ['engram.memory_file'] },
    });
    const file = files.records[0];
    expect(file?.text).toMatch(/v12$/);
    expect((await store.longTermRecords.history(scope, file?.id as string)).length).toBe(13);
  });
});

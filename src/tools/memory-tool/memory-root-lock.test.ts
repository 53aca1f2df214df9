import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createMemoryRootLock } from './memory-root-lock.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

describe('the /memories lock record', () => {
  it('keeps a short history however many commands took it: at most 31 versions, the current one free', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const lock = createMemoryRootLock(store.longTermRecords, scope, 'test');
    for (let i = 0; i < 40; i++) expect(await lock.hold(async () => i)).toBe(i);
    const history = await store.longTermRecords.history(scope, 'mfile_lock');
    expect(history.length).toBeLessThanOrEqual(31);
    expect(history.at(-1)?.version).toBe(80);
    expect(JSON.parse(history.at(-1)?.text ?? '{}')).toEqual({ holder: null, until: 0 });
  });

  it('through the memory tool: the lock keeps its newest versions, a file every version', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const tool = createMemoryToolHandler({ store, scope });
    // A create takes the lock (it checks the name against the directory): 21 creates write 42 lock versions.
    for (let i = 0; i <= 20; i++)
      await tool.execute({ command: 'create', path: `/memories/f${i}.md`, file_text: `v${i}` });
    for (let i = 1; i <= 20; i++)
      await tool.execute({
        command: 'str_replace',
        path: '/memories/f0.md',
        old_str: `v${i - 1}`,
        new_str: `v${i}`,
      });
    const lock = await store.longTermRecords.history(scope, 'mfile_lock');
    expect(lock.at(-1)?.version).toBe(42);
    expect(lock.length).toBeLessThanOrEqual(31);
    const files = await store.longTermRecords.listRecords(scope, {
      filter: { kinds: ['engram.memory_file'] },
    });
    const file = files.records.find((r) => r.text.endsWith('v20') && r.text.includes('f0.md'));
    expect((await store.longTermRecords.history(scope, file?.id as string)).length).toBe(21);
  });
});

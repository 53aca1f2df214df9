import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

describe('memory files: the listing reads files in the scope at their current version', () => {
  it('a file edited between the listing and its reading is still moved by a directory rename, with the edit', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    const plain = createMemoryToolHandler({ store, scope });
    await plain.execute({ command: 'create', path: '/memories/dir/a.md', file_text: 'draft' });
    await plain.execute({ command: 'create', path: '/memories/dir/b.md', file_text: 'other' });
    // The same store, where the rename's listing is followed by an edit of a.md (a writer that takes no lock)
    // before the listed files are read in the scope.
    const records = store.longTermRecords;
    let edits = 0;
    const racing = new Proxy(records, {
      get(target, key) {
        if (key !== 'listRecords') return Reflect.get(target, key);
        const list: LongTermStoreV1['listRecords'] = async (s, options) => {
          const page = await target.listRecords(s, options);
          if (edits++ === 0)
            await plain.execute({
              command: 'str_replace',
              path: '/memories/dir/a.md',
              old_str: 'draft',
              new_str: 'final',
            });
          return page;
        };
        return list;
      },
    });
    const renaming = createMemoryToolHandler({ store: { longTermRecords: racing }, scope });
    expect(
      await renaming.execute({ command: 'rename', old_path: '/memories/dir', new_path: '/memories/moved' }),
    ).toMatch(/Successfully renamed/);
    expect(edits).toBeGreaterThan(0);
    const listing = await plain.execute({ command: 'view', path: '/memories' });
    expect(listing).not.toMatch(/\/memories\/dir/);
    expect(await plain.execute({ command: 'view', path: '/memories/moved/a.md' })).toMatch(/1\tfinal$/);
    expect(await plain.execute({ command: 'view', path: '/memories/moved/b.md' })).toMatch(/1\tother$/);
  });
});

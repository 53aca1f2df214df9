import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareContentItem } from '../../content/prepare-content-item.ts';
import { describeContentStore } from '../../testing/content/index.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { spaceDir } from './content-files.ts';
import { createJsonFileStore } from './json-file-driver.ts';
import { TenantFiles } from './tenant-files.ts';

const directory = await mkdtemp(join(tmpdir(), 'engram-json-content-'));

describeContentStore('json-file', {
  open: async () => createJsonFileStore({ directory }),
  reopen: async (previous) => {
    await previous.close?.();
    return createJsonFileStore({ directory });
  },
  cleanup: () => rm(directory, { recursive: true, force: true }),
});

const make = (id: string, content: string) =>
  prepareContentItem(
    { id, type: 'custom', source: 's', content },
    { counter: createEstimateTokenCounter(), clock: { now: () => new Date(0) }, component: 'test' },
  );

describe('json-file content files', () => {
  it('an unnamed content file (a crash before the index write) is invisible, and replaced items leave no files behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-json-content-crash-'));
    const scope = { tenant: 't', user: 'u' };
    const store = createJsonFileStore({ directory: dir });
    await store.contentItems.putItem(scope, 'sp', make('a', 'first'));
    const folder = spaceDir(new TenantFiles(dir, 't').dir, scope, 'sp');
    await writeFile(join(folder, 'orphan.0123456789abcdef.content'), 'left by a crash');
    await store.close();
    const again = createJsonFileStore({ directory: dir });
    expect((await again.contentItems.queryItems(scope, 'sp')).items.map((i) => i.id)).toEqual(['a']);
    await again.contentItems.replaceItems(scope, 'sp', [make('a', 'second'), make('b', 'third')]);
    expect((await again.contentItems.getItem(scope, 'sp', 'a'))?.content).toBe('second');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.content'));
    expect(files.sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^a\./), expect.stringMatching(/^b\./)]),
    );
    expect(files).toHaveLength(3); // a (new digest), b, and the orphan that no index names
    await again.contentItems.clearItems(scope, 'sp');
    expect((await readdir(folder)).filter((f) => f.endsWith('.content'))).toEqual([
      'orphan.0123456789abcdef.content',
    ]);
    await again.close();
    await rm(dir, { recursive: true, force: true });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareContentItem } from '../../driver.ts';
import { createLibsqlStore } from '../../libsql.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-libsql-tags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't', user: 'u' };

describe('libsql content items by tag (schema 5)', () => {
  it('copies the tags of a database at schema 4, keeps them with writes and deletes, answers as before', async () => {
    const url = `file:${join(dir, 'v4.db')}`;
    const open = () => createLibsqlStore({ client: createClient({ url, timeout: 30_000 }) });
    const store = open();
    const item = (input: { id: string; content: string; timestamp?: Date; tags: string[] }) =>
      prepareContentItem(
        { type: 'custom', source: 'test', ...input },
        {
          counter: { encoding: 'test', countText: (text) => text.length, count: () => 1 },
          clock: { now: () => new Date() },
          component: 'test',
        },
      );
    for (let i = 0; i < 10; i++)
      await store.contentItems.putItem(
        scope,
        's',
        item({
          id: `i${i}`,
          content: `item ${i}`,
          timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          tags: i % 3 === 0 ? ['a', 'b'] : ['a'],
        }),
      );
    const ids = async (s: typeof store, tags: string[], tagMatch: 'any' | 'all' = 'any') =>
      (await s.contentItems.queryItems(scope, 's', { tags, tagMatch, order: 'oldest' })).items.map(
        (i) => i.id,
      );
    expect(await ids(store, ['b'])).toEqual(['i0', 'i3', 'i6', 'i9']);
    await store.close();
    // Back to schema 4: the table, its triggers and the version row gone.
    const raw = createClient({ url });
    await raw.execute('DROP TABLE engram_content_tags');
    await raw.execute('DROP TRIGGER engram_content_tags_insert');
    await raw.execute('DROP TRIGGER engram_content_tags_delete');
    await raw.execute('DELETE FROM engram_libsql_schema WHERE version = 5');
    const again = open();
    try {
      expect(await ids(again, ['b'])).toEqual(['i0', 'i3', 'i6', 'i9']);
      expect(await ids(again, ['a', 'b'], 'all')).toEqual(['i0', 'i3', 'i6', 'i9']);
      expect(Number((await raw.execute('SELECT count(*) AS n FROM engram_content_tags')).rows[0]?.n)).toBe(
        14,
      );
      await again.contentItems.deleteItem(scope, 's', 'i3');
      await again.contentItems.putItem(scope, 's', item({ id: 'late', content: 'late', tags: [] }));
      expect(await ids(again, ['b'])).toEqual(['i0', 'i6', 'i9']);
      expect(Number((await raw.execute('SELECT count(*) AS n FROM engram_content_tags')).rows[0]?.n)).toBe(
        12,
      );
    } finally {
      await again.close();
      raw.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { taggedItem as item } from '../../../test-support/content-items.ts';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import type { ContentStoreV1 } from '../../content/content-store-v1.ts';
import { createMemoryContentItems } from '../../content/memory-content-items.ts';
import { createLibsqlStore } from '../../libsql.ts';
import { openPostgresStore } from '../postgres/postgres-driver.ts';
import { createSqliteStore } from '../sqlite/sqlite-driver.ts';

/**
 * Content items by tag (schema 21) at its edges, answering as the json_each check it replaced did: an item built by
 * hand whose tags repeat one, and a query for all of 1,200 tags (SQLite's expression depth, PostgreSQL's planning).
 */
const dir = mkdtempSync(join(tmpdir(), 'engram-tags-edges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't', user: 'u' };

/** Every content driver the engine reads through (the in-process one is the reference). */
const drivers: [string, () => Promise<{ content: ContentStoreV1; close: () => Promise<void> }>][] = [
  ['memory', async () => ({ content: createMemoryContentItems() as ContentStoreV1, close: async () => {} })],
  [
    'sqlite',
    async () => {
      const store = createSqliteStore({ path: ':memory:' });
      return { content: store.contentItems, close: () => store.close() };
    },
  ],
  [
    'libsql',
    async () => {
      const store = createLibsqlStore({
        client: createClient({ url: `file:${join(dir, `${Math.random()}.db`)}` }),
      });
      return { content: store.contentItems as ContentStoreV1, close: async () => store.close() };
    },
  ],
  [
    'postgres',
    async () => {
      const schema = await createTestSchema('engram_tags_edges');
      const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
      return {
        content: store.contentItems,
        close: async () => {
          await store.close();
          await schema.drop();
        },
      };
    },
  ],
];

describe.each(drivers)('content tags on %s', (_name, open) => {
  it('putItem accepts an item whose tags repeat one (checkContentItem allows it), and finds it by that tag', async () => {
    const { content, close } = await open();
    try {
      // A ContentItem built by hand (not through prepareContentItem, which drops repeats): valid by checkContentItem.
      const twice = { ...item('dup', ['a']), tags: ['a', 'a'] };
      await content.putItem(scope, 's', twice);
      expect((await content.queryItems(scope, 's', { tags: ['a'] })).items.map((i) => i.id)).toEqual(['dup']);
    } finally {
      await close();
    }
  });

  it("a query by 'all' of 1,200 tags answers as json_each did (SQLite: no expression-depth error; PostgreSQL: no minutes of planning)", async () => {
    const { content, close } = await open();
    try {
      const many = Array.from({ length: 1200 }, (_, i) => `t${i}`);
      await content.putItem(scope, 's', item('all', many, 1));
      await content.putItem(scope, 's', item('some', many.slice(0, 600), 2));
      const page = await content.queryItems(scope, 's', { tags: many, tagMatch: 'all' });
      expect(page.items.map((i) => i.id)).toEqual(['all']);
    } finally {
      await close();
    }
  }, 20_000); // PostgreSQL planned one EXISTS a tag: minutes for 1,200
});

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { taggedItem as item } from '../../../test-support/content-items.ts';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { openPostgresStore } from './postgres-driver.ts';

/**
 * PostgreSQL (READ COMMITTED): an item another process commits while `clearItems` runs is either deleted with its
 * tag rows or kept with them. The rows are kept by a trigger in the statement that deletes the items (an earlier
 * version deleted them by a subquery in a statement before, and an item committed between the two lost its item
 * row and kept its tag rows).
 */
const scope = { tenant: 't', user: 'u' };

describe('postgres content tags and a concurrent insert', () => {
  it('clearItems leaves no tag row behind when an item is committed between its two deletes', async () => {
    const schema = await createTestSchema('engram_tags_race');
    const pool = new pg.Pool({ connectionString: schema.url, max: 4 });
    const other = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
    let between: (() => Promise<void>) | undefined;
    // A pool whose connections run `between` once right after the statement deleting the items.
    const wrapped = {
      query: pool.query.bind(pool),
      connect: async () => {
        const client = await pool.connect();
        const query = client.query.bind(client);
        return Object.assign(client, {
          query: async (...args: unknown[]) => {
            const result = await (query as (...a: unknown[]) => Promise<unknown>)(...args);
            const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
            if (between && /DELETE FROM \S*engram_content_items/.test(text)) {
              const run = between;
              between = undefined;
              await run();
            }
            return result;
          },
        });
      },
    };
    const store = await openPostgresStore({ pool: wrapped as never, schema: schema.name });
    const raw = new pg.Client({ connectionString: schema.url });
    await raw.connect();
    try {
      await store.contentItems.putItem(scope, 's', item('first', ['x'], 1));
      between = async () => {
        await other.contentItems.putItem(scope, 's', item('late', ['late-tag'], 2));
      };
      await store.contentItems.clearItems(scope, 's');
      expect(between).toBeUndefined(); // the interleaving happened
      const items = await raw.query(`SELECT id FROM "${schema.name}".engram_content_items`);
      const tags = await raw.query(`SELECT tag FROM "${schema.name}".engram_content_tags`);
      // Whether or not the late item survives the clear, no tag row may outlive its item.
      const left = new Set(items.rows.map((r) => r.id));
      expect({ items: [...left], tags: tags.rows.map((r) => r.tag) }).toEqual({
        items: [...left],
        tags: left.has('late') ? ['late-tag'] : [],
      });
    } finally {
      await raw.end();
      await store.close();
      await other.close();
      await pool.end();
      await schema.drop();
    }
  });
});

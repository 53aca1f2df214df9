import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { taggedItem as item } from '../../../test-support/content-items.ts';
import { createSqliteStore } from '../sqlite/sqlite-driver.ts';

/**
 * Schema 21 beside an engram of schema 20 still open on the file (the README's "older engram process still open"
 * case), which writes and deletes items knowing no `engram_content_tags`: the table's triggers keep its rows for
 * that process too, so a query by tag finds its items, and a row id SQLite reuses after its delete inherits no tag.
 * (Kept in application code before, both failed.)
 */
const dir = mkdtempSync(join(tmpdir(), 'engram-tags-older-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't', user: 'u' };

describe('content tags beside an older engram process (SQLite, schema 20 code still open)', () => {
  it('an item the older process inserted is found by its tag', async () => {
    const path = join(dir, 'mixed-insert.db');
    const store = createSqliteStore({ path });
    await store.contentItems.putItem(scope, 's', item('kept', ['public'], 1));
    // The older engram process (schema 20 code) inserts an item as its insertItem did: the item row (and its FTS
    // row, left out here: no text criterion is asked), no tag rows (it knows no engram_content_tags).
    const old = new DatabaseSync(path);
    old.exec('PRAGMA busy_timeout = 5000');
    old.exec(`INSERT INTO engram_content_items (tenant, user_id, agent_id, space, id, type, format, source, ts, size, tokens, digest, tags, related_to, metadata, content)
SELECT tenant, user_id, agent_id, space, 'by-old', type, format, source, ts + 1, size, tokens, digest, '["public","secret"]', related_to, metadata, content FROM engram_content_items WHERE id = 'kept'`);
    old.close();
    try {
      const secret = await store.contentItems.queryItems(scope, 's', { tags: ['secret'] });
      expect(secret.items.map((i) => i.id)).toEqual(['by-old']);
    } finally {
      await store.close();
    }
  });

  it('an item the older process deleted lends no tag to the new item that reuses its row id', async () => {
    const path = join(dir, 'mixed-delete.db');
    const store = createSqliteStore({ path });
    const content = store.contentItems;
    await content.putItem(scope, 's', item('kept', ['public'], 1));
    await content.putItem(scope, 's', item('secret-1', ['secret'], 2));
    // The older engram process (schema 20 code) deletes the newest item as its deleteItems did: the FTS row and the
    // item row, nothing else (it knows no engram_content_tags).
    const old = new DatabaseSync(path);
    old.exec('PRAGMA busy_timeout = 5000');
    const rid = (
      old.prepare("SELECT rid FROM engram_content_items WHERE id = 'secret-1'").get() as { rid: number }
    ).rid;
    old.prepare('DELETE FROM engram_content_fts WHERE rowid = ?').run(rid);
    old.prepare("DELETE FROM engram_content_items WHERE id = 'secret-1'").run();
    old.close();
    // A new item takes the freed row id (SQLite reuses the largest rowid): it carries no 'secret' tag.
    await content.putItem(scope, 's', item('plain', ['public'], 3));
    try {
      const secret = await content.queryItems(scope, 's', { tags: ['secret'] });
      expect(secret.items.map((i) => i.id)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

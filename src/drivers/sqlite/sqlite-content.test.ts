import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareContentItem } from '../../content/prepare-content-item.ts';
import { describeContentStore } from '../../testing/content/index.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createSqliteStore } from './sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-content-'));
const file = join(dir, 'content.db');

describeContentStore('sqlite (file)', {
  open: async () => createSqliteStore({ path: file }),
  reopen: async (previous) => {
    await previous.close?.();
    return createSqliteStore({ path: file });
  },
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
});

describe('sqlite content items', () => {
  it('a scoped text query reads the FTS5 index with the owner token; queries use the order index; no scan of content', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const scope = { tenant: 't' };
    const item = prepareContentItem(
      { id: 'a', type: 'custom', source: 's', content: 'quokka' },
      { counter: createEstimateTokenCounter(), clock: { now: () => new Date(0) }, component: 'test' },
    );
    await store.contentItems.putItem(scope, 'sp', item);
    expect(
      (await store.contentItems.queryItems(scope, 'sp', { text: 'quokka' })).items.map((i) => i.id),
    ).toEqual(['a']);
    const plan = async (query: string, params: unknown[]) =>
      (
        store.database.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...(params as never[])) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('\n');
    const text = await plan(
      `SELECT rid FROM engram_content_items WHERE tenant = ? AND user_id = '' AND agent_id = '' AND space = ? AND rid IN (SELECT rowid FROM engram_content_fts WHERE engram_content_fts MATCH ?) ORDER BY ts DESC, id DESC LIMIT 21`,
      ['t', 'sp', 'owner : "x" AND text : ("quokka")'],
    );
    expect(text).toMatch(/VIRTUAL TABLE INDEX/);
    const page = await plan(
      `SELECT rid FROM engram_content_items WHERE tenant = ? AND user_id = '' AND agent_id = '' AND space = ? ORDER BY ts DESC, id DESC LIMIT 21`,
      ['t', 'sp'],
    );
    expect(page).toMatch(/USING (COVERING )?INDEX engram_content_items_order/);
    expect(page).not.toMatch(/TEMP B-TREE/);
    await store.close();
  });
});

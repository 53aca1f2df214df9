import { describe, expect, it } from 'vitest';
import { openPlannedDatabase } from '../../../test-support/sqlite-plans.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { tagRowsReadFirst } from '../../content/tag-query-plan.ts';
import { createSqliteStore } from './sqlite-driver.ts';

/**
 * A query by tag (schema 21) reads what its tags' rows say: a rare tag's items by row id, a common tag by walking the
 * space newest first with a check by key that stops at the page; neither parses an item's tags.
 */
describe('sqlite content queries by tag', () => {
  it('read a rare tag by row id, walk a common one in order; the delete trigger goes by row id', async () => {
    const planned = openPlannedDatabase();
    const store = createSqliteStore({ database: planned.database });
    const content = createContentStore({ store, scope: { tenant: 't', user: 'u' }, space: 's' });
    for (let i = 0; i < tagRowsReadFirst + 20; i++)
      await content.put({
        id: `i${i}`,
        type: 'custom',
        source: 'test',
        content: `item ${i}`,
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        tags: i % 100 === 7 ? ['common', 'rare'] : ['common'],
      });

    planned.prepared.length = 0;
    const rare = await content.query({ tags: ['rare'] });
    expect(rare.items.map((i) => i.id)).toEqual(['i507', 'i407', 'i307', 'i207', 'i107', 'i7']);
    const rarePlan = planned.planOf(/FROM engram_content_items NOT INDEXED/);
    expect(rarePlan).toMatch(/SEARCH engram_content_items USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(rarePlan).toMatch(
      /SEARCH engram_content_tags USING PRIMARY KEY \(tenant=\? AND user_id=\? AND agent_id=\? AND space=\? AND tag=\?\)/,
    );
    expect(rarePlan).not.toMatch(/json_each|SCAN/);

    planned.prepared.length = 0;
    const both = await content.query({ tags: ['common', 'rare'], tagMatch: 'all' });
    expect(both.items.map((i) => i.id)).toEqual(rare.items.map((i) => i.id));
    expect(planned.planOf(/FROM engram_content_items NOT INDEXED/)).toMatch(/INTEGER PRIMARY KEY/);

    planned.prepared.length = 0;
    const common = await content.query({ tags: ['common'], limit: 3 });
    expect(common.items.map((i) => i.id)).toEqual(['i519', 'i518', 'i517']);
    const commonPlan = planned.planOf(/FROM engram_content_items WHERE .* EXISTS/);
    expect(commonPlan).toMatch(/SEARCH engram_content_items USING INDEX engram_content_items_order/);
    expect(commonPlan).toMatch(
      /SEARCH t EXISTS USING .*(PRIMARY KEY|INDEX engram_content_tags_rid) \(.*rid=\?/,
    );
    expect(commonPlan).not.toMatch(/TEMP B-TREE/);

    expect(await content.delete('i7')).toBe(true);
    // The delete trigger's statement (an item's rows by its row id) reads the rid index.
    const deletePlan = planned.database.prepare(
      'EXPLAIN QUERY PLAN DELETE FROM engram_content_tags WHERE rid = ?',
    );
    expect((deletePlan.all(1) as { detail: string }[]).map((r) => r.detail).join('\n')).toMatch(
      /USING COVERING INDEX engram_content_tags_rid \(rid=\?\)/,
    );
    expect((await content.query({ tags: ['rare'] })).items.map((i) => i.id)).not.toContain('i7');
    await store.close();
    planned.close();
  });
});

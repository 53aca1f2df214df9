import { describe, expect, it, vi } from 'vitest';
import { openPlannedDatabase } from '../../../test-support/sqlite-plans.ts';
import { createSqliteStore } from './sqlite-driver.ts';

describe('sqlite artifacts', () => {
  it('a listing of one kind written since a time (a view catching up) reads the kind index, not every artifact of the session', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const scope = { tenant: 't' };
    await store.createSession(scope, { id: 's' });
    // Written within one millisecond (a fast machine): the listing's order is then (toSeq, write time, id).
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    for (let i = 0; i < 30; i++)
      await store.putArtifact(scope, 's', {
        id: `a${String(i).padStart(2, '0')}`, // ids sort as the writes' order
        kind: i % 3 === 0 ? 'ladder' : 'engram.assembly',
        fromSeq: 1,
        toSeq: 1,
        data: { i },
      });
    clock.mockRestore();
    const plan = (query: string, params: unknown[]) =>
      (
        store.database.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...(params as never[])) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('\n');
    const list = 'SELECT * FROM engram_artifacts WHERE tenant = ? AND session_id = ? AND kind = ?';
    const order = 'ORDER BY to_seq, created_at, id';
    expect(plan(`${list} AND created_at >= ? ${order}`, ['t', 's', 'ladder', 0])).toMatch(
      /USING INDEX engram_artifacts_kind \(tenant=\? AND session_id=\? AND kind=\? AND created_at>\?\)/,
    );
    // The listing itself: the kind's artifacts, by toSeq, write time, then id.
    const since = new Date(Date.now() - 60_000);
    const ladder = await store.listArtifacts(scope, 's', 'ladder', since);
    expect(ladder.map((a) => a.id)).toEqual(
      Array.from({ length: 10 }, (_, k) => `a${String(3 * k).padStart(2, '0')}`),
    );
    expect(await store.listArtifacts(scope, 's', 'ladder', new Date(Date.now() + 60_000))).toEqual([]);
    await store.close();
  });

  it('the store lists one kind through the kind index, with or without a time (its own SQL, as it runs it)', async () => {
    const planned = openPlannedDatabase();
    const store = createSqliteStore({ database: planned.database });
    const scope = { tenant: 't' };
    await store.createSession(scope, { id: 's' });
    for (let i = 0; i < 40; i++)
      await store.putArtifact(scope, 's', {
        id: `a${i}`,
        kind: i % 4 ? 'other' : 'k',
        fromSeq: 1,
        toSeq: i + 1,
        data: i,
      });
    const plans: string[] = [];
    for (const since of [undefined, new Date(0)]) {
      planned.prepared.length = 0;
      const listed = await store.listArtifacts(scope, 's', 'k', since);
      expect(listed.map((a) => a.id)).toEqual(Array.from({ length: 10 }, (_, k) => `a${4 * k}`));
      plans.push(planned.planOf(/FROM engram_artifacts WHERE/));
    }
    for (const plan of plans)
      expect(plan).toMatch(/USING INDEX engram_artifacts_kind \(tenant=\? AND session_id=\? AND kind=\?/);
    await store.close();
    planned.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createLibsqlStore } from '../../libsql.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-libsql-artifacts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('libsql artifacts', () => {
  it('a listing of one kind written since a time returns those and reads the kind index', async () => {
    const client = createClient({ url: `file:${join(dir, 'a.db')}`, timeout: 30_000 });
    const store = createLibsqlStore({ client });
    const scope = { tenant: 't' };
    await store.createSession(scope, { id: 's' });
    const put = (id: string, kind: string) =>
      store.putArtifact(scope, 's', { id, kind, fromSeq: 1, toSeq: 1, data: { id } });
    await put('old', 'ladder');
    await put('other', 'assembly');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date();
    await put('new', 'ladder');
    await put('newer', 'assembly');
    expect((await store.listArtifacts(scope, 's', 'ladder', since)).map((a) => a.id)).toEqual(['new']);
    expect((await store.listArtifacts(scope, 's', undefined, since)).map((a) => a.id).sort()).toEqual([
      'new',
      'newer',
    ]);
    expect((await store.listArtifacts(scope, 's', 'ladder')).map((a) => a.id).sort()).toEqual(['new', 'old']);
    const plan = await client.execute({
      sql: 'EXPLAIN QUERY PLAN SELECT * FROM engram_artifacts WHERE session = ? AND kind = ? AND created_at >= ? ORDER BY to_seq, created_at, id',
      args: [1, 'ladder', since.getTime()],
    });
    expect(plan.rows.map((r) => String(r.detail)).join('\n')).toMatch(
      /USING INDEX engram_artifacts_kind \(session=\? AND kind=\? AND created_at>\?\)/,
    );
    // Without a time too (the store orders by `to_seq + 0` then, so the to_seq index does not win).
    const whole = await client.execute({
      sql: 'EXPLAIN QUERY PLAN SELECT * FROM engram_artifacts WHERE session = ? AND kind = ? ORDER BY to_seq + 0, created_at, id',
      args: [1, 'ladder'],
    });
    expect(whole.rows.map((r) => String(r.detail)).join('\n')).toMatch(
      /USING INDEX engram_artifacts_kind \(session=\? AND kind=\?\)/,
    );
    await store.close();
    client.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cosineSimilarity, prepareRecord, type Scope } from '../../driver.ts';
import { createLibsqlStore, type LibsqlClientLike, type LibsqlStatement } from '../../libsql.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-libsql-vectors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A client on a fresh file that records every statement the store runs (outside and inside transactions). */
function recordingClient(name: string) {
  const client = createClient({ url: `file:${join(dir, name)}`, timeout: 30_000 });
  const statements: (LibsqlStatement & { rows?: number })[] = [];
  const recording: LibsqlClientLike = {
    protocol: client.protocol,
    execute: async (stmt) => {
      const seen: LibsqlStatement & { rows?: number } = { ...stmt };
      statements.push(seen);
      const result = await client.execute(stmt);
      seen.rows = result.rows.length;
      return result;
    },
    transaction: async (mode) => {
      const tx = await client.transaction(mode);
      return {
        execute: (stmt) => {
          statements.push(stmt);
          return tx.execute(stmt);
        },
        commit: () => tx.commit(),
        rollback: () => tx.rollback(),
        close: () => tx.close(),
      };
    },
    close: () => client.close(),
  };
  return { client, recording, statements };
}

const rec = (id: string) => prepareRecord({ id, text: `record ${id}` }, 'test');

/** Adds records with embeddings of `model`, one per vector. */
async function embed(
  store: ReturnType<typeof createLibsqlStore>,
  scope: Scope,
  model: string,
  vectors: readonly (readonly number[])[],
  prefix = 'r',
) {
  const ids = vectors.map((_, i) => `${prefix}${i}`);
  await store.longTermRecords.addRecords(scope, ids.map(rec));
  await store.longTermRecords.putEmbeddings(
    scope,
    vectors.map((vector, i) => ({ id: ids[i]!, model, vector })),
  );
  return ids;
}

describe('libsql long-term vectors', () => {
  it('searchVector is an index query: vector_top_k on the libsql_vector_idx index, never a scan of the vectors', async () => {
    const { client, recording, statements } = recordingClient('index.db');
    const store = createLibsqlStore({ client: recording });
    const dims = 8;
    const vector = (i: number) => Array.from({ length: dims }, (_, d) => Math.sin(i * (d + 1)));
    const mine = { tenant: 'mine', user: 'u' };
    await embed(
      store,
      mine,
      'e5',
      Array.from({ length: 300 }, (_, i) => vector(i)),
    );
    await embed(
      store,
      { tenant: 'other' },
      'e5',
      Array.from({ length: 300 }, (_, i) => vector(i + 1000)),
    );
    const schema = await client.execute(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql LIKE '%libsql_vector_idx%'",
    );
    expect(schema.rows.map((r) => String(r.sql))).toEqual([
      expect.stringMatching(
        /CREATE INDEX engram_ltm_vectors_1_idx ON engram_ltm_vectors_1 \(libsql_vector_idx\(embedding, 'metric=cosine'\)\)/,
      ),
    ]);

    statements.length = 0;
    const hits = await store.longTermRecords.searchVector(mine, { vector: vector(7), model: 'e5', limit: 5 });
    expect(hits[0]?.id).toBe('r7');
    expect(hits[0]?.score).toBeCloseTo(1, 5);
    const ran = [...statements];
    const topK = ran.filter((s) => s.sql.includes('vector_top_k'));
    expect(topK).toHaveLength(1);
    expect(topK[0]!.sql).toMatch(/FROM vector_top_k\('engram_ltm_vectors_1_idx', vector32\(\?\), \?\)/);
    expect(topK[0]!.args.at(-1)).toBe(5 * 4 + 16);
    const plans: string[] = [];
    for (const s of ran) {
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${s.sql}`, args: s.args });
      plans.push(plan.rows.map((r) => String(r.detail)).join('\n'));
    }
    console.info(
      `[libsql-vectors] the search's statements and their plans:\n${ran.map((s, i) => `${s.sql.replace(/\s+/g, ' ')}\n  ${plans[i]!.replaceAll('\n', '\n  ')}`).join('\n')}`,
    );
    expect(plans.join('\n')).toMatch(/SCAN vector_top_k VIRTUAL TABLE INDEX/);
    for (const plan of plans) {
      expect(plan).not.toMatch(/SCAN (v|e|r|engram_\w+)\b/);
      // Only the index's rows are joined to records: by key, never the scope's records one by one.
      expect(plan).not.toMatch(/SEARCH r USING INDEX \w+ \(tenant=\? AND user_id=\?\)/);
    }
    await store.close();
    client.close();
  });

  it('filters after the index: k widens until limit hits pass (the scope is far from the query, other tenants near)', async () => {
    const { client, recording, statements } = recordingClient('widen.db');
    const store = createLibsqlStore({ client: recording });
    const near = Array.from({ length: 400 }, (_, i) => [1, (i % 7) / 100, (i % 11) / 100]);
    await embed(store, { tenant: 'crowd' }, 'm', near);
    const mine = { tenant: 'lonely' };
    await embed(store, mine, 'm', [
      [0, 1, 0],
      [0, 0, 1],
    ]);
    statements.length = 0;
    const hits = await store.longTermRecords.searchVector(mine, { vector: [1, 0, 0], model: 'm', limit: 2 });
    expect(hits.map((h) => h.id).sort()).toEqual(['r0', 'r1']);
    // 24, 96 and 128 (the most asked of the index) of the crowd's nearer vectors pass nothing, so the answer
    // comes from the scope's own two records.
    const rounds = statements.filter((s) => s.sql.includes('vector_top_k')).map((s) => s.args.at(-1));
    expect(rounds).toEqual([24, 96, 128]);
    const scan = statements.at(-1)!;
    expect(scan.sql).toMatch(/FROM engram_ltm_records r/);
    const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${scan.sql}`, args: scan.args });
    expect(plan.rows.map((r) => String(r.detail)).join('\n')).toMatch(
      /SEARCH r USING INDEX engram_ltm_live \(tenant=\?\)/,
    );
    await store.close();
    client.close();
  });

  it('a delete that leaves the index short of a row it holds is seen, and answered from the scope', async () => {
    const { client, recording, statements } = recordingClient('short.db');
    const store = createLibsqlStore({ client: recording });
    const query = [-47, 0, 38, -1, 0, 42];
    let short = 0;
    // libSQL's DiskANN graph often loses a row with this delete: a search of the index then returns one of the two
    // rows it holds (in about 7 of 10 spaces, varying from call to call). Twelve spaces make a run without one
    // unlikely (about 1 in 2 million).
    for (let n = 0; n < 12; n++) {
      const scope = { tenant: `short${n}` };
      await embed(store, scope, `m${n}`, [
        [-42, 45, 0, 0, 0, 0],
        [-37, -3, -24, -34, -2, 0],
        [0, 7, 20, 0, -47, 0],
      ]);
      await store.longTermRecords.deleteRecord(scope, 'r0', new Date());
      statements.length = 0;
      const hits = await store.longTermRecords.searchVector(scope, {
        vector: query,
        model: `m${n}`,
        limit: 1,
      });
      expect(hits.map((h) => h.id)).toEqual(['r1']);
      const top = statements.find((st) => st.sql.includes('vector_top_k'));
      if (top?.rows !== undefined && top.rows < 2) {
        short += 1;
        expect(statements.at(-1)?.sql).toMatch(/FROM engram_ltm_records r\n/);
      }
    }
    expect(short).toBeGreaterThan(0);
    await store.close();
    client.close();
  });

  it('property: a search returns exactly the direct cosine ranking of the scope’s current, filtered records (index path, its widening, the scope fallback, all-zero vectors)', async () => {
    const store = createLibsqlStore({ url: `file:${join(dir, 'property.db')}` });
    let run = 0;
    // Integers are exact in float32, so the stored vectors score exactly as the direct computation does.
    const component = fc.integer({ min: -50, max: 50 });
    const vector = fc.oneof(
      { weight: 9, arbitrary: fc.array(component, { minLength: 6, maxLength: 6 }) },
      { weight: 1, arbitrary: fc.constant([0, 0, 0, 0, 0, 0]) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ user: fc.constantFrom('a', 'b'), vector, kind: fc.constantFrom('fact', 'note') }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.array(fc.nat(), { maxLength: 8 }),
        vector,
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(undefined, 'fact'),
        async (rows, deletes, query, limit, kind) => {
          const tenant = `p${run}`;
          const model = `m${run++}`; // a fresh index per run: its size is this run's, so the index is exhaustive
          const ids = rows.map((_, i) => `r${i}`);
          for (const [i, row] of rows.entries()) {
            const scope = { tenant, user: row.user };
            await store.longTermRecords.addRecords(scope, [
              prepareRecord({ id: ids[i]!, text: `t ${i}`, kind: row.kind }, 'test'),
            ]);
            await store.longTermRecords.putEmbeddings(scope, [{ id: ids[i]!, model, vector: row.vector }]);
          }
          const gone = new Set(deletes.map((d) => d % rows.length));
          for (const i of gone)
            await store.longTermRecords.deleteRecord({ tenant, user: rows[i]!.user }, ids[i]!, new Date());
          const scope = { tenant, user: 'a' };
          const expected = rows
            .map((row, i) => ({ id: ids[i]!, row, i, score: cosineSimilarity(query, row.vector) }))
            .filter(
              (x) => x.row.user === 'a' && !gone.has(x.i) && (kind === undefined || x.row.kind === kind),
            )
            .sort((x, y) => y.score - x.score || x.i - y.i)
            .slice(0, limit);
          const hits = await store.longTermRecords.searchVector(scope, {
            vector: query,
            model,
            limit,
            ...(kind ? { filter: { kinds: [kind] } } : {}),
          });
          expect(hits.map((h) => h.id)).toEqual(expected.map((x) => x.id));
          for (const [j, h] of hits.entries()) expect(h.score).toBeCloseTo(expected[j]!.score, 6);
        },
      ),
      { numRuns: 60 },
    );
    await store.close();
  }, 180_000);
});

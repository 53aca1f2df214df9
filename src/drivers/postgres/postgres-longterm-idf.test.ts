import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { bm25Idf } from '../../longterm/bm25.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import { liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createPostgresClient } from './postgres-client.ts';
import { createPostgresDialect } from './postgres-dialect.ts';
import { openPostgresStore } from './postgres-driver.ts';
import { postgresLongTermIndex } from './postgres-longterm-index.ts';

let schema: TestDatabase | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe('PostgreSQL long-term idf', () => {
  it('is bm25Idf to the last bits for a term in about half of a large scope (quotient near 1)', async () => {
    schema = await createTestSchema('engram_ltm_idf');
    const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      // One record of one term; the statistics of 259,999 more records of another user of the tenant, 129,998 of
      // them holding "alpha", are written as the index keeps them (no rows needed to score the one record):
      // N = 260,000, n = 129,999, a quotient of 1.0000154 whose ulp a numeric division rounded twice misses.
      await getLongTermRecords(store).addRecords({ tenant: 't', user: 'u' }, [
        prepareRecord({ id: 'r0', kind: 'fact', text: 'alpha' }, 'test'),
      ]);
      const docs = 260_000;
      const withTerm = 129_999;
      await connection.query(
        `INSERT INTO "${schema.name}".engram_ltm_counts (tenant, user_id, agent_id, docs, terms) VALUES ('t', 'ghost', '', $1, $1)`,
        [docs - 1],
      );
      await connection.query(
        `INSERT INTO "${schema.name}".engram_ltm_terms (tenant, user_id, agent_id, term, df) VALUES ('t', 'ghost', '', 'alpha', $1)`,
        [withTerm - 1],
      );
      const client = createPostgresClient({
        dialect: createPostgresDialect(schema.name),
        schema: schema.name,
        connection,
      });
      const scope = { tenant: 't' };
      const search: LongTermTextSearch = {
        scope,
        terms: ['alpha'],
        contextWeight: 0,
        where: liveWhere(scope),
        scopeTokens: scopeTokens(scope),
        limit: 1,
      };
      const [hit] = await postgresLongTermIndex.search(client, search);
      // Length 1 = the average: the term-frequency factor is 2.2 / 2.2, the score the idf.
      const idf = bm25Idf(docs, withTerm);
      expect(Math.abs((hit?.score ?? 0) - idf) / idf).toBeLessThan(1e-14);
    } finally {
      await connection.end();
      await store.close();
    }
  });
});

import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../../longterm/prepare-record.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createPostgresClient } from './postgres-client.ts';
import { createPostgresDialect } from './postgres-dialect.ts';
import { openPostgresStore } from './postgres-driver.ts';
import { postgresLongTermIndex } from './postgres-longterm-index.ts';

let schema: TestDatabase | undefined;
afterAll(async () => {
  await schema?.drop();
});

const scope = { tenant: 't', user: 'u' };
const filler = (k: number) => Array.from({ length: k }, (_, i) => `pad${i}`).join(' ');

describe('PostgreSQL long-term search during a commit', () => {
  it('scores one snapshot: statistics and rows of the same state when another connection commits during the search', async () => {
    schema = await createTestSchema('engram_ltm_snapshot');
    const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
    const writer = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      // 40 rows hold "quartz" in long texts, 60 "common" in short ones: "common" is the commoner term.
      await getLongTermRecords(store).addRecords(
        scope,
        Array.from({ length: 100 }, (_, i) =>
          prepareRecord(
            { id: `r${i}`, kind: 'turn', text: i < 40 ? `quartz ${filler(20 + i)}` : 'common common common' },
            'test',
          ),
        ),
      );
      const client = createPostgresClient({
        dialect: createPostgresDialect(schema.name),
        schema: schema.name,
        connection,
      });
      // Another connection commits 1,000 rows holding "quartz" after the search's first statement: "quartz" then
      // turns common and "common" rare (the ranking flips), and statistics read before the commit would be scored
      // against rows read after it.
      let committed = false;
      const commit = async () => {
        if (committed) return;
        committed = true;
        await getLongTermRecords(writer).addRecords(
          scope,
          Array.from({ length: 1000 }, (_, i) =>
            prepareRecord({ id: `f${i}`, kind: 'turn', text: `quartz pad${i}` }, 'test'),
          ),
        );
      };
      const racing: SqlClient = {
        ...client,
        get: async (text, params) => {
          const row = await client.get(text, params);
          await commit();
          return row;
        },
        all: async (text, params) => {
          const rows = await client.all(text, params);
          await commit();
          return rows;
        },
      };
      const search: LongTermTextSearch = {
        scope,
        terms: [...new Set(analyzeText('common quartz'))],
        contextWeight: 0,
        where: liveWhere(scope),
        scopeTokens: scopeTokens(scope),
        limit: 3,
      };
      const before = await postgresLongTermIndex.search(client, search);
      const got = await postgresLongTermIndex.search(racing, search);
      expect(committed).toBe(true);
      const after = await postgresLongTermIndex.search(client, search);
      expect(after).not.toEqual(before);
      // The answer of the state before the commit or after it, never a mix of the two.
      expect([before, after]).toContainEqual(got);
    } finally {
      await connection.end();
      await writer.close();
      await store.close();
    }
  });
});

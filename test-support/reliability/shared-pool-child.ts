/**
 * Child script of the shared-pool test: opens the pool on a SQLite file or a PostgreSQL schema, prints what it sees (`seen <json>`:
 * insight texts and fact texts), then shares an insight, registers a fact and broadcasts as `agent`.
 */

import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createSharedMemoryPool } from '../../src/patterns/shared-memory-pool.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface SharedPoolChildConfig {
  path?: string;
  postgres?: { url: string; schema: string };
  agent: string;
}

const config = childConfig<SharedPoolChildConfig>();
const store = config.path
  ? createSqliteStore({ path: config.path })
  : createPostgresStore({
      connectionString: config.postgres!.url,
      schema: config.postgres!.schema,
      maxConnections: 2,
    });
const pool = createSharedMemoryPool({ store, scope: { tenant: 'team' }, pool: 'research' });
const insights = (await pool.sharedContext()).map((m) => m.content);
const facts = (await pool.facts()).map((f) => `${f.text} (${String(f.metadata.discoveredBy)})`);
emit(`seen ${JSON.stringify({ insights, facts })}`);
await pool.shareInsight(config.agent, 'The staging database is db-7.');
await pool.registerFact(config.agent, 'The API rate limit is 100 requests per minute.');
await pool.broadcast({ role: 'user', content: 'Deadline moved to Friday.' }, config.agent);
await store.close();
emit('done');

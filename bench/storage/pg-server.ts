/**
 * The PostgreSQL server for the engram postgres contender: `scripts/pg-server.sh start` with this process as
 * the lease holder (a server someone else started keeps running), a schema of its own per run, dropped after.
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/pg-server.sh', import.meta.url));

/** A running server leased by this process. */
export interface PgServer {
  /** Its connection string. */
  url: string;
  /** A schema name unique to this run. */
  schema: string;
  /** Drops the schema and releases the lease (the script stops the server when no lease is left). */
  release(): Promise<void>;
}

const env = () => ({ ...process.env, ENGRAM_PG_HOLDER: String(process.pid) });

/** Starts (or leases) the server; returns undefined with the reason when it cannot. */
export async function startPgServer(log: (line: string) => void): Promise<PgServer | string> {
  const r = spawnSync('bash', [script, 'start'], { env: env(), encoding: 'utf8' });
  if (r.status !== 0)
    return `scripts/pg-server.sh start failed (${r.status}): ${r.stderr.trim().split('\n').at(-1)}`;
  const url = r.stdout.trim().split('\n').at(-1) ?? '';
  const schema = `engram_bench_${process.pid}`;
  log(`postgres: ${url} (schema ${schema})`);
  return {
    url,
    schema,
    async release() {
      try {
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      } finally {
        spawnSync('bash', [script, 'stop'], { env: env(), stdio: 'ignore' });
      }
    },
  };
}

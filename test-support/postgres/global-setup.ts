import type { TestProject } from 'vitest/node';
import { startPgServer, stopPgServer } from './pg-server.ts';
import './test-database.ts';

async function admin(url: string, sql: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Vitest global setup: a real PostgreSQL for the run. Unless `ENGRAM_PG_URL` names a server, starts (or joins)
 * the private cluster with `scripts/pg-server.sh`, creates a fresh database and provides its URL as `pgUrl`;
 * the teardown drops the database and stops the server unless another run still leases it. An exit hook stops
 * it too if vitest exits without running teardowns.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.ENGRAM_PG_URL;
  let started = false;
  const stop = () => {
    if (!started) return;
    started = false;
    stopPgServer();
  };
  const t0 = performance.now();
  let baseUrl: string;
  if (external) {
    baseUrl = external;
  } else {
    started = true;
    process.once('exit', stop);
    baseUrl = startPgServer();
  }
  const name = `engram_run_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin(baseUrl, `CREATE DATABASE "${name}"`);
  } catch (error) {
    stop();
    throw error;
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  project.provide('pgUrl', url.href);
  if (process.env.ENGRAM_PG_VERBOSE)
    console.log(`[pg] ready in ${Math.round(performance.now() - t0)} ms: ${url.href}`);

  return async () => {
    try {
      await admin(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      process.removeListener('exit', stop);
      stop();
    }
  };
}

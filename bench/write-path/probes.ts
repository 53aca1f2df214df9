/**
 * Diagnostics of the write-path suite, measured in the same run as the figures they explain: what exact o200k
 * counting costs per message (first pass, as `memory.store` meets a new message), and PostgreSQL's round-trip
 * time and cost of one durable commit (a WAL flush) on this machine.
 */

import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { createTokenCounter } from '../../src/tokens/index.ts';
import { readFixture } from '../storage/fixture.ts';

/** µs per message to count the fixture's first `count` messages with a fresh o200k counter. */
export function countingCost(fixture: string, count: number): number {
  const { messages } = readFixture(fixture, 0, count);
  const memory = messages.map((m) => toMemoryMessage(m));
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  counter.countText('load the encoding first');
  const t0 = performance.now();
  for (const m of memory) counter.count(m);
  return ((performance.now() - t0) / memory.length) * 1000;
}

/** PostgreSQL on this machine: ms per round trip (`SELECT 1`) and per autocommit insert into a logged table. */
export async function postgresCosts(url: string): Promise<{ roundTripMs: number; flushMs: number }> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const table = `engram_probe_${process.pid}`;
  try {
    const time = async (n: number, fn: () => Promise<unknown>) => {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await fn();
      return (performance.now() - t0) / n;
    };
    const roundTripMs = await time(300, () => client.query('SELECT 1'));
    await client.query(`CREATE TABLE ${table} (x TEXT)`);
    const flushMs = await time(200, () => client.query(`INSERT INTO ${table} VALUES ($1)`, ['x']));
    return { roundTripMs, flushMs };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}

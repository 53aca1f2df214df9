/**
 * Diagnostics of the write-path suite, measured in the same run as the figures they explain: what exact o200k
 * counting costs per message (first pass, as `memory.store` meets a new message), what SQLite FTS5 indexing
 * costs per commit, and PostgreSQL's round-trip time, cost of one durable commit (a WAL flush) and least cost of
 * one durable message row on engram's schema on this machine.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { toMemoryMessage } from '../../src/messages/from-model-message.ts';
import { messageText } from '../../src/messages/serialize.ts';
import { createTokenCounter } from '../../src/tokens/index.ts';
import { median } from '../report.ts';
import { readFixture } from '../storage/fixture.ts';
import { rawRows } from '../storage/raw-sqlite.ts';

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

/** Median ms per call of `fn`, `n` timed calls after `warm` untimed ones. */
async function medianMs(n: number, warm: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * PostgreSQL on this machine: ms per round trip (`SELECT 1`) and per autocommit insert into a logged table
 * (one round trip and one WAL flush); medians after a warm-up.
 */
export async function postgresCosts(url: string): Promise<{ roundTripMs: number; flushMs: number }> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const table = `engram_probe_${process.pid}`;
  try {
    const roundTripMs = await medianMs(300, 50, () => client.query('SELECT 1'));
    await client.query(`CREATE TABLE ${table} (x TEXT)`);
    const flushMs = await medianMs(200, 20, () => client.query(`INSERT INTO ${table} VALUES ($1)`, ['x']));
    return { roundTripMs, flushMs };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}

/**
 * The least a lone durable append of the fixture's messages costs on engram's PostgreSQL schema here: one
 * autocommit INSERT per message into a copy of `schema`'s message table (`LIKE … INCLUDING ALL`: its generated
 * tsvector and its GIN and B-tree indexes, with their options) — one round trip, the row's index work and one
 * WAL flush, without the session counter or anything else engram does. Median ms over `count` messages.
 */
export async function postgresRowFloor(
  url: string,
  schema: string,
  fixture: string,
  count: number,
): Promise<number> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const table = `"${schema}".engram_probe_rows`;
  try {
    await client.query(`CREATE TABLE ${table} (LIKE "${schema}".engram_messages INCLUDING ALL)`);
    const rows = readFixture(fixture, 0, count).messages.map((m, i) => {
      const message = toMemoryMessage(m);
      return [
        'probe',
        'log',
        i + 1,
        message.id,
        message.role,
        Date.now(),
        1,
        JSON.stringify(message),
        messageText(message).replaceAll('\u0000', ''),
      ];
    });
    let i = 0;
    return await medianMs(rows.length - 50, 50, () =>
      client.query(
        `INSERT INTO ${table} (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE, $8, $9)`,
        rows[i++],
      ),
    );
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}

/** The FTS5 probe's figures: µs per one-row commit without and with the full-text insert, and their p99. */
export interface FtsCost {
  /** One-row commits per pass. */
  commits: number;
  /** Passes of each kind (medians reported). */
  passes: number;
  plainUs: number;
  plainP99Us: number;
  ftsUs: number;
  ftsP99Us: number;
}

/**
 * What SQLite FTS5 indexing costs per commit: a raw node:sqlite loop (WAL, synchronous=NORMAL) commits the
 * fixture's message texts (`messageText`, what engram indexes) one row per transaction into a plain table, and
 * in a second database also inserts the same text into a contentless FTS5 table
 * (`fts5(text, content='', tokenize='porter unicode61')`) in the same transaction. Passes alternate, each on a
 * fresh file in `dir`; medians of the passes.
 */
export function ftsCost(fixture: string, dir: string, commits: number, passes: number): FtsCost {
  const texts = rawRows(readFixture(fixture, 0, commits)).map((r) => r.text);
  const pass = (fts: boolean, n: number) => {
    const path = join(dir, `fts-probe-${fts ? 'fts' : 'plain'}-${n}.db`);
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    if (fts) db.exec("CREATE VIRTUAL TABLE f USING fts5(text, content='', tokenize='porter unicode61')");
    const begin = db.prepare('BEGIN IMMEDIATE');
    const commit = db.prepare('COMMIT');
    const insert = db.prepare('INSERT INTO t (text) VALUES (?)');
    const index = fts ? db.prepare('INSERT INTO f (rowid, text) VALUES (?, ?)') : undefined;
    const latencies = new Float64Array(texts.length);
    const t0 = performance.now();
    for (let i = 0; i < texts.length; i++) {
      const s = performance.now();
      begin.run();
      const { lastInsertRowid } = insert.run(texts[i]!);
      index?.run(lastInsertRowid, texts[i]!);
      commit.run();
      latencies[i] = performance.now() - s;
    }
    const meanUs = ((performance.now() - t0) / texts.length) * 1000;
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    const sorted = latencies.sort();
    return { meanUs, p99Us: sorted[Math.floor(0.99 * (sorted.length - 1))]! * 1000 };
  };
  const plain: ReturnType<typeof pass>[] = [];
  const fts: ReturnType<typeof pass>[] = [];
  for (let n = 0; n < passes; n++) {
    plain.push(pass(false, n));
    fts.push(pass(true, n));
  }
  return {
    commits: texts.length,
    passes,
    plainUs: median(plain.map((p) => p.meanUs)),
    plainP99Us: median(plain.map((p) => p.p99Us)),
    ftsUs: median(fts.map((p) => p.meanUs)),
    ftsP99Us: median(fts.map((p) => p.p99Us)),
  };
}

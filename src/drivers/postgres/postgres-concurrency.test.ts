import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { LogEntry } from '../../core/message.ts';
import { makeMessage } from '../../testing/fixtures.ts';
import { createPostgresStore, type PostgresStore } from './postgres-driver.ts';

const writers = 16;
/** `ENGRAM_PG_APPENDS` scales the run down on a busy machine. @default 1000 */
const appendsPerWriter = Number(process.env.ENGRAM_PG_APPENDS ?? 1_000);
const kills = 6;
const scope = { tenant: 'concurrency' };
const sessionId = 'shared';

let schema: TestDatabase;
beforeAll(async () => {
  schema = await createTestSchema('engram_conc');
});
afterAll(async () => schema?.drop());

const withApp = (url: string, name: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.href;
};

describe('postgres under concurrency', () => {
  it(`${writers} connections × ${appendsPerWriter} appends to one session, with backends killed mid-run`, async () => {
    // Each writer is its own one-connection store with no driver retries: it sees the lost connection and retries
    // the append itself, by message id.
    const open = (name: string) =>
      createPostgresStore({
        connectionString: withApp(schema.url, name),
        schema: schema.name,
        maxConnections: 1,
        retries: 0,
      });
    const setup = open('engram-setup');
    await setup.createSession(scope, { id: sessionId });

    // One total order: every seq any reader saw maps to the same message id.
    const seen = new Map<number, string>();
    let done = false;
    onTestFinished(() => {
      done = true; // stops readers, writers and the killer when the test ends, even by timeout
    });
    let readerChecks = 0;
    const reader = async (n: number) => {
      const store = open(`engram-reader-${n}`);
      try {
        while (!done) {
          const tail = await store.readRange(scope, sessionId, { direction: 'backward', limit: 50 });
          for (let i = 1; i < tail.length; i++) expect(tail[i]!.seq).toBe(tail[i - 1]!.seq + 1);
          for (const e of tail) {
            const prior = seen.get(e.seq);
            if (prior === undefined) seen.set(e.seq, e.message.id);
            else expect(prior).toBe(e.message.id);
          }
          readerChecks++;
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await store.close();
      }
    };

    let writerRetries = 0;
    let appended = 0;
    const writer = async (w: number): Promise<LogEntry[]> => {
      const store = open(`engram-writer-${w}`);
      const mine: LogEntry[] = [];
      try {
        for (let i = 0; i < appendsPerWriter && !done; i++) {
          const message = makeMessage('user', `writer ${w} message ${i}`, { id: `w${w}-${i}` });
          for (let attempt = 0; ; attempt++) {
            try {
              const [entry] = await store.append(scope, sessionId, [{ message, tokens: 1 }]);
              mine.push(entry!);
              appended++;
              break;
            } catch (error) {
              // A connection killed during COMMIT: the append may or may not have committed; retry by id.
              if (!MemoryError.hasCode(error, 'STORE_ERROR') || attempt >= 5) throw error;
              writerRetries++;
            }
          }
        }
        return mine;
      } finally {
        await store.close();
      }
    };

    // Kills a writer's backend from another connection at evenly spaced points of the run.
    const admin = new pg.Client({ connectionString: schema.url });
    await admin.connect();
    let killed = 0;
    const killer = async () => {
      while (killed < kills && !done) {
        await new Promise((r) => setTimeout(r, 20));
        if (appended < ((killed + 1) * total) / (kills + 1)) continue;
        const { rows } = await admin.query(
          "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'engram-writer-%' ORDER BY random() LIMIT 1",
        );
        if (rows[0]) {
          const r = await admin.query('SELECT pg_terminate_backend($1) AS ok', [rows[0].pid]);
          if (r.rows[0].ok) killed++;
        }
      }
    };

    const total = writers * appendsPerWriter;
    const t0 = performance.now();
    const readers = [reader(1), reader(2)];
    const killing = killer();
    const results = await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const seconds = (performance.now() - t0) / 1000;
    done = true;
    await Promise.all([...readers, killing]);
    await admin.end();

    const all = await setup.readRange(scope, sessionId);
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(all.map((e) => e.message.id)).size).toBe(total);
    expect(await setup.stats(scope, sessionId)).toMatchObject({
      count: total,
      tokens: total,
      lastSeq: total,
    });
    const bySeq = new Map(all.map((e) => [e.seq, e.message.id]));
    for (const [seq, id] of seen) expect(bySeq.get(seq)).toBe(id);
    for (const [w, mine] of results.entries()) {
      expect(mine.map((e) => e.message.id)).toEqual(
        Array.from({ length: appendsPerWriter }, (_, i) => `w${w}-${i}`),
      );
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.seq).toBeGreaterThan(mine[i - 1]!.seq);
      for (const e of mine) expect(bySeq.get(e.seq)).toBe(e.message.id);
    }
    expect(killed).toBeGreaterThan(0);
    console.log(
      `[postgres] ${total} appends by ${writers} connections in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s), ` +
        `${killed} backends killed, ${writerRetries} writer retries, ${readerChecks} reader checks`,
    );
    await setup.close();
  }, 300_000);

  it('appends on one connection (throughput figure)', async () => {
    const store: PostgresStore = createPostgresStore({
      connectionString: schema.url,
      schema: schema.name,
      maxConnections: 1,
    });
    await store.createSession(scope, { id: 'single' });
    const n = 500;
    const t0 = performance.now();
    for (let i = 0; i < n; i++)
      await store.append(scope, 'single', [{ message: makeMessage('user', `m ${i}`), tokens: 1 }]);
    const single = n / ((performance.now() - t0) / 1000);
    const batch = Array.from({ length: n }, (_, i) => ({
      message: makeMessage('user', `b ${i}`),
      tokens: 1,
    }));
    const t1 = performance.now();
    await store.append(scope, 'single', batch);
    const batched = n / ((performance.now() - t1) / 1000);
    expect((await store.stats(scope, 'single')).lastSeq).toBe(2 * n);
    console.log(
      `[postgres] one connection: ${Math.round(single)} appends/s one by one, ${Math.round(batched)} messages/s in one batch of ${n}`,
    );
    await store.close();
  });
});

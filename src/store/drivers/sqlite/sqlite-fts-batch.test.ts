import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeMessage, toInputs } from '../../../testing/fixtures.ts';
import { runMigrations } from '../../sql/migrate.ts';
import { sqlMigrations } from '../../sql/schema.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { createSqliteStore } from './sqlite-driver.ts';

const batch = sqliteDialect.fullTextBatch!.size;

/** Row ids the FTS5 index holds for the word every test message carries. */
const indexed = (db: DatabaseSync | { prepare: DatabaseSync['prepare'] }) =>
  (
    db
      .prepare(`SELECT rowid AS r FROM engram_messages_fts WHERE engram_messages_fts MATCH 'zebra'`)
      .all() as {
      r: number;
    }[]
  ).map((row) => Number(row.r));
const live = (db: { prepare: DatabaseSync['prepare'] }) =>
  (
    db.prepare('SELECT rid AS r FROM engram_messages WHERE deleted = 0 ORDER BY rid').all() as { r: number }[]
  ).map((row) => Number(row.r));

describe('sqlite batched full-text index (schema v5)', () => {
  it('indexes in batches of appends, and a search first indexes everything appended', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const s = { tenant: 'b' };
    await store.createSession(s, { id: 'a' });
    for (let i = 0; i < batch - 1; i++)
      await store.append(s, 'a', toInputs([makeMessage('user', `zebra ${i}`)]));
    expect(indexed(store.database as DatabaseSync)).toEqual([]);
    await store.append(s, 'a', toInputs([makeMessage('user', 'zebra last')]));
    expect(indexed(store.database as DatabaseSync)).toHaveLength(batch);
    await store.append(s, 'a', toInputs([makeMessage('user', 'zebra one more')]));
    expect((await store.searchMessages(s, { text: 'zebra', limit: 1000 })).length).toBe(batch + 1);
    expect(indexed(store.database as DatabaseSync)).toHaveLength(batch + 1);
    await store.close();
  });

  it('the index always equals the live rows after a search, whatever appends, deletes and session deletes ran (property)', async () => {
    type Op =
      | { kind: 'append'; n: number }
      | { kind: 'delete'; k: number }
      | { kind: 'drop' }
      | { kind: 'search' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), n: fc.integer({ min: 1, max: 70 }) }),
      fc.record({ kind: fc.constant('delete' as const), k: fc.nat(200) }),
      fc.constant({ kind: 'drop' as const }),
      fc.constant({ kind: 'search' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const store = createSqliteStore({ path: ':memory:' });
        const s = { tenant: 'p' };
        const db = store.database as DatabaseSync;
        let session = 0;
        await store.createSession(s, { id: `s${session}` });
        const ids: string[] = [];
        for (const o of ops) {
          const id = `s${session}`;
          if (o.kind === 'append') {
            const ms = Array.from({ length: o.n }, (_, i) => makeMessage('user', `zebra ${i}`));
            ids.push(...ms.map((m) => m.id));
            await store.append(s, id, toInputs(ms));
          } else if (o.kind === 'delete' && ids.length > 0) {
            await store.deleteMessages(s, id, [ids[o.k % ids.length]!]);
          } else if (o.kind === 'drop') {
            await store.deleteSession(s, id);
            session += 1;
            ids.length = 0;
            await store.createSession(s, { id: `s${session}` });
          } else if (o.kind === 'search') {
            await store.searchMessages(s, { text: 'zebra', limit: 1 });
          }
        }
        const hits = await store.searchMessages(s, { text: 'zebra', limit: 10_000 });
        expect(hits).toHaveLength(live(db).length);
        expect(indexed(db).sort((a, b) => a - b)).toEqual(live(db));
        await store.close();
      }),
      { numRuns: 60 },
    );
  });

  it('a v4 database keeps its indexed rows and search stays complete after the upgrade', async () => {
    const db = new DatabaseSync(':memory:');
    const client = createSqliteClient(db);
    await runMigrations(client, { migrations: sqlMigrations.filter((m) => m.version <= 4) });
    const old = createSqliteStore({ database: db });
    const s = { tenant: 'u' };
    // The store migrates to v5 on first use, so write v4 rows directly through the v4 trigger.
    db.exec(
      `INSERT INTO engram_sessions (tenant, id, metadata, created_at, updated_at, last_seq, live_count, live_tokens) VALUES ('u', 'a', '{}', 0, 0, 1, 1, 1)`,
    );
    db.exec(
      `INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, body, text) VALUES ('u', 'a', 1, 'x1', 'user', 0, 1, '{"id":"x1","role":"user","content":"zebra old","createdAt":{"$date":"1970-01-01T00:00:00.000Z"}}', 'zebra old')`,
    );
    expect(indexed(db)).toEqual([1]);
    await old.append(s, 'a', toInputs([makeMessage('user', 'zebra new')]));
    expect(db.prepare('SELECT rid FROM engram_fts_watermark').get()).toEqual({ rid: 1 });
    expect((await old.searchMessages(s, { text: 'zebra' })).map((h) => h.entry.seq)).toEqual([2, 1]);
    await old.deleteMessages(s, 'a', ['x1']);
    expect(indexed(db)).toEqual([2]);
    await old.close();
    db.close();
  });
});

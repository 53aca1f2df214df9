import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { withArtifactsOnAppend } from '../../store/append-riders.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { runMigrations } from '../sql/migrate.ts';
import { sqlMigrations } from '../sql/schema.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { createSqliteStore } from './sqlite-driver.ts';
import { indexedTextSql } from './sqlite-message-text.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-fts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Db = { prepare: DatabaseSync['prepare'] };
const numbers = (rows: unknown[]) =>
  rows.map((r) => Number((r as { r: number | bigint }).r)).sort((a, b) => a - b);
/** FTS5 rowids holding the word every test message carries. */
const indexed = (db: Db) =>
  numbers(
    db.prepare(`SELECT rowid AS r FROM engram_messages_fts WHERE engram_messages_fts MATCH 'zebra'`).all(),
  );
/** The rowids the live rows should have (their log's key * 2^32 + seq); `upTo`: only those at or below the watermark. */
const live = (db: Db, upTo = false) =>
  numbers(
    db
      .prepare(
        `SELECT k.key * 4294967296 + m.seq AS r FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id WHERE m.deleted = 0${upTo ? ' AND m.rid <= (SELECT rid FROM engram_fts_watermark)' : ''}`,
      )
      .all(),
  );

/**
 * Each term's row and instance counts in the message index, and what they should be: those of an index built from
 * scratch from the live rows up to the watermark (`upTo`) or all of them, with the text each row is indexed by.
 */
const vocabulary = (db: DatabaseSync, upTo = true) => {
  const counts = (table: string) => {
    db.exec(`DROP TABLE IF EXISTS temp.v; CREATE VIRTUAL TABLE temp.v USING fts5vocab(${table}, 'row')`);
    return db.prepare('SELECT term, doc, cnt FROM temp.v ORDER BY term').all();
  };
  const got = counts('main, engram_messages_fts');
  db.exec(
    `DROP TABLE IF EXISTS temp.rebuilt; CREATE VIRTUAL TABLE temp.rebuilt USING fts5(text, owner, content='', tokenize='porter unicode61')`,
  );
  db.exec(
    `INSERT INTO temp.rebuilt (rowid, text, owner) SELECT k.key * 4294967296 + m.seq, ${indexedTextSql('m')}, 'T' || hex(m.tenant) || '0' FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id WHERE m.deleted = 0${upTo ? ' AND m.rid <= (SELECT rid FROM engram_fts_watermark)' : ''}`,
  );
  const want = counts('temp, rebuilt');
  return { got, want };
};

/** `what` (an aggregate) over the message rows past the full-text index's watermark. */
const pastWatermark = (db: Db, what: string) =>
  Number(
    (
      db
        .prepare(
          `SELECT ${what} AS n FROM engram_messages WHERE rid > (SELECT rid FROM engram_fts_watermark)`,
        )
        .get() as { n: number | bigint }
    ).n,
  );

describe('sqlite full-text index from a watermark (schema v14)', () => {
  it('after any appends, deletes, replaces, forks and session deletes the index holds exactly the live rows up to the watermark, every live row once a batch ran, and a search in between finds them all (property)', async () => {
    type Op =
      | { kind: 'append'; n: number }
      | { kind: 'delete'; k: number }
      | { kind: 'replace'; keep: number }
      | { kind: 'fork' }
      | { kind: 'drop' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), n: fc.integer({ min: 1, max: 40 }) }),
      fc.record({ kind: fc.constant('delete' as const), k: fc.nat(200) }),
      fc.record({ kind: fc.constant('replace' as const), keep: fc.nat(30) }),
      fc.constant({ kind: 'fork' as const }),
      fc.constant({ kind: 'drop' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), async (ops) => {
        const store = createSqliteStore({ path: ':memory:' });
        const s = { tenant: 'p' };
        const db = store.database as DatabaseSync;
        let n = 0;
        let current = 's0';
        await store.createSession(s, { id: current });
        for (const o of ops) {
          if (o.kind === 'append') {
            await store.append(
              s,
              current,
              toInputs(Array.from({ length: o.n }, (_, i) => makeMessage('user', `zebra ${i}`))),
            );
          } else if (o.kind === 'delete') {
            const ids = (await store.readRange(s, current)).map((e) => e.message.id);
            if (ids.length > 0) await store.deleteMessages(s, current, [ids[o.k % ids.length]!]);
          } else if (o.kind === 'replace') {
            const kept = (await store.readRange(s, current)).slice(0, o.keep);
            await store.replaceMessages(s, current, [
              ...toInputs(kept.map((e) => e.message)),
              ...toInputs([makeMessage('user', 'zebra new')]),
            ]);
          } else if (o.kind === 'fork') {
            // The parent keeps changing afterwards: its deletes copy the shared prefix into the fork.
            const at = (await store.stats(s, current)).lastSeq;
            const fork = `s${++n}`;
            await store.createSession(s, { id: fork, fork: { parentId: current, atSeq: at } });
          } else {
            await store.deleteSession(s, current);
            current = `s${++n}`;
            await store.createSession(s, { id: current });
          }
        }
        expect(indexed(db)).toEqual(live(db, true));
        const terms = vocabulary(db);
        expect(terms.got).toEqual(terms.want);
        const hits = await store.searchMessages(s, { text: 'zebra', sessionId: current, limit: 10_000 });
        expect(hits.map((h) => h.entry.seq).sort((a, b) => a - b)).toEqual(
          (await store.readRange(s, current)).map((e) => e.seq),
        );
        for (const statement of sqliteDialect.messageSearch.indexTail) db.prepare(statement).run();
        expect(indexed(db)).toEqual(live(db));
        await store.close();
      }),
      { numRuns: 60 },
    );
  });

  it('a log whose key puts its rowids past 2^53 is searched exactly: every seq found, none beyond the fork point', async () => {
    const path = join(dir, 'big-keys.db');
    const store = createSqliteStore({ path });
    const s = { tenant: 'keys' };
    await store.createSession(s, { id: 'warm' });
    // Keys are never reused, so a long-lived database reaches them: 3,000,001 × 2^32 > 2^53, where a double
    // holds only even integers (a bound or seq computed in REAL would be off by one for odd rowids).
    (store.database as unknown as DatabaseSync).exec(
      `UPDATE sqlite_sequence SET seq = 3000000 WHERE name = 'engram_fts_logs'`,
    );
    await store.createSession(s, { id: 'chat' });
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    await store.append(s, 'chat', toInputs(words.map((w) => makeMessage('user', `${w} zebra`))));
    const key = (store.database as unknown as DatabaseSync)
      .prepare(
        `SELECT k.key AS key FROM engram_fts_logs k JOIN engram_sessions x ON x.tenant = k.tenant AND x.log_id = k.log_id WHERE x.id = 'chat'`,
      )
      .get() as { key: number };
    expect(key.key).toBe(3000001);
    for (const [i, w] of words.entries()) {
      expect((await store.searchMessages(s, { text: w, sessionId: 'chat' })).map((h) => h.entry.seq)).toEqual(
        [i + 1],
      );
    }
    expect(
      (await store.searchMessages(s, { text: 'zebra', sessionId: 'chat', limit: 20 }))
        .map((h) => h.entry.seq)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // A fork at seq 5 sees exactly seqs 1..5 of the parent (the range's upper bound is exact too).
    await store.createSession(s, { id: 'fork', fork: { parentId: 'chat', atSeq: 5 } });
    expect(
      (await store.searchMessages(s, { text: 'zebra', sessionId: 'fork', limit: 20 }))
        .map((h) => h.entry.seq)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    await store.close();
  });

  it('a read-only handle searches (store and ConversationMemory), rows past the watermark included, and nothing is written', async () => {
    const path = join(dir, 'readonly.db');
    const writer = createSqliteStore({ path });
    const s = { tenant: 'ro' };
    await writer.createSession(s, { id: 'chat' });
    await writer.append(
      s,
      'chat',
      toInputs([makeMessage('user', 'the quick brown fox'), makeMessage('user', 'lazy dog')]),
    );
    // The first append of a process runs a batch; these two stay past the watermark.
    await writer.append(s, 'chat', toInputs([makeMessage('user', 'green turtles running')]));
    await writer.append(s, 'chat', toInputs([makeMessage('user', 'a turtle runs')]));
    await writer.close();
    const handle = new DatabaseSync(path, { readOnly: true });
    expect(handle.prepare('SELECT rid FROM engram_fts_watermark').get()).toEqual({ rid: 2 });
    const reader = createSqliteStore({ database: handle });
    expect(
      (await reader.searchMessages(s, { text: 'turtle run', sessionId: 'chat' }))
        .map((h) => h.entry.seq)
        .sort(),
    ).toEqual([3, 4]);
    expect((await reader.searchMessages(s, { text: 'green' })).map((h) => h.entry.seq)).toEqual([3]);
    expect(
      (await reader.searchMessages(s, { text: 'fox', sessionId: 'chat' })).map((h) => h.entry.seq),
    ).toEqual([1]);
    expect((await reader.searchMessages(s, { text: 'dog' })).map((h) => h.entry.seq)).toEqual([2]);
    const memory = createConversationMemory({ store: reader, scope: s, sessionId: 'chat' });
    expect((await memory.search('brown')).map((m) => m.content)).toEqual(['the quick brown fox']);
    await reader.close();
    handle.close();
  });

  it('appends carrying artifacts (an agent step: appendWithArtifacts, or an append a rider takes) count toward the batch: the tail stays under one batch', async () => {
    const store = createSqliteStore({ path: join(dir, 'riders.db') });
    const s = { tenant: 'rd' };
    await store.createSession(s, { id: 'chat' });
    const tail = () => pastWatermark(store.database as unknown as Db, 'count(*)');
    const rows = (k: number) =>
      toInputs(Array.from({ length: 5 }, (_, i) => makeMessage('user', `zebra step ${k} row ${i}`)));
    await store.append(s, 'chat', rows(0)); // the process's first append: a batch (catch-up)
    for (let k = 1; k <= 240; k++) {
      const artifact = { id: `a${k % 7}`, kind: 'k', fromSeq: 0, toSeq: k, data: { k } };
      if (k % 2 === 0) await store.appendWithArtifacts(s, 'chat', rows(k), [artifact]);
      else
        await withArtifactsOnAppend(
          {
            scope: s,
            sessionId: 'chat',
            putArtifact: (a) => store.putArtifact(s, 'chat', a),
            deleteArtifact: (id) => store.deleteArtifact(s, 'chat', id),
          },
          [artifact],
          () => store.append(s, 'chat', rows(k)),
        );
      // Before they counted, the tail held every row since the first append (1,200 at the end).
      expect(tail()).toBeLessThan(512);
    }
    expect(indexed(store.database as unknown as Db).length).toBeGreaterThan(512);
    await store.close();
  });

  it('a transaction that rolls back after its batch ran leaves the batch due: the next append runs it', async () => {
    const path = join(dir, 'rollback.db');
    const s = { tenant: 'rb' };
    const earlier = createSqliteStore({ path });
    await earlier.createSession(s, { id: 'chat' });
    await earlier.append(s, 'chat', toInputs([makeMessage('user', 'zebra one')])); // a batch: nothing left
    for (let i = 0; i < 5; i++)
      await earlier.append(s, 'chat', toInputs([makeMessage('user', `zebra ${i}`)]));
    await earlier.close(); // five rows past the watermark
    // A real database error inside the transaction, after the append and its batch: an artifact refused by a trigger.
    const raw = new DatabaseSync(path);
    raw.exec(
      `CREATE TRIGGER refuse_boom BEFORE INSERT ON engram_artifacts WHEN NEW.id = 'boom' BEGIN SELECT RAISE(ABORT, 'injected'); END`,
    );
    raw.close();
    const store = createSqliteStore({ path });
    const boom = { id: 'boom', kind: 'k', fromSeq: 0, toSeq: 0, data: 1 };
    await expect(
      store.appendWithArtifacts(s, 'chat', toInputs([makeMessage('user', 'zebra lost')]), [boom]),
    ).rejects.toThrow();
    const db = store.database as unknown as Db;
    expect(pastWatermark(db, 'count(*)')).toBe(5); // rolled back: the batch too
    await store.append(s, 'chat', toInputs([makeMessage('user', 'zebra next')]));
    // The process's first batch is still due (it rolled back): it runs with this append.
    expect(pastWatermark(db, 'count(*)')).toBe(0);
    await store.close();
  });

  it('large rows bring the batch sooner: about 1 MB of messages past the watermark at most beyond one append', async () => {
    const store = createSqliteStore({ path: join(dir, 'large.db') });
    const s = { tenant: 'lg' };
    await store.createSession(s, { id: 'chat' });
    const tailChars = () => pastWatermark(store.database as unknown as Db, 'coalesce(sum(length(body)), 0)');
    await store.append(s, 'chat', toInputs([makeMessage('user', 'zebra first')]));
    const page = `zebra ${'tool output words '.repeat(1200)}`; // ~21 KB: each row weighs ~11
    let most = 0;
    for (let k = 0; k < 120; k++) {
      await store.append(s, 'chat', toInputs([makeMessage('user', page)]));
      most = Math.max(most, tailChars());
    }
    // 120 rows of 21 KB: 2.5 MB appended; by rows alone (512) none would have been indexed.
    expect(most).toBeLessThan(1_100_000);
    expect(indexed(store.database as unknown as Db).length).toBeGreaterThan(50);
    await store.close();
  });

  it('a search while another connection holds the write lock returns at once (it never needs the lock), rows past the watermark included', async () => {
    const path = join(dir, 'locked.db');
    const store = createSqliteStore({ path, busyTimeoutMs: 0 });
    const s = { tenant: 'lk' };
    await store.createSession(s, { id: 'chat' });
    // The second message sits past the watermark (the first append ran a batch): under v5 the next search had
    // to write the index first.
    await store.append(s, 'chat', toInputs([makeMessage('user', 'seals on the rocks')]));
    await store.append(s, 'chat', toInputs([makeMessage('user', 'walrus on the ice')]));
    const other = new DatabaseSync(path, { timeout: 0 });
    other.exec('BEGIN IMMEDIATE');
    try {
      other.exec(`UPDATE engram_sessions SET updated_at = updated_at + 1`);
      const started = performance.now();
      const hits = await store.searchMessages(s, { text: 'walrus', sessionId: 'chat' });
      expect(hits.map((h) => h.entry.message.content)).toEqual(['walrus on the ice']);
      // Never waited for the lock: a writer would have failed with "database is busy" after its retries.
      expect(performance.now() - started).toBeLessThan(2000);
      expect(other.isTransaction).toBe(true);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await store.close();
  });

  it('a database indexed in batches (schema v5–v7) upgrades to the scoped index, rows past the old watermark included', async () => {
    const db = new DatabaseSync(':memory:');
    await runMigrations(createSqliteClient(db), { migrations: sqlMigrations.filter((m) => m.version <= 7) });
    db.exec(
      `INSERT INTO engram_sessions (tenant, id, log_id, metadata, created_at, updated_at, last_seq, live_count, live_tokens) VALUES ('u', 'a', 'a', '{}', 0, 0, 3, 2, 2), ('v', 'a', 'a', '{}', 0, 0, 1, 1, 1)`,
    );
    const row = (tenant: string, seq: number, text: string, deleted = 0) =>
      db.exec(
        `INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES ('${tenant}', 'a', ${seq}, 'x${seq}', 'user', 0, 1, ${deleted}, '{"id":"x${seq}","role":"user","content":"${text}","createdAt":{"$date":"1970-01-01T00:00:00.000Z"}}', '${text}')`,
      );
    row('u', 1, 'zebra old');
    // v5 indexed in batches: index what is there now, as a batch would have, then add rows past the watermark.
    db.exec(`INSERT INTO engram_messages_fts (rowid, text) SELECT rid, text FROM engram_messages`);
    db.exec(`UPDATE engram_fts_watermark SET rid = (SELECT max(rid) FROM engram_messages)`);
    row('u', 2, 'zebra gone', 1);
    row('u', 3, 'zebra new');
    row('v', 1, 'zebra other tenant');
    const store = createSqliteStore({ database: db });
    const hits = await store.searchMessages({ tenant: 'u' }, { text: 'zebra' });
    expect(hits.map((h) => h.entry.message.content).sort()).toEqual(['zebra new', 'zebra old']);
    // v8 indexed every row; v14 starts its watermark at the last of them.
    expect(indexed(db)).toEqual(live(db));
    expect(db.prepare('SELECT rid FROM engram_fts_watermark').get()).toEqual({ rid: 4 });
    await store.close();
    db.close();
  });

  it('a v16 database upgrades to the index from the body: old rows keep their text, new rows store none, and removing either leaves the index as a rebuild would have it', async () => {
    const db = new DatabaseSync(':memory:');
    await runMigrations(createSqliteClient(db), { migrations: sqlMigrations.filter((m) => m.version <= 16) });
    db.exec(
      `INSERT INTO engram_sessions (tenant, user_id, agent_id, id, log_id, metadata, created_at, updated_at, last_seq, live_count, live_tokens) VALUES ('u', '', '', 'a', 'a', '{}', 0, 0, 3, 3, 3)`,
    );
    // A row's stored copy is what it was indexed with, even where today's text of its body would differ (`legacy`).
    const row = (seq: number, text: string, stored = text) =>
      db.exec(
        `INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, deleted, body, text) VALUES ('u', 'a', ${seq}, 'x${seq}', 'user', 0, 1, 0, '{"id":"x${seq}","role":"user","content":"${text}","createdAt":{"$date":"1970-01-01T00:00:00.000Z"}}', '${stored}')`,
      );
    row(1, 'zebra old one');
    row(2, 'zebra old two', 'zebra old two legacy');
    row(3, 'zebra old three');
    // Indexed as v14–v16 did: from the stored copies.
    db.exec(
      `INSERT INTO engram_messages_fts (rowid, text, owner) SELECT k.key * 4294967296 + m.seq, m.text, 'T' || hex(m.tenant) || '0' FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id`,
    );
    db.exec('UPDATE engram_fts_watermark SET rid = (SELECT max(rid) FROM engram_messages)');
    const store = createSqliteStore({ database: db });
    const s = { tenant: 'u' };
    await store.append(
      s,
      'a',
      toInputs(['zebra new four', 'zebra new five', 'zebra new six'].map((t) => makeMessage('user', t))),
    );
    expect(
      db
        .prepare(`SELECT seq, text FROM engram_messages WHERE seq > 3 ORDER BY seq`)
        .all()
        .map((r) => ({ ...r })),
    ).toEqual([
      { seq: 4, text: '' },
      { seq: 5, text: '' },
      { seq: 6, text: '' },
    ]);
    for (const statement of sqliteDialect.messageSearch.indexTail) db.prepare(statement).run();
    expect(vocabulary(db, false).got).toEqual(vocabulary(db, false).want);
    const ids = (await store.readRange(s, 'a')).map((e) => e.message.id);
    await store.deleteMessages(s, 'a', [ids[1]!, ids[4]!]);
    const terms = vocabulary(db, false);
    expect(terms.got).toEqual(terms.want);
    expect(terms.got.map((t) => (t as { term: string }).term)).not.toContain('two');
    expect(terms.got.map((t) => (t as { term: string }).term)).not.toContain('legaci');
    expect(terms.got.map((t) => (t as { term: string }).term)).not.toContain('five');
    expect(
      (await store.searchMessages(s, { text: 'zebra', limit: 10 })).map((h) => h.entry.seq).sort(),
    ).toEqual([1, 3, 4, 6]);
    await store.deleteSession(s, 'a');
    expect(vocabulary(db, false).got).toEqual([]);
    await store.close();
    db.close();
  });

  it('a process of an engram before v17 still open on an upgraded file cannot run its batch (schema v17): it would index the rows written since with no words', async () => {
    const file = join(dir, 'old-process.db');
    const store = createSqliteStore({ path: file });
    const s = { tenant: 'u' };
    await store.createSession(s, { id: 'a' });
    await store.append(s, 'a', toInputs([makeMessage('user', 'zebra first')])); // a process's first append indexes
    await store.append(
      s,
      'a',
      toInputs([makeMessage('user', 'zebra alpha'), makeMessage('user', 'zebra beta')]),
    );
    const db = store.database as DatabaseSync;
    expect(live(db)).not.toEqual(live(db, true)); // two rows wait past the watermark, their text column ''
    // The batch of v14–v16 code: the same statements reading the row's text column, on a connection without the
    // function (the old process's own).
    const oldTail = sqliteDialect.messageSearch.indexTail.map((q) =>
      q.replace(indexedTextSql('m'), 'm.text'),
    );
    expect(oldTail[0]).not.toEqual(sqliteDialect.messageSearch.indexTail[0]);
    const old = new DatabaseSync(file, { timeout: 5000 });
    old.exec('BEGIN IMMEDIATE');
    expect(() => {
      for (const statement of oldTail) old.prepare(statement).run();
    }).toThrow(/no such function: engram_message_text/);
    old.exec('ROLLBACK');
    old.close();
    expect(indexed(db)).toEqual(live(db, true));
    const hits = await store.searchMessages(s, { text: 'zebra' });
    expect(hits.map((h) => h.entry.seq).sort()).toEqual([1, 2, 3]);
    // This process's batch still runs, and a delete removes exactly what it indexed.
    for (const statement of sqliteDialect.messageSearch.indexTail) db.prepare(statement).run();
    expect(indexed(db)).toEqual(live(db));
    await store.deleteMessages(s, 'a', [(await store.readRange(s, 'a'))[1]!.message.id]);
    const terms = vocabulary(db);
    expect(terms.got).toEqual(terms.want);
    expect(terms.got.map((t) => (t as { term: string }).term)).toContain('zebra');
    await store.close();
  });
});

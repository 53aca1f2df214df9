import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { createSqliteStore, type SqliteStore } from './sqlite-driver.ts';
import { fts5Bm25, fts5Idf, fts5Totals, readVarints } from './sqlite-fts-bm25.ts';
import { ftsTailRows } from './sqlite-fts-rows.ts';
import { sqliteTailHits } from './sqlite-fts-tail.ts';

const vocabulary = ['zebra', 'running', 'runs', 'ocean', 'blue', 'stone', 'quick', 'river', 'alpha', 'beta'];
const db = (store: SqliteStore) => store.database as DatabaseSync;
const indexTail = (store: SqliteStore) => {
  for (const statement of sqliteDialect.messageSearch.indexTail) db(store).prepare(statement).run();
};

/**
 * A store on a new file with session 'a' of tenant 'r' holding `texts` (one append each), and a way to remove it
 * all; the tests open their other connections on `path`.
 */
async function fileWithSession(name: string, texts: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), `engram-fts-${name}-`));
  const path = join(dir, `${name}.db`);
  const writer = createSqliteStore({ path });
  const s = { tenant: 'r' };
  await writer.createSession(s, { id: 'a' });
  for (const text of texts) await writer.append(s, 'a', toInputs([makeMessage('user', text)]));
  const remove = async () => {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { path, writer, s, remove };
}

describe('sqlite full-text tail (rows past the watermark)', () => {
  it("fts5Bm25 over an FTS5 table's own statistics equals FTS5's bm25() (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.uniqueArray(fc.constantFrom('zebra', 'ocean', 'blue', 'stone'), { minLength: 1, maxLength: 3 }),
        (docs, words) => {
          const store = createSqliteStore({ path: ':memory:' });
          const d = db(store);
          d.exec(`CREATE VIRTUAL TABLE t USING fts5(text, owner, tokenize='porter unicode61')`);
          for (const [i, doc] of docs.entries())
            d.prepare('INSERT INTO t (rowid, text, owner) VALUES (?, ?, ?)').run(i + 1, doc.join(' '), 'T1');
          const match = `text : (${words.map((w) => `"${w}"`).join(' ')})`;
          const expected = d
            .prepare('SELECT rowid AS r, -bm25(t) AS s FROM t WHERE t MATCH ? ORDER BY rowid')
            .all(match) as { r: number; s: number }[];
          const averages = d.prepare('SELECT block FROM t_data WHERE id = 1').get() as { block: Uint8Array };
          const totals = fts5Totals(averages.block, 2);
          const idfs = words.map((w) =>
            fts5Idf(
              totals.rows,
              Number(
                (
                  d.prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?').get(`text : "${w}"`) as {
                    n: number;
                  }
                ).n,
              ),
            ),
          );
          for (const { r, s } of expected) {
            const doc = docs[r - 1]!;
            const sz = (d.prepare('SELECT sz FROM t_docsize WHERE id = ?').get(r) as { sz: Uint8Array }).sz;
            const size = readVarints(sz, 2).reduce((a, n) => a + n, 0);
            const freqs = words.map((w) => doc.filter((x) => x === w).length);
            expect(fts5Bm25(idfs, freqs, size, totals)).toBeCloseTo(s, 12);
          }
          void store.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('random appends, deletes, replaces and dropped sessions with random batch boundaries: every search finds what an always-indexed store finds, and rows past the watermark score exactly as there (property)', async () => {
    type Op =
      | { kind: 'append'; texts: string[][] }
      | { kind: 'delete'; k: number }
      | { kind: 'replace'; keep: number }
      | { kind: 'batch' }
      | { kind: 'drop' }
      | { kind: 'search'; words: string[]; session: boolean };
    const text = fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 8 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('append' as const),
          texts: fc.array(text, { minLength: 1, maxLength: 5 }),
        }),
      },
      fc.record({ kind: fc.constant('delete' as const), k: fc.nat(100) }),
      fc.record({ kind: fc.constant('replace' as const), keep: fc.nat(12) }),
      fc.constant({ kind: 'batch' as const }),
      fc.constant({ kind: 'drop' as const }),
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('search' as const),
          words: fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 2 }),
          session: fc.boolean(),
        }),
      },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), fc.nat(1), async (ops, which) => {
        const lazy = createSqliteStore({ path: ':memory:' });
        const always = createSqliteStore({ path: ':memory:' });
        const s = { tenant: 't' };
        const session = ['a', 'b'][which]!;
        for (const store of [lazy, always]) {
          await store.createSession(s, { id: 'a' });
          await store.createSession(s, { id: 'b' });
        }
        const both = async (fn: (store: SqliteStore) => Promise<unknown>) => {
          await fn(lazy);
          await fn(always);
          indexTail(always);
        };
        for (const o of ops) {
          if (o.kind === 'append') {
            const messages = o.texts.map((t) => makeMessage('user', t.join(' ')));
            await both((store) => store.append(s, session, toInputs(messages)));
          } else if (o.kind === 'delete') {
            const ids = (await lazy.readRange(s, session)).map((e) => e.message.id);
            if (ids.length > 0)
              await both((store) => store.deleteMessages(s, session, [ids[o.k % ids.length]!]));
          } else if (o.kind === 'replace') {
            const kept: MemoryMessage[] = (await lazy.readRange(s, session))
              .slice(0, o.keep)
              .map((e) => e.message);
            const added = makeMessage('user', 'zebra replaced');
            await both((store) => store.replaceMessages(s, session, toInputs([...kept, added])));
          } else if (o.kind === 'batch') {
            indexTail(lazy);
          } else if (o.kind === 'drop') {
            // The session's log goes, and its id comes back with a new log (new rowids, the same seqs).
            await both(async (store) => {
              await store.deleteSession(s, session);
              await store.createSession(s, { id: session });
            });
          } else {
            const query = {
              text: o.words.join(' '),
              limit: 10_000,
              ...(o.session ? { sessionId: session } : {}),
            };
            const [got, want] = [await lazy.searchMessages(s, query), await always.searchMessages(s, query)];
            // The copy of the tail the search brought up to date (only the rows new since the last search)
            // holds what a copy made from scratch would.
            const copy = db(lazy)
              .prepare('SELECT rowid AS r, text, owner FROM temp.engram_fts_tail ORDER BY rowid')
              .all();
            const fresh = db(lazy).prepare(`SELECT r, text, owner FROM (${ftsTailRows}) ORDER BY r`).all();
            expect(copy).toEqual(fresh);
            const key = (h: { sessionId: string; entry: { seq: number } }) => `${h.sessionId}:${h.entry.seq}`;
            expect(got.map(key).sort()).toEqual(want.map(key).sort());
            const watermark = Number(
              (db(lazy).prepare('SELECT rid FROM engram_fts_watermark').get() as { rid: number }).rid,
            );
            const wantScore = new Map(want.map((h) => [key(h), h.score]));
            for (const h of got) {
              const row = db(lazy)
                .prepare(
                  "SELECT m.rid FROM engram_messages m JOIN engram_sessions x ON x.tenant = m.tenant AND x.log_id = m.session_id WHERE x.tenant = 't' AND x.id = ? AND m.seq = ?",
                )
                .get(h.sessionId, h.entry.seq) as { rid: number };
              if (row.rid > watermark) expect(h.score).toBeCloseTo(wantScore.get(key(h))!, 9);
            }
          }
        }
        await lazy.close();
        await always.close();
      }),
      { numRuns: 80 },
    );
  });

  it('concurrent searches on one store, rows past the watermark, each get their own words (the temporary tables are taken one search at a time)', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const s = { tenant: 'c' };
    await store.createSession(s, { id: 'a' });
    await store.append(s, 'a', toInputs([makeMessage('user', 'indexed first')]));
    const words = vocabulary.filter((w) => w !== 'runs' && w !== 'running');
    for (const w of words) await store.append(s, 'a', toInputs([makeMessage('user', `${w} ${w}`)]));
    const results = await Promise.all(
      [...words, ...words].map((w) => store.searchMessages(s, { text: w, sessionId: 'a' })),
    );
    for (const [i, hits] of results.entries()) {
      const w = words[i % words.length]!;
      expect(hits.map((h) => h.entry.message.content)).toEqual([`${w} ${w}`]);
    }
    await store.close();
  });

  it("a reader's copy of the tail follows another connection's commits and its own writer's (no stale copy)", async () => {
    const { path, writer, s, remove } = await fileWithSession('tail', ['indexed first', 'ocean stone']);
    const handle = new DatabaseSync(path, { readOnly: true });
    const reader = createSqliteStore({ database: handle });
    const found = async (store: SqliteStore, text: string) =>
      (await store.searchMessages(s, { text, sessionId: 'a' })).map((h) => h.entry.message.content);
    expect(await found(reader, 'ocean')).toEqual(['ocean stone']);
    expect(await found(reader, 'walrus')).toEqual([]);
    await writer.append(s, 'a', toInputs([makeMessage('user', 'walrus ocean')]));
    expect(await found(reader, 'walrus')).toEqual(['walrus ocean']);
    expect((await found(writer, 'ocean')).sort()).toEqual(['ocean stone', 'walrus ocean']);
    await writer.deleteMessages(s, 'a', [(await writer.readRange(s, 'a')).at(-1)!.message.id]);
    expect(await found(writer, 'ocean')).toEqual(['ocean stone']);
    expect(await found(reader, 'walrus')).toEqual([]);
    await reader.close();
    handle.close();
    await remove();
  });
  it("another connection's commit landing while a search brings its copy of the tail up to date is copied by the next search", async () => {
    const { path, writer, s, remove } = await fileWithSession('race', ['indexed first', 'ocean stone']);
    const reader = createSqliteClient(new DatabaseSync(path));
    const target = { tenant: 'r' };
    // The writer commits a row just before the search's last read of the database's version (after the copy).
    let versionReads = 0;
    let inject: (() => Promise<unknown>) | undefined;
    const client = {
      all: (text: string, params: readonly never[]) => reader.all(text, params),
      run: (text: string, params: readonly never[]) => reader.run(text, params),
      exec: (text: string) => reader.exec(text),
      get: async (text: string, params: readonly never[]) => {
        if (text.startsWith('PRAGMA data_version') && inject && ++versionReads === 2) {
          const commit = inject;
          inject = undefined;
          await commit();
        }
        return reader.get(text, params);
      },
    };
    const copied = async () =>
      (await reader.all('SELECT rowid AS r FROM temp.engram_fts_tail ORDER BY rowid', [])).length;
    await sqliteTailHits(client, ['ocean'], target);
    expect(await copied()).toBe(1);
    inject = () => writer.append(s, 'a', toInputs([makeMessage('user', 'walrus ocean')]));
    versionReads = 0;
    await sqliteTailHits(client, ['ocean'], target);
    await sqliteTailHits(client, ['ocean'], target);
    expect(inject).toBeUndefined();
    expect(await copied()).toBe(2);
    await reader.close(true);
    await remove();
  });
  it('two stores on one connection share its copy of the tail: each search still finds the rows past the watermark', async () => {
    const { path, writer, s, remove } = await fileWithSession('shared', ['indexed first']);
    const handle = new DatabaseSync(path);
    const [one, two] = [createSqliteStore({ database: handle }), createSqliteStore({ database: handle })];
    const found = async (store: SqliteStore) =>
      (await store.searchMessages(s, { text: 'ocean', sessionId: 'a' })).map((h) => h.entry.message.content);
    expect(await found(one)).toEqual([]);
    await writer.append(s, 'a', toInputs([makeMessage('user', 'ocean stone')]));
    expect(await found(two)).toEqual(['ocean stone']);
    expect(await found(one)).toEqual(['ocean stone']);
    await one.close();
    await two.close();
    handle.close();
    await remove();
  });
});

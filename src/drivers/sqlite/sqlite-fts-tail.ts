import type { FullTextQueries, FullTextTarget } from '../sql/dialect-message-search.ts';
import { compileSql, joinSql, raw, type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { fts5Bm25, fts5Idf, fts5Totals, readVarints } from './sqlite-fts-bm25.ts';
import {
  ftsRowsPerLog,
  ftsTailRowid,
  ftsTailRowids,
  ftsTailRowsWhere,
  ftsWatermark,
} from './sqlite-fts-rows.ts';
import { fts5String } from './sqlite-fts5.ts';

/**
 * The rows past the watermark, searched without writing to the index: each search brings the connection's
 * temporary FTS5 copy of them up to date (same columns and tokenizer, so a tail row matches exactly when it
 * would match once indexed; only the rows new since its last search are copied) and scores each hit with FTS5's bm25 formula over the statistics the index would
 * have with the tail in it (its rows, tokens and per-phrase hits plus the tail's). Temporary tables are
 * private to the connection and writable on a read-only handle.
 */

const tempDdl = [
  `CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_fts_tail USING fts5(text, owner, tokenize='porter unicode61')`,
  `CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_fts_tail_terms USING fts5vocab(temp, engram_fts_tail, 'instance')`,
  `CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_fts_words USING fts5(text, tokenize='porter unicode61')`,
  `CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_fts_words_terms USING fts5vocab(temp, engram_fts_words, 'instance')`,
];

/** Clients whose connection has the temporary tables. */
const prepared = new WeakSet<FullTextQueries>();
/**
 * Per client, the database's version when its temporary copy of the tail was last in step with it (another
 * connection's commit changes `PRAGMA data_version`, any write of this one `total_changes()`), and the rows
 * copied: while the version stays, the next search reuses the copy.
 */
const copies = new WeakMap<FullTextQueries, { version: string; rows: number }>();
/** Per client, the last tail search queued: the temporary tables are shared, so its searches run one at a time. */
const queues = new WeakMap<FullTextQueries, Promise<unknown>>();

/** One phrase of the query: its column, its text as given to MATCH, and its tokens. */
interface Phrase {
  column: 'text' | 'owner';
  match: string;
  tokens: string[];
}

/** Each phrase's tokens as the tokenizer makes them (a word may stem, or split into several tokens). */
async function tokenize(client: FullTextQueries, texts: readonly string[]): Promise<string[][]> {
  await client.run('DELETE FROM temp.engram_fts_words', []);
  for (const [i, text] of texts.entries())
    await client.run('INSERT INTO temp.engram_fts_words (rowid, text) VALUES (?, ?)', [i + 1, text]);
  const rows = await client.all(
    'SELECT term, doc, "offset" AS o FROM temp.engram_fts_words_terms ORDER BY doc, "offset"',
    [],
  );
  const out: string[][] = texts.map(() => []);
  for (const row of rows) out[Number(row.doc) - 1]!.push(String(row.term));
  return out;
}

/** How often a phrase occurs in each tail row (its tokens at consecutive offsets of its column). */
async function phraseCounts(client: FullTextQueries, phrase: Phrase): Promise<Map<number, number>> {
  const positions = await Promise.all(
    phrase.tokens.map(async (term) => {
      const rows = await client.all(
        'SELECT doc, "offset" AS o FROM temp.engram_fts_tail_terms WHERE term = ? AND col = ?',
        [term, phrase.column],
      );
      const at = new Set<string>();
      for (const row of rows) at.add(`${String(row.doc)}:${String(row.o)}`);
      return { rows, at };
    }),
  );
  const counts = new Map<number, number>();
  const [first, ...rest] = positions;
  if (!first) return counts;
  for (const row of first.rows) {
    const doc = Number(row.doc);
    const offset = Number(row.o);
    if (rest.every((p, j) => p.at.has(`${doc}:${offset + j + 1}`)))
      counts.set(doc, (counts.get(doc) ?? 0) + 1);
  }
  return counts;
}

/** Rows of an FTS5 table matching one MATCH expression. */
async function hitCount(client: FullTextQueries, table: string, match: string): Promise<number> {
  const row = await client.get(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`, [match]);
  return Number(row?.n ?? 0);
}

/** The tail rows of `target` matching every word, as (rowid) filters of the temporary table. */
function targetFilter(target: FullTextTarget): { owner?: string; ranges: [bigint, bigint][] } {
  if (!target.logs) return { ranges: [] };
  return {
    ranges: target.logs.map((log) => {
      const base = BigInt(log.key) * BigInt(ftsRowsPerLog);
      const last = BigInt(Math.min(log.maxSeq ?? ftsRowsPerLog, ftsRowsPerLog - 1));
      return [base + 1n, base + last];
    }),
  };
}

/**
 * SQLite's `tailHits`: copies the live rows past the watermark into the connection's temporary FTS5 table,
 * finds those of `target` matching every word, and scores them as the index would with the tail in it. The
 * returned query keeps only rows still past the watermark when it runs. Undefined when the tail is empty.
 */
export function sqliteTailHits(
  client: FullTextQueries,
  words: readonly string[],
  target: FullTextTarget,
): Promise<SqlFragment | undefined> {
  const run = (queues.get(client) ?? Promise.resolve()).then(async () => {
    try {
      // Other connections' commits are read before the copy is brought up to date: one that lands while it is
      // being copied changes the version the next search sees, so that search copies it.
      const other = await dataVersion(client);
      const hits = await tailHits(client, words, target, other);
      copies.set(client, {
        version: `${other}:${await ownChanges(client)}`,
        rows: copies.get(client)?.rows ?? 0,
      });
      return hits;
    } catch (error) {
      copies.delete(client);
      throw error;
    }
  });
  // The queue only orders the searches: each caller still gets its own search's outcome, error included.
  queues.set(
    client,
    run.catch(() => undefined),
  );
  return run;
}

/** Other connections' commits as this connection sees them (`PRAGMA data_version`). */
async function dataVersion(client: FullTextQueries): Promise<string> {
  return String((await client.get('PRAGMA data_version', []))?.data_version);
}

/** This connection's own writes (`total_changes()`: its temporary tables' included). */
async function ownChanges(client: FullTextQueries): Promise<string> {
  return String((await client.get('SELECT total_changes() AS c', []))?.c);
}

/**
 * Brings the connection's copy of the tail up to date with what changed since: the rows that left the tail
 * (indexed by a batch, deleted, or of a dropped log) are removed and the rows new to it copied, so a search after a
 * few appends tokenizes those few rows, not the whole tail. Exact because a rowid names one log position whose
 * text never changes (`ftsTailRowids`); it works from what the copy holds, so it also fills an empty copy and
 * mends one a failed search left half made. Returns the copy's rows.
 */
async function followTail(client: FullTextQueries): Promise<number> {
  // The copy's rowids are read from its docsize table (one small row each), not by scanning the copy's texts.
  const copied = 'SELECT id FROM temp.engram_fts_tail_docsize';
  await client.run(
    `DELETE FROM temp.engram_fts_tail WHERE rowid IN (${copied} WHERE id NOT IN (${ftsTailRowids}))`,
    [],
  );
  await client.run(
    `INSERT INTO temp.engram_fts_tail (rowid, text, owner) SELECT r, text, owner FROM (${ftsTailRowsWhere(`${ftsTailRowid} NOT IN (${copied})`)})`,
    [],
  );
  // Counted, not derived from the changes: another client on the same connection shares the temporary tables.
  const counted = await client.get('SELECT count(*) AS n FROM temp.engram_fts_tail_docsize', []);
  return Number(counted?.n ?? 0);
}

/** One tail search (see {@link sqliteTailHits}), run alone on its connection's temporary tables. */
async function tailHits(
  client: FullTextQueries,
  words: readonly string[],
  target: FullTextTarget,
  other: string,
): Promise<SqlFragment | undefined> {
  if (!prepared.has(client)) {
    for (const statement of tempDdl) await client.exec(statement);
    prepared.add(client);
  }
  const copy = copies.get(client);
  let rows = copy?.rows ?? 0;
  if (!copy || copy.version !== `${other}:${await ownChanges(client)}`) {
    rows = await followTail(client);
    copies.set(client, { version: '', rows });
  }
  if (rows === 0) return undefined;
  const ownerToken = await client.get(`SELECT ('T' || hex(?) || '0') AS t`, [target.tenant]);
  const texts = [...(target.logs ? [] : [String(ownerToken?.t)]), ...words];
  const tokens = await tokenize(client, texts);
  const phrases: Phrase[] = texts.map((text, i) => {
    const column = !target.logs && i === 0 ? 'owner' : 'text';
    return { column, match: `${column} : ${fts5String(text)}`, tokens: tokens[i]! };
  });
  const wordsMatch = `text : (${words.map(fts5String).join(' ')})`;
  const match = target.logs ? wordsMatch : `${phrases[0]!.match} AND ${wordsMatch}`;
  const { ranges } = targetFilter(target);
  const inRange = ranges.length
    ? sql` AND (${joinSql(
        ranges.map(([lo, hi]) => sql`t.rowid BETWEEN ${lo} AND ${hi}`),
        ' OR ',
      )})`
    : raw('');
  const matchedQ = sql`SELECT t.rowid AS r, d.sz AS sz FROM temp.engram_fts_tail t JOIN temp.engram_fts_tail_docsize d ON d.id = t.rowid WHERE engram_fts_tail MATCH ${match}${inRange}`;
  const compiled = compileSql(matchedQ, () => '?');
  const matched = await client.all(compiled.text, compiled.params);
  if (matched.length === 0) return undefined;
  const totalsOf = async (table: string) => {
    const row = await client.get(`SELECT block FROM ${table}_data WHERE id = 1`, []);
    return fts5Totals(row?.block instanceof Uint8Array ? row.block : undefined, 2);
  };
  const main = await totalsOf('engram_messages_fts');
  const tail = await totalsOf('temp.engram_fts_tail');
  const totals = { rows: main.rows + tail.rows, tokens: main.tokens + tail.tokens };
  const idfs: number[] = [];
  const counts: Map<number, number>[] = [];
  for (const phrase of phrases) {
    const hits =
      (await hitCount(client, 'engram_messages_fts', phrase.match)) +
      (await hitCount(client, 'engram_fts_tail', phrase.match));
    idfs.push(fts5Idf(totals.rows, hits));
    counts.push(await phraseCounts(client, phrase));
  }
  const values = matched.map((row) => {
    const r = Number(row.r);
    const sizes = row.sz instanceof Uint8Array ? row.sz : new Uint8Array();
    const score = fts5Bm25(
      idfs,
      counts.map((c) => c.get(r) ?? 0),
      readVarints(sizes, 2).reduce((a, n) => a + n, 0),
      totals,
    );
    return sql`(${BigInt(r)}, ${score})`;
  });
  const span = raw(String(ftsRowsPerLog));
  return sql`SELECT k.log_id AS source, t.column1 - k.key * ${span} AS seq, t.column2 AS score FROM (VALUES ${joinSql(values)}) t JOIN engram_fts_logs k ON k.key = (t.column1 >> 32) AND k.tenant = ${target.tenant} WHERE EXISTS (SELECT 1 FROM engram_messages m WHERE m.tenant = k.tenant AND m.session_id = k.log_id AND m.seq = t.column1 - k.key * ${span} AND m.rid > ${raw(ftsWatermark)})`;
}

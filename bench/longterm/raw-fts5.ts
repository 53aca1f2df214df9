/**
 * The raw contender of the long-term scale benchmark: the same texts in a plain FTS5 table of its own SQLite file
 * (WAL, `synchronous=FULL`, like engram's store), one transaction per batch, and a search that is FTS5's
 * `bm25()` top 10 over the scope's texts with the rows' texts read: the floor a full-text recall could cost.
 */

import { createRequire } from 'node:module';
import type { DatabaseSync } from 'node:sqlite';

const require = createRequire(import.meta.url);

/** A plain FTS5 index of (owner, text): what engram's long-term search is compared with. */
export interface RawFts5 {
  /** Inserts one batch of texts in one transaction. */
  insert(rows: readonly { user: string; text: string }[]): void;
  /** The best `limit` texts for the terms (OR), among one user's (or every) row, by `bm25()`; how many. */
  search(terms: readonly string[], user: string | undefined, limit: number): number;
  /** Closes the file. */
  close(): void;
}

const quoted = (s: string) => `"${s.replaceAll('"', '""')}"`;
/** A user's owner token: one FTS5 token (no separators, so no token shared by every row). */
const ownerToken = (user: string) => user.replaceAll(/[^A-Za-z0-9]/g, '');

/** Opens (creates) the raw FTS5 contender at `path`. */
export function openRawFts5(path: string): RawFts5 {
  const { DatabaseSync: Database } = require('node:sqlite') as { DatabaseSync: typeof DatabaseSync };
  const db = new Database(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec(
    "CREATE VIRTUAL TABLE IF NOT EXISTS docs USING fts5(owner, text, tokenize='unicode61 remove_diacritics 0')",
  );
  const insert = db.prepare('INSERT INTO docs (owner, text) VALUES (?, ?)');
  const search = db.prepare(
    'SELECT rowid, text, bm25(docs, 0.0, 1.0) AS score FROM docs WHERE docs MATCH ? ORDER BY score LIMIT ?',
  );
  return {
    insert(rows) {
      db.exec('BEGIN');
      try {
        for (const r of rows) insert.run(ownerToken(r.user), r.text);
        db.exec('COMMIT');
      } catch (e) {
        db.exec('ROLLBACK');
        throw e;
      }
    },
    search(terms, user, limit) {
      if (terms.length === 0) return 0;
      const text = `text : (${terms.map(quoted).join(' OR ')})`;
      const match = user === undefined ? text : `owner : ${quoted(ownerToken(user))} AND ${text}`;
      return search.all(match, limit).length;
    },
    close: () => db.close(),
  };
}

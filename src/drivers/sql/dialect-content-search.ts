import type { SqlFragment } from './sql-fragment.ts';

/** A content item as its full-text index holds it. */
export interface ContentIndexEntry {
  /** Its row id in `engram_content_items`. */
  rid: number;
  /** The owner token of its scope's space (one letters-and-digits token no text produces by chance). */
  owner: string;
  /** The text a full-text criterion searches. */
  text: string;
}

/**
 * The full-text index of content items (schema v10): where it lives (columns of the item row, or a table
 * apart kept in the writing transaction), and the condition a `words` criterion becomes. `C` is the SQL client
 * the hooks run on (`SqlClient`; a parameter so this file and the client type do not import each other).
 */
export interface SqlContentSearch<C> {
  /**
   * Schema v10: column declarations the items table gets for the index (after `content`), and the statements
   * that create the index after the table and its order index.
   */
  readonly ddl: { columns: readonly string[]; statements: readonly string[] };
  /** Columns of `engram_content_items` holding the index, written with the row (PostgreSQL `tsv`); none for a table apart. */
  readonly rowColumns: readonly string[];
  /** The values of {@link rowColumns} for an item's `text`, in order. */
  rowValues(text: string): SqlFragment[];
  /** Indexes an inserted item (a table apart: SQLite's FTS5 row); nothing where the row holds the index. */
  add(tx: C, entry: ContentIndexEntry): Promise<void>;
  /** Unindexes the items the condition `rows` (on `engram_content_items`) selects, before they are deleted. */
  remove(tx: C, rows: SqlFragment): Promise<void>;
  /**
   * A condition on `engram_content_items`: the row's search text holds every one of `words` (never empty, never
   * parsed as query syntax), reading only index entries of the space whose owner token is `owner` (SQLite) or
   * the rows the WHERE's scope already narrows (PostgreSQL); undefined when no row can match.
   */
  match(words: readonly string[], owner: string): SqlFragment | undefined;
}

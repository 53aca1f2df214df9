/**
 * The schema DDL a dialect spells its own way. The migrations (`schema-*.ts`) are written once with these
 * fragments; a migration's text must never change once released (`schema-ddl.test.ts` holds their digests).
 */
export interface SqlDdl {
  /**
   * The messages table's row-key columns and constraint (schema v1). SQLite: `rid INTEGER PRIMARY KEY` (a
   * stable rowid for the FTS5 index, which VACUUM would otherwise renumber) plus `UNIQUE (tenant, session_id,
   * seq)`; PostgreSQL: `PRIMARY KEY (tenant, session_id, seq)`.
   */
  readonly messageKey: { columns: string; constraint: string };
  /**
   * A table with a row id `rid` beside its natural `key` (a column list): the `rid` column and the key's
   * constraint (schema v10). SQLite: `rid INTEGER PRIMARY KEY` (the rowid its FTS5 rows point at) and
   * `UNIQUE (key)`; PostgreSQL: `rid BIGSERIAL` and `PRIMARY KEY (key)`.
   */
  rowIdAndKey(key: string): { column: string; constraint: string };
  /** An auto-assigned 64-bit row id that is the primary key (`INTEGER PRIMARY KEY`, `BIGSERIAL PRIMARY KEY`; schema v11). */
  readonly rowIdPrimaryKey: string;
  /** The `ALTER TABLE` words adding a column (`ADD COLUMN IF NOT EXISTS`; SQLite has no such form: `ADD COLUMN`). */
  readonly addColumn: string;
  /**
   * Whether `ALTER TABLE` changes a table's primary key and its columns' `NOT NULL` and defaults in place
   * (PostgreSQL). When false (SQLite), a migration making such a change builds a new table, copies the rows
   * and renames it (schema v2, v6).
   */
  readonly alterKeys: boolean;
  /** SQL condition (DDL text): the JSON text column `column` has the top-level `key` (SQLite: with a non-null value). */
  jsonHasKey(column: string, key: string): string;
  /** SQL condition (DDL text): the JSON array under the top-level `key` of `column` holds the string `value`. */
  jsonListHas(column: string, key: string, value: string): string;
  /**
   * Schema v9: the routine that appends a batch of `append` calls in one statement (PostgreSQL's
   * `engram_append_batch`); empty where the store batches in one transaction instead (SQLite).
   */
  readonly appendBatchRoutine: readonly string[];
  /**
   * Schema v18: the live long-term records index (`engram_ltm_live`) made again with `term_count` at its end, so a
   * scope's term total is summed from the index alone (SQLite, whose small-scope ranking sums it); empty where
   * the totals are kept in a table instead (PostgreSQL's `engram_ltm_counts`).
   */
  readonly liveTermCountsIndex: readonly string[];
  /**
   * Long-term records by a metadata field, where the dialect's `jsonFieldEquals` reads a field as an indexable
   * expression (SQLite): live self facts of each owner and kind by `selfFact` (the key a fact states), and every
   * version of each owner's records by `engram.session` (the session a record is bound to, purged with it); empty
   * elsewhere.
   */
  readonly metadataKeyIndexes: readonly string[];
  /**
   * A `FROM` item (DDL text) with a row per element of the JSON array of strings in the text column `column`, its
   * string in column `value` of `alias` (schema v21: SQLite `json_each`, PostgreSQL `jsonb_array_elements_text`).
   */
  jsonStrings(column: string, alias: string): string;
  /**
   * Words after a `CREATE TABLE`'s closing parenthesis that store a table keyed by its primary key alone, with no
   * row id beside it (schema v21: SQLite ` WITHOUT ROWID`, one b-tree a row instead of two; empty on PostgreSQL).
   */
  readonly keyedOnly: string;
  /**
   * Schema v21: the triggers keeping `engram_content_tags` beside `engram_content_items` — after an item's insert, a
   * row per distinct tag; after its delete, its rows (SQLite: two triggers; PostgreSQL: a trigger function,
   * `engram_content_tags_sync`, and its trigger `engram_content_tags_kept`, a name the client does not qualify).
   */
  readonly contentTagTriggers: readonly string[];
}

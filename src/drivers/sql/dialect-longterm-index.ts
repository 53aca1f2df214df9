import type { Scope } from '../../core/scope.ts';
import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { SqlFragment } from './sql-fragment.ts';

/** A live record version as the long-term full-text index holds it. */
export interface IndexedVersion {
  /** Its row id. */
  rid: number;
  /** Its owner. */
  owner: RecordOwner;
  /** Analysed terms of its text. */
  terms: readonly string[];
  /** Analysed terms of its context. */
  contextTerms: readonly string[];
}

/** A checked text search of long-term records, as the shared layer prepares it. */
export interface LongTermTextSearch {
  /** The searched scope. */
  scope: Scope;
  /** The query's distinct terms (never empty). */
  terms: readonly string[];
  /** The weight of a context term against a text term (0: context is not searched). */
  contextWeight: number;
  /** The condition on the records table aliased `r`: the scope, live versions, the query's filter. */
  where: SqlFragment;
  /** Whether `where` holds conditions beyond the scope and liveness (the query's filter). @default true */
  filtered?: boolean;
  /**
   * The kinds the filter allows, when it names them (`where` requires them too): an index may find the scope's
   * live rows of these kinds first when they are few. @default undefined (any kind)
   */
  kinds?: readonly string[];
  /** The index tokens the scope requires (`scopeTokens`). */
  scopeTokens: readonly string[];
  /** Most hits. */
  limit: number;
}

/** A version a search ranked: its row id and score (records are read after, for the hits kept only). */
export interface RankedRow {
  /** The version's row id. */
  rid: number;
  /** Its BM25 score. */
  score: number;
  /** Its `rankColumns` when the index read them anyway (with its filter), so they are not read again. */
  columns?: Record<string, unknown>;
}

/**
 * The full-text index of long-term records (schema v11): where it lives, how it is kept in the writing
 * transaction, and how it is queried and scored (BM25 on both: SQLite's FTS5 `bm25()` or the same formula over
 * the scope's statistics; PostgreSQL over the document frequencies it keeps per owner). `C` is the SQL client
 * the hooks run on (`SqlClient`, a parameter so the two types do not import each other).
 */
export interface SqlLongTermIndex<C> {
  /**
   * Schema v11: column declarations the records table gets for the index (after `term_count`), and the
   * statements that create the index after the records and vectors tables.
   */
  readonly ddl: { columns: readonly string[]; statements: readonly string[] };
  /** Columns of `engram_ltm_records` holding the index, written with each version (PostgreSQL `tsv`); none for a table apart. */
  readonly rowColumns: readonly string[];
  /** The values of {@link rowColumns} for a version, in order (`live`: not a `DELETE`, which the index never holds). */
  rowValues(version: Omit<IndexedVersion, 'rid'>, live: boolean): SqlFragment[];
  /** Adds versions that became live (their rows are inserted). */
  add(tx: C, versions: readonly IndexedVersion[]): Promise<void>;
  /** Removes versions that stop being live. */
  remove(tx: C, versions: readonly IndexedVersion[]): Promise<void>;
  /**
   * The best hits of a search (at most `limit`) as row ids and scores, best first, the
   * oldest record (`first_rid`) first on ties; no record is read.
   */
  search(client: C, search: LongTermTextSearch): Promise<RankedRow[]>;
}

import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { SqlClient, SqlRow } from './sql-client.ts';
import { queryAll, queryRun } from './sql-exec.ts';
import { joinSql, raw, sql } from './sql-fragment.ts';
import { idChunks } from './sql-longterm-options.ts';
import { owned, recordColumns, rowTerms } from './sql-longterm-rows.ts';

/** A version to insert: the record, its analysed terms, and its first version's row id (none for version 1). */
export interface NewVersion {
  /** The record version. */
  record: LongTermRecord;
  /** Analysed terms of its text. */
  terms: readonly string[];
  /** Analysed terms of its context. */
  contextTerms: readonly string[];
  /** The row id of its version 1; undefined when this is version 1. */
  firstRid: number | undefined;
}

const versionColumns = raw(
  'first_rid, tenant, user_id, agent_id, id, version, event, live, kind, text, context, session_id, episode, metadata, provenance, origin, tool_derived, hash, valid_at, invalid_at, created_at, recorded_at, terms, context_terms, term_count',
);
/** Rows per multi-row INSERT (26 parameters each, under SQLite's and PostgreSQL's limits). */
const insertChunk = 200;

/**
 * Inserts version rows, in order, a multi-row INSERT per {@link insertChunk} (one round trip each on PostgreSQL),
 * with the columns the dialect's long-term index keeps in the row; returns their row ids in the same order. A
 * version 1 row gets its own row id as `first_rid`.
 */
export async function insertVersions(
  tx: SqlClient,
  owner: RecordOwner,
  versions: readonly NewVersion[],
): Promise<number[]> {
  const index = tx.dialect.longTermIndex;
  const columns = joinSql([versionColumns, ...index.rowColumns.map(raw)]);
  const out: number[] = [];
  for (let i = 0; i < versions.length; i += insertChunk) {
    const part = versions.slice(i, i + insertChunk);
    const rows = part.map(({ record: r, terms, contextTerms, firstRid }) => {
      const live = r.event === 'DELETE' ? 0 : 1;
      const values = sql`${firstRid ?? 0}, ${owner.tenant}, ${owner.user}, ${owner.agent}, ${r.id}, ${r.version}, ${r.event}, ${live}, ${r.kind}, ${r.text}, ${r.context ?? null}, ${r.session ?? null}, ${r.episode ?? null}, ${JSON.stringify(r.metadata)}, ${JSON.stringify(r.provenance)}, ${r.provenance.origin}, ${r.provenance.toolDerived ? 1 : 0}, ${r.hash}, ${r.validAt?.getTime() ?? null}, ${r.invalidAt?.getTime() ?? null}, ${r.createdAt.getTime()}, ${r.recordedAt.getTime()}, ${terms.join(' ')}, ${contextTerms.join(' ')}, ${terms.length + contextTerms.length}`;
      return sql`(${joinSql([values, ...index.rowValues({ owner, terms, contextTerms }, live === 1)])})`;
    });
    const inserted = await queryAll(
      tx,
      sql`INSERT INTO engram_ltm_records (${columns}) VALUES ${joinSql(rows)} RETURNING rid, id, version`,
    );
    // Matched by (id, version), unique in a batch, rather than trusting RETURNING's order.
    const rid = new Map(inserted.map((row) => [`${row.version} ${row.id}`, Number(row.rid)]));
    const ids = part.map((v) => rid.get(`${v.record.version} ${v.record.id}`) as number);
    const firsts = ids.filter((_, j) => part[j]?.firstRid === undefined);
    if (firsts.length > 0)
      await queryRun(
        tx,
        sql`UPDATE engram_ltm_records SET first_rid = rid WHERE rid IN (${joinSql(firsts)})`,
      );
    out.push(...ids);
  }
  return out;
}

/** The current rows (live or a DELETE) of `ids` found by one locking read per chunk of ids, by id. */
async function lockCurrent(
  tx: SqlClient,
  owner: RecordOwner,
  ids: readonly string[],
  into: Map<string, SqlRow>,
) {
  for (const part of idChunks(ids)) {
    const rows = await queryAll(
      tx,
      sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id IN (${joinSql(part)}) AND r.expired_at IS NULL${raw(tx.dialect.forUpdate)}`,
    );
    for (const row of rows) into.set(String(row.id), row);
  }
}

/** Which of `ids` have a version of any kind (current, expired), as the next statement sees them. */
async function withVersions(tx: SqlClient, owner: RecordOwner, ids: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const part of idChunks(ids)) {
    const rows = await queryAll(
      tx,
      sql`SELECT DISTINCT r.id FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id IN (${joinSql(part)})`,
    );
    found.push(...rows.map((row) => String(row.id)));
  }
  return found;
}

/** What {@link currentRows} found. */
export interface CurrentRows {
  /** The current row of each id that has one, locked where the dialect locks rows. */
  rows: Map<string, SqlRow>;
  /**
   * Ids whose record has versions but whose current row was replaced under each of the re-reads (READ COMMITTED
   * only, under a storm of writers): no row of theirs is locked, and none may be taken for absent.
   */
  contended: string[];
}

/**
 * The current rows (live or a DELETE) of records, locked where the dialect locks rows. Under READ COMMITTED
 * (`dialect.readCommitted`) a concurrent writer that held the lock may have expired a row this statement waited
 * for: the read then skips it, and the version that writer inserted is not in the statement's snapshot either,
 * so the record looks absent although it exists (taken for absent, an add would start it again at version 1 —
 * unrefused when version 1 was pruned — beside the other writer's current version). So an id found without a
 * current row is read again while a version of its record exists; the next statement sees what that writer
 * committed.
 */
export async function currentRows(
  tx: SqlClient,
  owner: RecordOwner,
  ids: readonly string[],
): Promise<CurrentRows> {
  const rows = new Map<string, SqlRow>();
  await lockCurrent(tx, owner, ids, rows);
  let missing = ids.filter((id) => !rows.has(id));
  if (!tx.dialect.readCommitted) return { rows, contended: [] };
  // Each re-read may wait on a row yet another writer expires; an id whose record has no version at all is absent.
  for (let attempt = 0; attempt < 50 && missing.length > 0; attempt++) {
    missing = await withVersions(tx, owner, missing);
    if (missing.length === 0) break;
    await lockCurrent(tx, owner, missing, rows);
    missing = missing.filter((id) => !rows.has(id));
  }
  return { rows, contended: missing };
}

/**
 * The current row (live or a DELETE) of a record, locked where the dialect locks rows ({@link currentRows}, read
 * again under READ COMMITTED); undefined when the record has no version, or when its current row kept being
 * replaced under every re-read.
 */
export async function currentRow(tx: SqlClient, owner: RecordOwner, id: string): Promise<SqlRow | undefined> {
  return (await currentRows(tx, owner, [id])).rows.get(id);
}

/** Expires a current row and, when it was live, takes it out of the index. */
export async function expire(tx: SqlClient, owner: RecordOwner, row: SqlRow, at: Date): Promise<void> {
  await queryRun(
    tx,
    sql`UPDATE engram_ltm_records SET expired_at = ${at.getTime()}, live = 0 WHERE rid = ${Number(row.rid)}`,
  );
  if (row.event !== 'DELETE')
    await tx.dialect.longTermIndex.remove(tx, [
      {
        rid: Number(row.rid),
        owner,
        terms: rowTerms(row, 'terms'),
        contextTerms: rowTerms(row, 'context_terms'),
      },
    ]);
}

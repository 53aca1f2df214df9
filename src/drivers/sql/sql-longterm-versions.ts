import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { SqlClient, SqlRow } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, sql } from './sql-fragment.ts';
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

/**
 * The current row (live or a DELETE) of a record, locked where the dialect locks rows. Under READ COMMITTED
 * (`dialect.readCommitted`) a concurrent writer that held the lock may have expired the row this statement
 * waited for (the read then skips it): the next statement sees the version that writer committed, so the read
 * is asked again while a version of the record exists.
 */
export async function currentRow(tx: SqlClient, owner: RecordOwner, id: string): Promise<SqlRow | undefined> {
  const query = sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id = ${id} AND r.expired_at IS NULL${raw(tx.dialect.forUpdate)}`;
  let row = await queryGet(tx, query);
  if (row || !tx.dialect.readCommitted) return row;
  // Each re-read may wait on a row yet another writer expires; stop when no version of the record exists at all.
  for (let attempt = 0; attempt < 50 && !row; attempt++) {
    const any = await queryGet(
      tx,
      sql`SELECT 1 AS x FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id = ${id} LIMIT 1`,
    );
    if (!any) return undefined;
    row = await queryGet(tx, query);
  }
  return row;
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

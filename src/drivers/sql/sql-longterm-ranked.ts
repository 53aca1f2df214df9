import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import type { LongTermHit } from '../../longterm/long-term-query.ts';
import { isFromUser, type LongTermRankedHit } from '../../longterm/long-term-ranked.ts';
import type { LongTermLoadedRecord } from '../../longterm/long-term-store-v1.ts';
import { scopeCovers } from '../../longterm/record-filter.ts';
import type { RankedRow } from './dialect-longterm-index.ts';
import type { SqlClient, SqlDialect, SqlRow } from './sql-client.ts';
import { queryAll } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { idChunks } from './sql-longterm-options.ts';
import { recordColumns, recordColumnsButContextTerms, rowTerms, toRecord } from './sql-longterm-rows.ts';

/**
 * The columns ranking reads of a version (the records table aliased `r`): no text, context, terms or
 * provenance; the metadata for its `speaker` and whether the user said it (parsed only when it names either).
 */
export const rankColumns = raw(
  'r.rid, r.id, r.kind, r.session_id, r.episode, r.created_at, r.hash, r.metadata, r.valid_at, r.invalid_at',
);

/**
 * The rows of `rids` read with `columns` (chunks of `idChunk`), by row id: a lookup by row id alone (a scope
 * condition beside it can lead a planner to scan the scope's index instead).
 */
async function rowsByRid(
  client: SqlClient,
  rids: readonly number[],
  columns: SqlFragment,
): Promise<Map<number, SqlRow>> {
  const out = new Map<number, SqlRow>();
  for (const part of idChunks(rids)) {
    const rows = await queryAll(
      client,
      sql`SELECT ${columns} FROM engram_ltm_records r WHERE r.rid IN (${joinSql(part)})`,
    );
    for (const row of rows) out.set(Number(row.rid), row);
  }
  return out;
}

/**
 * The record columns `loadRanked` returns (no context terms) with the owner and `live`, which it checks in
 * process.
 */
const ownedRecordColumns = sql`${recordColumnsButContextTerms}, r.tenant, r.user_id, r.agent_id, r.live`;

/**
 * A row's metadata as ranking reads it (SQLite: JSON text, parsed only when it holds a key ranking reads;
 * PostgreSQL: a value), or undefined when it holds none.
 */
function rankedMetadata(metadata: unknown, dialect: SqlDialect): Record<string, JSONValue> | undefined {
  if (
    typeof metadata === 'string' &&
    !metadata.includes('"speaker"') &&
    !metadata.includes('"role"') &&
    !metadata.includes('"selfFact"')
  )
    return undefined;
  return dialect.readDocument(metadata) as Record<string, JSONValue>;
}

/** A ranked hit from its row (`rankColumns`) and score (optional fields set only when present). */
function rankedHit(row: SqlRow, score: number, dialect: SqlDialect): LongTermRankedHit {
  const hit: LongTermRankedHit = {
    id: String(row.id),
    score,
    ref: String(row.rid),
    kind: String(row.kind),
    createdAt: new Date(Number(row.created_at)),
    hash: String(row.hash),
  };
  if (row.session_id !== null && row.session_id !== undefined) hit.session = String(row.session_id);
  if (row.episode !== null && row.episode !== undefined) hit.episode = String(row.episode);
  const metadata = rankedMetadata(row.metadata, dialect);
  if (typeof metadata?.speaker === 'string') hit.speaker = metadata.speaker;
  if (metadata && isFromUser(metadata)) hit.fromUser = true;
  if (row.valid_at !== null && row.valid_at !== undefined) hit.validAt = new Date(Number(row.valid_at));
  if (row.invalid_at !== null && row.invalid_at !== undefined)
    hit.invalidAt = new Date(Number(row.invalid_at));
  return hit;
}

/** Ranked rows (best first) as ranked hits: the small columns of each (unless the index read them) read in one statement. */
export async function rankedHits(
  client: SqlClient,
  ranked: readonly RankedRow[],
): Promise<LongTermRankedHit[]> {
  const rows = await rowsByRid(
    client,
    ranked.flatMap((r) => (r.columns ? [] : [r.rid])),
    rankColumns,
  );
  return ranked.flatMap(({ rid, score, columns }) => {
    const row = columns ?? rows.get(rid);
    return row ? [rankedHit(row, score, client.dialect)] : [];
  });
}

/** Ranked rows (best first) as hits with their records, read in one statement. */
export async function recordHits(client: SqlClient, ranked: readonly RankedRow[]): Promise<LongTermHit[]> {
  const rows = await rowsByRid(
    client,
    ranked.map((r) => r.rid),
    recordColumns,
  );
  return ranked.flatMap(({ rid, score }) => {
    const row = rows.get(rid);
    if (!row) return [];
    const record = toRecord(row, client.dialect);
    return [{ id: record.id, score, record }];
  });
}

/**
 * `loadRanked` on the shared SQL layer: the live versions of the refs (row ids) within the scope, one entry per
 * ref, each with the text's terms kept in its row; `INVALID_ARGUMENT` for a ref that is not a row id.
 */
export async function loadRankedRecords(
  client: SqlClient,
  scope: Scope,
  refs: readonly string[],
  component: string,
): Promise<(LongTermLoadedRecord | undefined)[]> {
  if (!Array.isArray(refs))
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'refs must be an array' });
  const rids = refs.map((ref, i) => {
    const rid = typeof ref === 'string' && /^[1-9][0-9]{0,15}$/.test(ref) ? Number(ref) : Number.NaN;
    if (!Number.isSafeInteger(rid))
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `refs[${i}] is not a ref this store gave (a ranked hit's ref)`,
      });
    return rid;
  });
  const rows = await rowsByRid(client, [...new Set(rids)], ownedRecordColumns);
  return rids.map((rid) => {
    const row = rows.get(rid);
    const owner = row && {
      tenant: String(row.tenant),
      user: String(row.user_id),
      agent: String(row.agent_id),
    };
    return row && owner && Number(row.live) === 1 && scopeCovers(scope, owner)
      ? { record: toRecord(row, client.dialect), terms: rowTerms(row, 'terms') }
      : undefined;
  });
}

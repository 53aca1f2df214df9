import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import {
  checkIds,
  checkListOptions,
  checkTextQuery,
  checkVector,
  checkVectorQuery,
} from '../../longterm/check-record.ts';
import type { LongTermHit, LongTermPage } from '../../longterm/long-term-query.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1, PreparedLongTermRecord } from '../../longterm/long-term-store-v1.ts';
import { checkExpectedVersion } from '../../longterm/prepare-record.ts';
import { cosineSimilarity, ownerOf, type RecordOwner } from '../../longterm/record-filter.ts';
import { applyChange, firstVersion, reviveVersion, sameRecord } from '../../longterm/record-versions.ts';
import type { SqlClient, SqlRow } from './sql-client.ts';
import type { SqlOperation } from './sql-content.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import {
  type IndexedVersion,
  indexVersions,
  searchIndex,
  tsvectorLiteral,
  unindexVersions,
} from './sql-longterm-index.ts';
import {
  bytesVector,
  filterSql,
  recordColumns,
  rowTerms,
  toRecord,
  vectorBytes,
} from './sql-longterm-rows.ts';
import { ownerWhere, scopeWhere } from './sql-view.ts';

/** What {@link createSqlLongTermRecords} needs from the SQL store. */
export interface SqlLongTermOptions {
  /** The database client. */
  client: SqlClient;
  /** The error prefix component. */
  component: string;
  /** The store's guard. */
  op: SqlOperation;
}

/** Whether an error is a unique-key violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE), or caused by one. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown; errcode?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
    if (/UNIQUE constraint failed|duplicate key value/.test(String((e as Error).message ?? ''))) return true;
  }
  return false;
}

/**
 * Runs `fn` again (at most 20 times in all) when it fails on a unique key a concurrent writer took first; then
 * `CONFLICT`. (A retry can lose again when the row it waited for is expired by yet another writer's update.)
 */
async function retryOnUniqueViolation<T>(fn: () => Promise<T>, component: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 20)
        throw new MemoryError({
          code: 'CONFLICT',
          component,
          message: 'records kept being written concurrently; read them again and retry',
          cause: error,
        });
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

/** Rows per `IN (…)` list. */
const chunk = 500;

const owned = (owner: RecordOwner, alias = 'r') =>
  sql`${raw(`${alias}.tenant = `)}${owner.tenant}${raw(` AND ${alias}.user_id = `)}${owner.user}${raw(` AND ${alias}.agent_id = `)}${owner.agent}`;

/** A version to insert: the record, its analysed terms, and its first version's row id (none for version 1). */
interface NewVersion {
  record: LongTermRecord;
  terms: readonly string[];
  contextTerms: readonly string[];
  firstRid: number | undefined;
}

const versionColumns = raw(
  'first_rid, tenant, user_id, agent_id, id, version, event, live, kind, text, context, session_id, episode, metadata, provenance, origin, tool_derived, hash, valid_at, invalid_at, created_at, recorded_at, terms, context_terms, term_count',
);
/** Rows per multi-row INSERT (26 parameters each, under SQLite's and PostgreSQL's limits). */
const insertChunk = 200;

/**
 * Inserts version rows, in order, a multi-row INSERT per {@link insertChunk} (one round trip each on PostgreSQL);
 * returns their row ids in the same order. A version 1 row gets its own row id as `first_rid`.
 */
async function insertVersions(
  tx: SqlClient,
  owner: RecordOwner,
  versions: readonly NewVersion[],
): Promise<number[]> {
  const pg = tx.dialect.name === 'postgres';
  const out: number[] = [];
  for (let i = 0; i < versions.length; i += insertChunk) {
    const part = versions.slice(i, i + insertChunk);
    const rows = part.map(({ record: r, terms, contextTerms, firstRid }) => {
      const live = r.event === 'DELETE' ? 0 : 1;
      const values = sql`${firstRid ?? 0}, ${owner.tenant}, ${owner.user}, ${owner.agent}, ${r.id}, ${r.version}, ${r.event}, ${live}, ${r.kind}, ${r.text}, ${r.context ?? null}, ${r.session ?? null}, ${r.episode ?? null}, ${JSON.stringify(r.metadata)}, ${JSON.stringify(r.provenance)}, ${r.provenance.origin}, ${r.provenance.toolDerived ? 1 : 0}, ${r.hash}, ${r.validAt?.getTime() ?? null}, ${r.invalidAt?.getTime() ?? null}, ${r.createdAt.getTime()}, ${r.recordedAt.getTime()}, ${terms.join(' ')}, ${contextTerms.join(' ')}, ${terms.length + contextTerms.length}`;
      if (!pg) return sql`(${values})`;
      const tsv = live
        ? sql`CAST(${tsvectorLiteral({ owner, terms, contextTerms })} AS tsvector)`
        : raw('NULL');
      return sql`(${values}, ${tsv})`;
    });
    const inserted = await queryAll(
      tx,
      sql`INSERT INTO engram_ltm_records (${versionColumns}${raw(pg ? ', tsv' : '')}) VALUES ${joinSql(rows)} RETURNING rid, id, version`,
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

/** Inserts one version row; returns its row id. */
async function insertVersion(
  tx: SqlClient,
  owner: RecordOwner,
  record: LongTermRecord,
  terms: readonly string[],
  contextTerms: readonly string[],
  firstRid: number | undefined,
): Promise<number> {
  const [rid] = await insertVersions(tx, owner, [{ record, terms, contextTerms, firstRid }]);
  return rid as number;
}

/**
 * The current row (live or a DELETE) of a record, locked on PostgreSQL. A concurrent writer that held the lock may
 * have expired the row this statement waited for (READ COMMITTED then skips it): the next statement sees the
 * version that writer committed, so PostgreSQL asks again while a version of the record exists.
 */
async function currentRow(tx: SqlClient, owner: RecordOwner, id: string): Promise<SqlRow | undefined> {
  const query = sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id = ${id} AND r.expired_at IS NULL${raw(tx.dialect.forUpdate)}`;
  let row = await queryGet(tx, query);
  if (row || tx.dialect.name !== 'postgres') return row;
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
async function expire(tx: SqlClient, owner: RecordOwner, row: SqlRow, at: Date): Promise<void> {
  await queryRun(
    tx,
    sql`UPDATE engram_ltm_records SET expired_at = ${at.getTime()}, live = 0 WHERE rid = ${Number(row.rid)}`,
  );
  if (row.event !== 'DELETE')
    await unindexVersions(tx, [
      {
        rid: Number(row.rid),
        owner,
        terms: rowTerms(row, 'terms'),
        contextTerms: rowTerms(row, 'context_terms'),
      },
    ]);
}

/**
 * `LongTermStoreV1` on the shared SQL layer (schema v11): versions as rows, every statement naming the owner or
 * the search scope; full text through FTS5 (`bm25()`) on SQLite and a GIN-indexed `tsvector` ranked by BM25 on
 * PostgreSQL; embeddings as float32 bytes compared in process within the scope.
 */
export function createSqlLongTermRecords(options: SqlLongTermOptions): LongTermStoreV1 {
  const { client, component, op } = options;
  const live = (scope: Scope, filter: SqlFragment[] = []) =>
    joinSql([scopeWhere(scope, 'r'), raw('r.live = 1'), ...filter], ' AND ');
  return {
    specificationVersion: 'v1',
    vectorSearch: true,
    addRecords: (scope, records: readonly PreparedLongTermRecord[]) =>
      op('addRecords', scope, async () => {
        if (!Array.isArray(records))
          throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'records must be an array' });
        const owner = ownerOf(scope);
        // Two first writes of one id in concurrent transactions both find no row to lock; the loser's insert hits
        // the unique key, and a retry sees the winner's row (then the usual rules: the same record is a no-op).
        return retryOnUniqueViolation(
          () =>
            client.transaction(async (tx) => {
              const now = new Date();
              const ids = [...new Set(records.map((r) => r.id))];
              const existing = new Map<string, SqlRow>();
              for (let i = 0; i < ids.length; i += chunk) {
                const rows = await queryAll(
                  tx,
                  sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id IN (${joinSql(ids.slice(i, i + chunk))}) AND r.expired_at IS NULL${raw(tx.dialect.forUpdate)}`,
                );
                for (const row of rows) existing.set(String(row.id), row);
              }
              const out: LongTermRecord[] = [];
              const added = new Map<string, LongTermRecord>();
              const pending: (NewVersion & { expire?: number })[] = [];
              for (const [i, r] of records.entries()) {
                const row = existing.get(r.id);
                const have = added.get(r.id) ?? (row && row.event !== 'DELETE' ? toRecord(row) : undefined);
                if (have) {
                  if (sameRecord(have, r)) {
                    out.push(have);
                    continue;
                  }
                  throw new MemoryError({
                    code: 'INVALID_ARGUMENT',
                    component,
                    message: `records[${i}]: record "${r.id}" already exists with a different text, kind or metadata`,
                  });
                }
                // A deleted id comes back as the next version of its record; a new id starts at version 1.
                const record = row ? reviveVersion(toRecord(row), r, now) : firstVersion(r, now);
                pending.push({
                  record,
                  terms: r.terms,
                  contextTerms: r.contextTerms,
                  firstRid: row ? Number(row.first_rid) : undefined,
                  ...(row ? { expire: Number(row.rid) } : {}),
                });
                added.set(r.id, record);
                out.push(record);
              }
              const expired = pending.flatMap((p) => (p.expire === undefined ? [] : [p.expire]));
              for (let i = 0; i < expired.length; i += chunk)
                await queryRun(
                  tx,
                  sql`UPDATE engram_ltm_records SET expired_at = ${now.getTime()} WHERE rid IN (${joinSql(expired.slice(i, i + chunk))})`,
                );
              const rids = await insertVersions(tx, owner, pending);
              const indexed: IndexedVersion[] = pending.map((p, i) => ({
                rid: rids[i] as number,
                owner,
                terms: p.terms,
                contextTerms: p.contextTerms,
              }));
              await indexVersions(tx, indexed);
              return out;
            }),
          component,
        );
      }),
    getRecord: (scope, id) =>
      op('getRecord', scope, async () => {
        checkId(id, 'id', component);
        const row = await queryGet(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id = ${id} AND r.live = 1`,
        );
        return row ? toRecord(row) : undefined;
      }),
    getRecords: (scope, ids) =>
      op('getRecords', scope, async () => {
        const list = checkIds(ids, 'ids', component);
        const found = new Map<string, LongTermRecord>();
        for (let i = 0; i < list.length; i += chunk) {
          const rows = await queryAll(
            client,
            sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id IN (${joinSql(list.slice(i, i + chunk))}) AND r.live = 1`,
          );
          for (const row of rows) found.set(String(row.id), toRecord(row));
        }
        return list.flatMap((id) => found.get(id) ?? []);
      }),
    updateRecord: (scope, id, change, at) =>
      op('updateRecord', scope, async () => {
        checkId(id, 'id', component);
        const owner = ownerOf(scope);
        return client.transaction(async (tx) => {
          const row = await currentRow(tx, owner, id);
          if (!row || row.event === 'DELETE')
            throw new MemoryError({
              code: 'RECORD_NOT_FOUND',
              component,
              message: `record "${id}" not found`,
            });
          checkExpectedVersion(id, Number(row.version), change, component);
          const record = applyChange(toRecord(row), change, at);
          const terms = change.terms ?? rowTerms(row, 'terms');
          const contextTerms = change.contextTerms ?? rowTerms(row, 'context_terms');
          await expire(tx, owner, row, at);
          const rid = await insertVersion(tx, owner, record, terms, contextTerms, Number(row.first_rid));
          await indexVersions(tx, [{ rid, owner, terms, contextTerms }]);
          return record;
        });
      }),
    deleteRecord: (scope, id, at) =>
      op('deleteRecord', scope, async () => {
        checkId(id, 'id', component);
        const owner = ownerOf(scope);
        return client.transaction(async (tx) => {
          const row = await currentRow(tx, owner, id);
          if (!row || row.event === 'DELETE') return false;
          const last = toRecord(row);
          await expire(tx, owner, row, at);
          await insertVersion(
            tx,
            owner,
            { ...last, version: last.version + 1, event: 'DELETE', recordedAt: at },
            rowTerms(row, 'terms'),
            rowTerms(row, 'context_terms'),
            Number(row.first_rid),
          );
          await queryRun(tx, sql`DELETE FROM engram_ltm_vectors WHERE ${ownerWhere(scope)} AND id = ${id}`);
          return true;
        });
      }),
    history: (scope, id) =>
      op('history', scope, async () => {
        checkId(id, 'id', component);
        const rows = await queryAll(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id = ${id} ORDER BY r.version`,
        );
        return rows.map(toRecord);
      }),
    listRecords: (scope, listOptions) =>
      op('listRecords', scope, async (): Promise<LongTermPage> => {
        const limit = checkListOptions(listOptions, component);
        const after = listOptions?.cursor === undefined ? 0 : Number.parseInt(listOptions.cursor, 36);
        if (
          !Number.isSafeInteger(after) ||
          after < 0 ||
          (listOptions?.cursor !== undefined && after.toString(36) !== listOptions.cursor)
        )
          throw new MemoryError({
            code: 'INVALID_QUERY',
            component,
            message: 'cursor is not a cursor returned by a listing',
          });
        const rows = await queryAll(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${live(scope, filterSql(client, listOptions?.filter ?? {}))} AND r.first_rid > ${after} ORDER BY r.first_rid LIMIT ${limit + 1}`,
        );
        const records = rows.slice(0, limit).map(toRecord);
        const last = rows[Math.min(limit, rows.length) - 1];
        const end = last ? { endCursor: Number(last.first_rid).toString(36) } : {};
        return rows.length > limit && last
          ? { records, nextCursor: Number(last.first_rid).toString(36), ...end }
          : { records, ...end };
      }),
    searchText: (scope, query) =>
      op('searchText', scope, async (): Promise<LongTermHit[]> => {
        checkTextQuery(query, component);
        return searchIndex(client, scope, query);
      }),
    putEmbeddings: (scope, embeddings) =>
      op('putEmbeddings', scope, async () => {
        if (!Array.isArray(embeddings))
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component,
            message: 'embeddings must be an array',
          });
        embeddings.forEach((e, i) => {
          checkId(e?.id, `embeddings[${i}].id`, component);
          checkId(e.model, `embeddings[${i}].model`, component);
          checkVector(e.vector, `embeddings[${i}].vector`, component);
        });
        const owner = ownerOf(scope);
        return client.transaction(async (tx) => {
          let stored = 0;
          for (const e of embeddings) {
            const r = await queryRun(
              tx,
              sql`INSERT INTO engram_ltm_vectors (tenant, user_id, agent_id, id, model, dims, vector) SELECT ${owner.tenant}, ${owner.user}, ${owner.agent}, ${e.id}, ${e.model}, ${e.vector.length}, ${vectorBytes(e.vector)} WHERE EXISTS (SELECT 1 FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id = ${e.id} AND r.live = 1) ON CONFLICT (tenant, user_id, agent_id, model, id) DO UPDATE SET dims = excluded.dims, vector = excluded.vector`,
            );
            stored += r.changes;
          }
          return stored;
        });
      }),
    missingEmbeddings: (scope, model, limit) =>
      op('missingEmbeddings', scope, async () => {
        checkId(model, 'model', component);
        const rows = await queryAll(
          client,
          sql`SELECT r.id FROM engram_ltm_records r WHERE ${live(scope)} AND NOT EXISTS (SELECT 1 FROM engram_ltm_vectors v WHERE v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.model = ${model} AND v.id = r.id) ORDER BY r.first_rid LIMIT ${Math.max(0, Math.min(Math.trunc(limit), 10_000))}`,
        );
        return rows.map((r) => String(r.id));
      }),
    searchVector: (scope, query) =>
      op('searchVector', scope, async () => {
        checkVectorQuery(query, component);
        // An exact scan of the scope's vectors (ids and bytes only); the records of the best are read after.
        const rows = await queryAll(
          client,
          sql`SELECT r.rid, r.first_rid, v.vector FROM engram_ltm_records r JOIN engram_ltm_vectors v ON v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.id = r.id WHERE ${live(scope, filterSql(client, query.filter ?? {}))} AND v.model = ${query.model} AND v.dims = ${query.vector.length}`,
        );
        const best = rows
          .map((r) => ({
            rid: r.rid,
            score: cosineSimilarity(query.vector, bytesVector(r.vector as Uint8Array)),
            order: Number(r.first_rid),
          }))
          .sort((a, b) => b.score - a.score || a.order - b.order)
          .slice(0, query.limit);
        if (best.length === 0) return [];
        const records = new Map<string, LongTermRecord>();
        for (let i = 0; i < best.length; i += chunk) {
          const found = await queryAll(
            client,
            sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE r.rid IN (${joinSql(best.slice(i, i + chunk).map((b) => b.rid as number))})`,
          );
          for (const row of found) records.set(String(row.rid), toRecord(row));
        }
        return best.flatMap(({ rid, score }) => {
          const record = records.get(String(rid));
          return record ? [{ id: record.id, score, record }] : [];
        });
      }),
    purgeRecords: (scope, ids) =>
      op('purgeRecords', scope, async () => {
        const list = ids === undefined ? undefined : checkIds(ids, 'ids', component);
        return client.transaction(async (tx) => {
          const base = list === undefined ? scopeWhere(scope, 'r') : owned(ownerOf(scope));
          let purged = 0;
          const batches =
            list === undefined
              ? [undefined]
              : Array.from({ length: Math.ceil(list.length / chunk) }, (_, i) =>
                  list.slice(i * chunk, (i + 1) * chunk),
                );
          for (const batch of batches) {
            if (batch?.length === 0) continue;
            const cond = batch ? sql`${base} AND r.id IN (${joinSql(batch)})` : base;
            const liveRows = await queryAll(
              tx,
              sql`SELECT r.rid, r.tenant, r.user_id, r.agent_id, r.terms, r.context_terms FROM engram_ltm_records r WHERE ${cond} AND r.live = 1`,
            );
            await unindexVersions(
              tx,
              liveRows.map((row) => ({
                rid: Number(row.rid),
                owner: { tenant: String(row.tenant), user: String(row.user_id), agent: String(row.agent_id) },
                terms: rowTerms(row, 'terms'),
                contextTerms: rowTerms(row, 'context_terms'),
              })),
            );
            const counted = await queryGet(
              tx,
              sql`SELECT count(*) AS n FROM engram_ltm_records r WHERE ${cond} AND r.version = 1`,
            );
            purged += Number(counted?.n ?? 0);
            await queryRun(tx, sql`DELETE FROM engram_ltm_vectors AS r WHERE ${cond}`);
            await queryRun(tx, sql`DELETE FROM engram_ltm_records AS r WHERE ${cond}`);
          }
          return purged;
        });
      }),
  };
}

import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { checkAt, checkPreparedChange } from '../../longterm/check-long-term-call.ts';
import { checkIdAtVersion, checkIdKeep, checkIds } from '../../longterm/check-record.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1, PreparedLongTermRecord } from '../../longterm/long-term-store-v1.ts';
import { checkExpectedVersion } from '../../longterm/prepare-record.ts';
import { ownerOf, type RecordOwner } from '../../longterm/record-filter.ts';
import {
  applyChange,
  changesEmbeddedText,
  firstVersion,
  reviveVersion,
  sameRecord,
} from '../../longterm/record-versions.ts';
import { boundElsewhere, sessionBoundKey } from '../../longterm/session-bound-records.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { idChunks, type SqlLongTermOptions } from './sql-longterm-options.ts';
import { owned, rowTerms, toRecord } from './sql-longterm-rows.ts';
import { currentRow, currentRows, expire, insertVersions, type NewVersion } from './sql-longterm-versions.ts';
import { retryOnUniqueViolation } from './sql-unique-retry.ts';
import { ownerWhere, scopeWhere } from './sql-view.ts';

/** Deletes every embedding of the owner's record `id`, in `tx`. */
const dropVectors = (tx: SqlClient, scope: Scope, id: string) =>
  queryRun(tx, sql`DELETE FROM engram_ltm_vectors WHERE ${ownerWhere(scope)} AND id = ${id}`);

/**
 * Adds records in one transaction: the same record again is a no-op, a different one under a live id is
 * `INVALID_ARGUMENT`, a deleted id comes back as the next version of its record, a new id starts at version 1.
 */
async function addInTransaction(
  tx: SqlClient,
  owner: RecordOwner,
  records: readonly PreparedLongTermRecord[],
  component: string,
  now: Date,
): Promise<LongTermRecord[]> {
  const { rows: existing, contended } = await currentRows(tx, owner, [...new Set(records.map((r) => r.id))]);
  // Its record exists, so it must not be started again at version 1: the caller reads again and retries.
  if (contended.length > 0)
    throw new MemoryError({
      code: 'CONFLICT',
      component,
      message: `record "${contended[0]}" kept being replaced concurrently; read it again and retry`,
    });
  const out: LongTermRecord[] = [];
  const added = new Map<string, LongTermRecord>();
  const pending: (NewVersion & { expire?: number })[] = [];
  for (const [i, r] of records.entries()) {
    const row = existing.get(r.id);
    const have = added.get(r.id) ?? (row && row.event !== 'DELETE' ? toRecord(row, tx.dialect) : undefined);
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
    const record = row ? reviveVersion(toRecord(row, tx.dialect), r, now) : firstVersion(r, now);
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
  for (const part of idChunks(expired))
    await queryRun(
      tx,
      sql`UPDATE engram_ltm_records SET expired_at = ${now.getTime()} WHERE rid IN (${joinSql(part)})`,
    );
  const rids = await insertVersions(tx, owner, pending);
  await tx.dialect.longTermIndex.add(
    tx,
    pending.map((p, i) => ({ rid: rids[i] as number, owner, terms: p.terms, contextTerms: p.contextTerms })),
  );
  return out;
}

/** Purges the rows `cond` selects (every version, vectors, index entries); how many records. */
async function purgeWhere(tx: SqlClient, cond: SqlFragment): Promise<number> {
  const liveRows = await queryAll(
    tx,
    sql`SELECT r.rid, r.tenant, r.user_id, r.agent_id, r.terms, r.context_terms FROM engram_ltm_records r WHERE ${cond} AND r.live = 1`,
  );
  await tx.dialect.longTermIndex.remove(
    tx,
    liveRows.map((row) => ({
      rid: Number(row.rid),
      owner: { tenant: String(row.tenant), user: String(row.user_id), agent: String(row.agent_id) },
      terms: rowTerms(row, 'terms'),
      contextTerms: rowTerms(row, 'context_terms'),
    })),
  );
  // A record's one current row (live or a DELETE) counts it: its version 1 may have been pruned (pruneVersions).
  const counted = await queryGet(
    tx,
    sql`SELECT count(*) AS n FROM engram_ltm_records r WHERE ${cond} AND r.expired_at IS NULL`,
  );
  await queryRun(tx, sql`DELETE FROM engram_ltm_vectors AS r WHERE ${cond}`);
  await queryRun(tx, sql`DELETE FROM engram_ltm_records AS r WHERE ${cond}`);
  return Number(counted?.n ?? 0);
}

/**
 * Purges, inside `tx`, every record owned by exactly `scope` that is bound to session `sessionId` (a version's
 * metadata `engram.session` names it, so one deleted since goes too): the long-term step of `deleteSessionRow`,
 * in its transaction. How many records.
 */
export async function purgeSessionBoundRows(tx: SqlClient, scope: Scope, sessionId: string): Promise<number> {
  const base = owned(ownerOf(scope));
  const bound = tx.dialect.jsonFieldEquals('r.metadata', sessionBoundKey, sessionId);
  const rows = await queryAll(
    tx,
    sql`SELECT DISTINCT r.id FROM engram_ltm_records r WHERE ${base} AND ${bound}`,
  );
  let purged = 0;
  for (const batch of idChunks(rows.map((row) => String(row.id)))) {
    // A record whose current live version binds another session is that session's now: it stays.
    const current = await queryAll(
      tx,
      sql`SELECT r.id, r.metadata FROM engram_ltm_records r WHERE ${base} AND r.id IN (${joinSql(batch)}) AND r.expired_at IS NULL AND r.event <> 'DELETE'`,
    );
    const kept = new Set(
      current
        .filter((row) =>
          boundElsewhere(tx.dialect.readDocument(row.metadata) as Record<string, JSONValue>, sessionId),
        )
        .map((row) => String(row.id)),
    );
    const ids = batch.filter((id) => !kept.has(id));
    if (ids.length > 0) purged += await purgeWhere(tx, sql`${base} AND r.id IN (${joinSql(ids)})`);
  }
  return purged;
}

/**
 * The writes of `LongTermStoreV1` on the shared SQL layer: each a transaction that expires the current version
 * row, inserts the next one and keeps the dialect's full-text index in step.
 */
export function sqlLongTermWrites(
  options: SqlLongTermOptions,
): Pick<
  LongTermStoreV1,
  | 'addRecords'
  | 'updateRecord'
  | 'deleteRecord'
  | 'purgeRecords'
  | 'purgeSessionBound'
  | 'purgeIfVersion'
  | 'pruneVersions'
> {
  const { client, component, op } = options;
  return {
    addRecords: (scope, records, at) =>
      op('addRecords', scope, async () => {
        if (!Array.isArray(records))
          throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'records must be an array' });
        const owner = ownerOf(scope);
        // Two first writes of one id in concurrent transactions both find no row to lock; the loser's insert hits
        // the unique key, and a retry sees the winner's row (then the usual rules: the same record is a no-op).
        return retryOnUniqueViolation(client.dialect, component, () =>
          client.transaction((tx) => addInTransaction(tx, owner, records, component, at ?? new Date())),
        );
      }),
    updateRecord: (scope, id, change, at) =>
      op('updateRecord', scope, async () => {
        checkId(id, 'id', component);
        checkPreparedChange(change, component);
        checkAt(at, component);
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
          const last = toRecord(row, tx.dialect);
          const record = applyChange(last, change, at);
          const terms = change.terms ?? rowTerms(row, 'terms');
          const contextTerms = change.contextTerms ?? rowTerms(row, 'context_terms');
          await expire(tx, owner, row, at);
          const [rid] = await insertVersions(tx, owner, [
            { record, terms, contextTerms, firstRid: Number(row.first_rid) },
          ]);
          await tx.dialect.longTermIndex.add(tx, [{ rid: rid as number, owner, terms, contextTerms }]);
          // The vectors were of the old text; a catch-up (`missingEmbeddings`) embeds the new one.
          if (changesEmbeddedText(last, record)) await dropVectors(tx, scope, id);
          return record;
        });
      }),
    deleteRecord: (scope, id, at) =>
      op('deleteRecord', scope, async () => {
        checkId(id, 'id', component);
        checkAt(at, component);
        const owner = ownerOf(scope);
        return client.transaction(async (tx) => {
          const row = await currentRow(tx, owner, id);
          if (!row || row.event === 'DELETE') return false;
          const last = toRecord(row, tx.dialect);
          await expire(tx, owner, row, at);
          await insertVersions(tx, owner, [
            {
              record: { ...last, version: last.version + 1, event: 'DELETE', recordedAt: at },
              terms: rowTerms(row, 'terms'),
              contextTerms: rowTerms(row, 'context_terms'),
              firstRid: Number(row.first_rid),
            },
          ]);
          await dropVectors(tx, scope, id);
          return true;
        });
      }),
    purgeRecords: (scope, ids) =>
      op('purgeRecords', scope, async () => {
        const list = ids === undefined ? undefined : checkIds(ids, 'ids', component);
        return client.transaction(async (tx) => {
          if (list === undefined) return purgeWhere(tx, scopeWhere(scope, 'r'));
          const base = owned(ownerOf(scope));
          let purged = 0;
          for (const batch of idChunks(list))
            purged += await purgeWhere(tx, sql`${base} AND r.id IN (${joinSql(batch)})`);
          return purged;
        });
      }),
    purgeIfVersion: (scope, id, version) =>
      op('purgeIfVersion', scope, () => {
        checkIdAtVersion(id, version, component);
        return client.transaction(async (tx) => {
          // The current row, locked (PostgreSQL): a writer replacing it waits, or committed first and is seen.
          const row = await currentRow(tx, ownerOf(scope), id);
          if (!row || Number(row.version) !== version || row.event === 'DELETE') return false;
          return (await purgeWhere(tx, sql`${owned(ownerOf(scope))} AND r.id = ${id}`)) > 0;
        });
      }),
    pruneVersions: (scope, id, keep) =>
      op('pruneVersions', scope, () => {
        checkIdKeep(id, keep, component);
        return client.transaction(async (tx) => {
          // The current row, locked (PostgreSQL) as an update locks it: pruners and writers of the record take
          // turns on it, so the newest version read here stays the newest until the delete is done.
          const row = await currentRow(tx, ownerOf(scope), id);
          if (!row) return 0;
          // Expired rows only (`live = 0`): they have no full-text entry; embeddings are the record's, kept. Rows
          // another transaction has locked are skipped, left to the next prune: under READ COMMITTED a writer whose
          // locking read waited on a version then replaced keeps a lock on it (the read skips it) while it reads
          // the current one again, which this transaction holds; waiting on that writer here was a deadlock.
          const { changes } = await queryRun(
            tx,
            sql`DELETE FROM engram_ltm_records AS r WHERE r.rid IN (SELECT r.rid FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id = ${id} AND r.expired_at IS NOT NULL AND r.live = 0 AND r.version <= ${Number(row.version) - keep}${raw(tx.dialect.forUpdateSkipLocked)})`,
          );
          return changes;
        });
      }),
    purgeSessionBound: (scope, sessionId) =>
      op('purgeSessionBound', scope, async () => {
        checkId(sessionId, 'sessionId', component);
        return client.transaction((tx) => purgeSessionBoundRows(tx, scope, sessionId));
      }),
  };
}

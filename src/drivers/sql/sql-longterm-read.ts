import { checkId } from '../../core/ids.ts';
import { checkFoundVersion } from '../../longterm/check-long-term-call.ts';
import { checkIds, checkLatestOptions, checkListOptions } from '../../longterm/check-record.ts';
import { listingCursor, listingPosition } from '../../longterm/listing-cursor.ts';
import type { LongTermPage } from '../../longterm/long-term-query.ts';
import { engramKindPrefix, type LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { ownerOf } from '../../longterm/record-filter.ts';
import { queryAll, queryGet } from './sql-exec.ts';
import { joinSql, sql } from './sql-fragment.ts';
import { idChunks, type SqlLongTermOptions } from './sql-longterm-options.ts';
import { filterSql, liveWhere, owned, recordColumns, toRecord } from './sql-longterm-rows.ts';
import { scopeWhere } from './sql-view.ts';

/**
 * The reads of `LongTermStoreV1` on the shared SQL layer: live versions by id, a record's history (by id in the
 * exact owner, or by a version found in a wider scope), listings in
 * `first_rid` order (the cursor is the last one listed, base 36), and the latest record time with the end of that
 * listing in one aggregate over the scope's live rows (no record loaded).
 */
export function sqlLongTermReads(
  options: SqlLongTermOptions,
): Required<
  Pick<
    LongTermStoreV1,
    'getRecord' | 'getRecords' | 'history' | 'historyOf' | 'listRecords' | 'latestRecordTime'
  >
> {
  const { client, component, op } = options;
  const read = (row: Parameters<typeof toRecord>[0]) => toRecord(row, client.dialect);
  return {
    getRecord: (scope, id) =>
      op('getRecord', scope, async () => {
        checkId(id, 'id', component);
        const row = await queryGet(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id = ${id} AND r.expired_at IS NULL AND r.live = 1`,
        );
        return row ? read(row) : undefined;
      }),
    getRecords: (scope, ids) =>
      op('getRecords', scope, async () => {
        const list = checkIds(ids, 'ids', component);
        const found = new Map<string, LongTermRecord>();
        for (const part of idChunks(list)) {
          const rows = await queryAll(
            client,
            sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id IN (${joinSql(part)}) AND r.expired_at IS NULL AND r.live = 1`,
          );
          for (const row of rows) found.set(String(row.id), read(row));
        }
        return list.flatMap((id) => found.get(id) ?? []);
      }),
    history: (scope, id) =>
      op('history', scope, async () => {
        checkId(id, 'id', component);
        const rows = await queryAll(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.id = ${id} ORDER BY r.version`,
        );
        return rows.map(read);
      }),
    historyOf: (scope, found) =>
      op('historyOf', scope, async () => {
        checkFoundVersion(found, component);
        // The owner of the version found, among the owners the scope covers; then its history, as `history` reads it.
        const row = await queryGet(
          client,
          sql`SELECT r.user_id, r.agent_id FROM engram_ltm_records r WHERE ${scopeWhere(scope, 'r')} AND r.id = ${found.id} AND r.version = ${found.version} AND r.hash = ${found.hash} AND r.created_at = ${found.createdAt.getTime()} AND r.recorded_at = ${found.recordedAt.getTime()} LIMIT 1`,
        );
        if (!row) return [];
        const owner = { tenant: scope.tenant, user: String(row.user_id), agent: String(row.agent_id) };
        const rows = await queryAll(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id = ${found.id} ORDER BY r.version`,
        );
        return rows.map(read);
      }),
    listRecords: (scope, listOptions) =>
      op('listRecords', scope, async (): Promise<LongTermPage> => {
        const limit = checkListOptions(listOptions, component);
        const after = listingPosition(listOptions?.cursor, component);
        const where = liveWhere(scope, filterSql(client.dialect, listOptions?.filter ?? {}));
        const rows = await queryAll(
          client,
          sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${where} AND r.first_rid > ${after} ORDER BY r.first_rid LIMIT ${limit + 1}`,
        );
        const records = rows.slice(0, limit).map(read);
        const last = rows[Math.min(limit, rows.length) - 1];
        const end = last ? { endCursor: listingCursor(Number(last.first_rid)) } : {};
        return rows.length > limit && last
          ? { records, nextCursor: listingCursor(Number(last.first_rid)), ...end }
          : { records, ...end };
      }),
    latestRecordTime: (scope, latestOptions) =>
      op('latestRecordTime', scope, async () => {
        const session = checkLatestOptions(latestOptions, component);
        const where = liveWhere(scope, filterSql(client.dialect, session === undefined ? {} : { session }));
        const row = await queryGet(
          client,
          sql`SELECT max(CASE WHEN substr(r.kind, 1, ${engramKindPrefix.length}) <> ${engramKindPrefix} THEN coalesce(r.valid_at, r.created_at) END) AS latest, max(r.first_rid) AS last FROM engram_ltm_records r WHERE ${where}`,
        );
        const latest = row?.latest ?? null;
        const last = row?.last ?? null;
        return {
          ...(latest === null ? {} : { latest: new Date(Number(latest)) }),
          ...(last === null ? {} : { endCursor: listingCursor(Number(last)) }),
        };
      }),
  };
}

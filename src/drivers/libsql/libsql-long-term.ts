import {
  applyChange,
  boundElsewhere,
  checkExpectedVersion,
  engramKindPrefix,
  firstVersion,
  type LongTermDriverV1,
  type LongTermPage,
  type LongTermRecord,
  listingCursor,
  listingPosition,
  MemoryError,
  reviveVersion,
  type Scope,
  sameRecord,
  sessionBoundKey,
} from '../../driver.ts';
import type { LibsqlRow } from './libsql-client.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import {
  allOf,
  expireVersions,
  filterSql,
  insertVersions,
  type NewVersion,
  recordColumns,
  rowTerms,
  toRecord,
} from './libsql-long-term-rows.ts';
import { searchRecordText } from './libsql-long-term-search.ts';
import { chunks, coveredBy, ownedBy, placeholders, type SqlPart } from './libsql-scope.ts';
import { dropEmbeddings } from './libsql-vector-space.ts';
import { createVectorMethods } from './libsql-vectors.ts';

const component = 'libsql';

const notFound = (id: string) =>
  new MemoryError({ code: 'RECORD_NOT_FOUND', component, message: `record "${id}" not found` });

/** The current rows (live or a DELETE) of an owner's records among `ids`, by id. */
async function currentRows(tx: LibsqlExecutor, scope: Scope, ids: readonly string[]) {
  const mine = ownedBy(scope, 'r');
  const found = new Map<string, LibsqlRow>();
  for (const part of chunks(ids)) {
    const rows = await tx.all(
      `SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${mine.sql} AND r.id IN (${placeholders(part)}) AND r.expired_at IS NULL`,
      [...mine.args, ...part],
    );
    for (const row of rows) found.set(String(row.id), row);
  }
  return found;
}

/** The live current versions of an owner's records among `ids`, by id. */
async function liveRecords(db: LibsqlExecutor, scope: Scope, ids: readonly string[]) {
  const found = new Map<string, LongTermRecord>();
  for (const [id, row] of await currentRows(db, scope, ids))
    if (row.event !== 'DELETE') found.set(id, toRecord(row));
  return found;
}

/** The condition on `engram_ltm_embeddings e` of one owner's record. */
const embeddingsOf = (scope: Scope, id: string): SqlPart => {
  const mine = ownedBy(scope, 'e');
  return { sql: `${mine.sql} AND e.id = ?`, args: [...mine.args, id] };
};

/**
 * Purges, in `tx`, every version, index row and embedding of the covered scope's records, or of the owner's
 * records among `ids`; how many records.
 */
async function purgeIn(
  tx: LibsqlExecutor,
  scope: Scope,
  ids: readonly string[] | undefined,
): Promise<number> {
  /** The rows purged (alias `alias`): the covered scope's, or the owner's records among `part`. */
  const purged = (alias: string, part: readonly string[] | undefined): SqlPart => {
    if (!part) return coveredBy(scope, alias);
    const mine = ownedBy(scope, alias);
    return {
      sql: `${mine.sql} AND ${alias}.id IN (${placeholders(part)})`,
      args: [...mine.args, ...part],
    };
  };
  let count = 0;
  for (const part of ids === undefined ? [undefined] : chunks(ids)) {
    const r = purged('r', part);
    await tx.run(
      `DELETE FROM engram_ltm_fts WHERE rowid IN (SELECT r.rid FROM engram_ltm_records r WHERE ${r.sql} AND r.live = 1)`,
      r.args,
    );
    // A record's one current row (live or a DELETE) counts it: its version 1 may have been pruned.
    const counted = await tx.get(
      `SELECT count(*) AS n FROM engram_ltm_records r WHERE ${r.sql} AND r.expired_at IS NULL`,
      r.args,
    );
    count += Number(counted?.n ?? 0);
    await dropEmbeddings(tx, purged('e', part));
    await tx.run(`DELETE FROM engram_ltm_records AS r WHERE ${r.sql}`, r.args);
  }
  return count;
}

/**
 * `LongTermDriverV1.historyOf` on libSQL: the owner of the found version among the owners `scope` covers, then that
 * owner's history of the record, as `history` reads it.
 */
function historyOfFound(db: LibsqlExecutor): NonNullable<LongTermDriverV1['historyOf']> {
  return async (scope, found) => {
    // The owner of the version found, among the owners the scope covers; then its history, as `history` reads it.
    const covered = coveredBy(scope, 'r');
    const owner = await db.get(
      `SELECT r.user_id, r.agent_id FROM engram_ltm_records r WHERE ${covered.sql} AND r.id = ? AND r.version = ? AND r.hash = ? AND r.created_at = ? AND r.recorded_at = ? LIMIT 1`,
      [
        ...covered.args,
        found.id,
        found.version,
        found.hash,
        found.createdAt.getTime(),
        found.recordedAt.getTime(),
      ],
    );
    if (!owner) return [];
    const mine = ownedBy(
      { tenant: scope.tenant, user: String(owner.user_id), agent: String(owner.agent_id) },
      'r',
    );
    const rows = await db.all(
      `SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${mine.sql} AND r.id = ? ORDER BY r.version`,
      [...mine.args, found.id],
    );
    return rows.map(toRecord);
  };
}

/**
 * `LongTermDriverV1` on libSQL: versions as rows, every statement naming the owner (addressing) or the covered
 * scope (listing, search); writes in one write transaction each; text search through FTS5 bm25
 * (libsql-long-term-search.ts); vectors through libSQL's vector index (libsql-vectors.ts).
 */
export function createLibsqlLongTermDriver(db: LibsqlExecutor): LongTermDriverV1 {
  return {
    specificationVersion: 'v1',
    name: component,
    addRecords: (scope, records, at) => {
      if (!Array.isArray(records))
        throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'records must be an array' });
      return db.write(async (tx) => {
        const now = at ?? new Date();
        const existing = await currentRows(tx, scope, [...new Set(records.map((r) => r.id))]);
        const out: LongTermRecord[] = [];
        const added = new Map<string, LongTermRecord>();
        const pending: NewVersion[] = [];
        const expired: number[] = [];
        for (const [i, r] of records.entries()) {
          const row = existing.get(r.id);
          const have = added.get(r.id) ?? (row && row.event !== 'DELETE' ? toRecord(row) : undefined);
          if (have) {
            if (!sameRecord(have, r))
              throw new MemoryError({
                code: 'INVALID_ARGUMENT',
                component,
                message: `records[${i}]: record "${r.id}" already exists with a different text, kind or metadata`,
              });
            out.push(have);
            continue;
          }
          // A deleted id comes back as the next version of its record; a new id starts at version 1.
          const record = row ? reviveVersion(toRecord(row), r, now) : firstVersion(r, now);
          if (row) expired.push(Number(row.rid));
          pending.push({
            record,
            terms: r.terms,
            contextTerms: r.contextTerms,
            firstRid: row ? Number(row.first_rid) : undefined,
          });
          added.set(r.id, record);
          out.push(record);
        }
        await expireVersions(tx, expired, now);
        await insertVersions(tx, scope, pending);
        return out;
      });
    },
    getRecord: async (scope, id) => {
      return (await liveRecords(db, scope, [id])).get(id);
    },
    getRecords: async (scope, ids) => {
      const found = await liveRecords(db, scope, ids);
      return ids.flatMap((id) => found.get(id) ?? []);
    },
    updateRecord: (scope, id, change, at) => {
      return db.write(async (tx) => {
        const row = (await currentRows(tx, scope, [id])).get(id);
        if (!row || row.event === 'DELETE') throw notFound(id);
        checkExpectedVersion(id, Number(row.version), change, component);
        const last = toRecord(row);
        const record = applyChange(last, change, at);
        await expireVersions(tx, [Number(row.rid)], at);
        await insertVersions(tx, scope, [
          {
            record,
            terms: change.terms ?? rowTerms(row, 'terms'),
            contextTerms: change.contextTerms ?? rowTerms(row, 'context_terms'),
            firstRid: Number(row.first_rid),
          },
        ]);
        // Another text: the vectors were of the old one; a catch-up (`missingEmbeddings`) embeds the new one.
        if (record.text !== last.text) await dropEmbeddings(tx, embeddingsOf(scope, id));
        return record;
      });
    },
    deleteRecord: (scope, id, at) => {
      return db.write(async (tx) => {
        const row = (await currentRows(tx, scope, [id])).get(id);
        if (!row || row.event === 'DELETE') return false;
        const last = toRecord(row);
        await expireVersions(tx, [Number(row.rid)], at);
        const gone: LongTermRecord = { ...last, version: last.version + 1, event: 'DELETE', recordedAt: at };
        await insertVersions(tx, scope, [
          {
            record: gone,
            terms: rowTerms(row, 'terms'),
            contextTerms: rowTerms(row, 'context_terms'),
            firstRid: Number(row.first_rid),
          },
        ]);
        await dropEmbeddings(tx, embeddingsOf(scope, id));
        return true;
      });
    },
    history: async (scope, id) => {
      const mine = ownedBy(scope, 'r');
      const rows = await db.all(
        `SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${mine.sql} AND r.id = ? ORDER BY r.version`,
        [...mine.args, id],
      );
      return rows.map(toRecord);
    },
    historyOf: historyOfFound(db),
    listRecords: async (scope, options): Promise<LongTermPage> => {
      const limit = options?.limit ?? 100;
      const after = listingPosition(options?.cursor, component);
      const where = allOf([coveredBy(scope, 'r'), ...filterSql(options?.filter)]);
      const rows = await db.all(
        `SELECT ${recordColumns} FROM engram_ltm_records r WHERE ${where.sql} AND r.live = 1 AND r.first_rid > ? ORDER BY r.first_rid LIMIT ?`,
        [...where.args, after, limit + 1],
      );
      const records = rows.slice(0, limit).map(toRecord);
      const last = rows[Math.min(limit, rows.length) - 1];
      if (!last) return { records };
      const cursor = listingCursor(Number(last.first_rid));
      return rows.length > limit
        ? { records, nextCursor: cursor, endCursor: cursor }
        : { records, endCursor: cursor };
    },
    latestRecordTime: async (scope, options) => {
      const where = allOf([
        coveredBy(scope, 'r'),
        ...filterSql(options?.session === undefined ? undefined : { session: options.session }),
      ]);
      const [row] = await db.all(
        `SELECT max(CASE WHEN substr(r.kind, 1, ?) <> ? THEN coalesce(r.valid_at, r.created_at) END) AS latest, max(r.first_rid) AS last FROM engram_ltm_records r WHERE ${where.sql} AND r.live = 1`,
        [engramKindPrefix.length, engramKindPrefix, ...where.args],
      );
      const latest = row?.latest ?? null;
      const last = row?.last ?? null;
      return {
        ...(latest === null ? {} : { latest: new Date(Number(latest)) }),
        ...(last === null ? {} : { endCursor: listingCursor(Number(last)) }),
      };
    },
    purgeRecords: (scope, ids) => db.write((tx) => purgeIn(tx, scope, ids)),
    purgeSessionBound: (scope, sessionId) =>
      db.write(async (tx) => {
        // Any version bound to the session binds the record: one deleted since, or unbound since, goes too.
        const where = allOf([
          ownedBy(scope, 'r'),
          ...filterSql({ metadata: { [sessionBoundKey]: sessionId } }),
        ]);
        const rows = await tx.all(
          `SELECT DISTINCT r.id FROM engram_ltm_records r WHERE ${where.sql}`,
          where.args,
        );
        // A record whose current live version binds another session is that session's now: it stays.
        const mine = ownedBy(scope, 'r');
        const ids: string[] = [];
        for (const part of chunks(rows.map((row) => String(row.id)))) {
          const current = await tx.all(
            `SELECT r.id, r.metadata FROM engram_ltm_records r WHERE ${mine.sql} AND r.id IN (${placeholders(part)}) AND r.live = 1`,
            [...mine.args, ...part],
          );
          const kept = new Set(
            current
              .filter((row) => boundElsewhere(JSON.parse(String(row.metadata)), sessionId))
              .map((row) => String(row.id)),
          );
          ids.push(...part.filter((id) => !kept.has(id)));
        }
        return purgeIn(tx, scope, ids);
      }),
    purgeIfVersion: (scope, id, version) =>
      db.write(async (tx) => {
        const mine = ownedBy(scope, 'r');
        const current = await tx.get(
          `SELECT r.version FROM engram_ltm_records r WHERE ${mine.sql} AND r.id = ? AND r.expired_at IS NULL AND r.live = 1`,
          [...mine.args, id],
        );
        return Number(current?.version) === version && (await purgeIn(tx, scope, [id])) > 0;
      }),
    // One write transaction (libSQL's writes take turns): no version lands between the read and the delete.
    // Expired rows only (`live = 0`): they have no full-text row; embeddings are the record's, kept.
    pruneVersions: (scope, id, keep) =>
      db.write(async (tx) => {
        const mine = ownedBy(scope, 'r');
        const newest = await tx.get(
          `SELECT r.version FROM engram_ltm_records r WHERE ${mine.sql} AND r.id = ? AND r.expired_at IS NULL`,
          [...mine.args, id],
        );
        if (!newest) return 0;
        return tx.run(
          `DELETE FROM engram_ltm_records AS r WHERE ${mine.sql} AND r.id = ? AND r.expired_at IS NOT NULL AND r.live = 0 AND r.version <= ?`,
          [...mine.args, id, Number(newest.version) - keep],
        );
      }),
    searchText: (scope, query) => searchRecordText(db, scope, query),
    ...createVectorMethods(db),
  };
}

import { checkListOptions } from './check-record.ts';
import { listingCursor, listingPosition } from './listing-cursor.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermPage } from './long-term-query.ts';
import { isEngramKind, type LongTermRecord } from './long-term-record.ts';
import { currentVersion, liveEntries, type MemoryLongTermState } from './memory-long-term-state.ts';
import { rankBm25 } from './rank-bm25.ts';
import { matchesFilter, ownerOf, scopeCovers } from './record-filter.ts';
import { copyRecord, isVersionOf } from './record-versions.ts';

/** The read methods of the in-process long-term driver, its text search included. */
export type MemoryLongTermReads = Required<
  Pick<
    LongTermDriverV1,
    'getRecord' | 'getRecords' | 'history' | 'historyOf' | 'listRecords' | 'latestRecordTime' | 'searchText'
  >
>;

/**
 * The in-process driver's reads (arguments already checked by the engine): copies out, listings in order of
 * first add with the position as cursor, BM25 over the terms stored with each version ({@link rankBm25}).
 */
export function memoryLongTermReads(state: MemoryLongTermState, component: string): MemoryLongTermReads {
  return {
    async getRecord(scope, id) {
      const entries = await state.open(scope);
      const record = currentVersion(entries.get(state.keyOf(ownerOf(scope), id)));
      return record && copyRecord(record);
    },
    async getRecords(scope, ids) {
      const entries = await state.open(scope);
      const owner = ownerOf(scope);
      return ids.flatMap((id) => {
        const record = currentVersion(entries.get(state.keyOf(owner, id)));
        return record ? [copyRecord(record)] : [];
      });
    },
    async history(scope, id) {
      const entries = await state.open(scope);
      return (entries.get(state.keyOf(ownerOf(scope), id))?.versions ?? []).map(copyRecord);
    },
    async historyOf(scope, found) {
      const entries = await state.open(scope);
      for (const e of entries.values())
        if (scopeCovers(scope, e.owner) && e.versions.some((v) => isVersionOf(v, found)))
          return e.versions.map(copyRecord);
      return [];
    },
    async listRecords(scope, options): Promise<LongTermPage> {
      const entries = await state.open(scope);
      const limit = checkListOptions(options, component);
      const filter = options?.filter ?? {};
      const after = listingPosition(options?.cursor, component);
      const page = liveEntries(entries, scope)
        .filter((e) => e.seq > after && matchesFilter(currentVersion(e) as LongTermRecord, filter))
        .slice(0, limit + 1);
      const records = page.slice(0, limit).map((e) => copyRecord(currentVersion(e) as LongTermRecord));
      const last = page[Math.min(limit, page.length) - 1];
      const end = last ? { endCursor: listingCursor(last.seq) } : {};
      return page.length > limit && last
        ? { records, nextCursor: listingCursor(last.seq), ...end }
        : { records, ...end };
    },
    async latestRecordTime(scope, options) {
      const entries = await state.open(scope);
      let latest: number | undefined;
      let end: number | undefined;
      for (const e of liveEntries(entries, scope)) {
        const record = currentVersion(e) as LongTermRecord;
        if (options?.session !== undefined && record.session !== options.session) continue;
        end = Math.max(end ?? 0, e.seq);
        if (isEngramKind(record.kind)) continue;
        const t = (record.validAt ?? record.createdAt).getTime();
        if (latest === undefined || t > latest) latest = t;
      }
      return {
        ...(latest === undefined ? {} : { latest: new Date(latest) }),
        ...(end === undefined ? {} : { endCursor: listingCursor(end) }),
      };
    },
    async searchText(scope, query) {
      const entries = await state.open(scope);
      const candidates = liveEntries(entries, scope).map((e) => ({
        record: currentVersion(e) as LongTermRecord,
        terms: e.terms,
        contextTerms: e.contextTerms,
      }));
      return rankBm25(candidates, query).map((h) => ({ ...h, record: copyRecord(h.record) }));
    },
  };
}

import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import {
  checkAt,
  checkEmbeddings,
  checkFoundVersion,
  checkLongTermDriver,
  checkPreparedChange,
  checkPreparedRecords,
  embeddingLimit,
} from './check-long-term-call.ts';
import {
  checkIdAtVersion,
  checkIdKeep,
  checkIds,
  checkLatestOptions,
  checkListOptions,
  checkTextQuery,
  checkVectorQuery,
} from './check-record.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import { getRecordsOneByOne } from './long-term-fallback-get-records.ts';
import { searchTextByScan } from './long-term-fallback-search-text.ts';
import type { LongTermLatestOptions } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { vectorMethodsOf } from './long-term-without-vectors.ts';

/** Options of {@link createLongTermRecords}. */
export interface LongTermRecordsOptions {
  /** The component named in errors. @default the driver's `name` */
  component?: string;
  /** Whether the owning store is closed: every call then throws `STORE_CLOSED`. @default never */
  isClosed?: () => boolean;
}

/**
 * The full `LongTermStoreV1` from a small {@link LongTermDriverV1}. Every call first checks that the store is
 * open (`STORE_CLOSED`), the scope (`INVALID_ARGUMENT`) and its arguments (ids, queries, filters, limits,
 * vectors: `INVALID_ARGUMENT` / `INVALID_QUERY` naming the field), so every driver refuses the same inputs
 * with the same errors; then it calls the driver, or the fallback of a method the driver leaves out:
 * `getRecords` reads each id with `getRecord`; `searchText` ranks the scope's current records, read through
 * `listRecords`, with the in-process BM25 (a scan); without the three vector methods `vectorSearch` is false,
 * `putEmbeddings` and `searchVector` throw `INVALID_QUERY` and `missingEmbeddings` answers `[]`. Throws
 * `INVALID_ARGUMENT` for a driver without the required methods or with only some of the vector methods. The
 * store has `purgeSessionBound`, `purgeIfVersion`, `pruneVersions`, `latestRecordTime` and `historyOf` only when the
 * driver has them.
 * @example
 * const records = createLongTermRecords(myDriver, { isClosed: () => closed });
 * if (records.vectorSearch) await records.searchVector(scope, { vector, model: 'e5', limit: 10 });
 */
export function createLongTermRecords(
  driver: LongTermDriverV1,
  options: LongTermRecordsOptions = {},
): LongTermStoreV1 {
  checkOptions(options, 'createLongTermRecords(driver, options)', 'longterm');
  checkKnownKeys(options, { component: true, isClosed: true }, 'createLongTermRecords', 'longterm');
  checkLongTermDriver(driver, options.component ?? 'longterm');
  const component = options.component ?? driver.name;
  const open = (scope: Scope) => {
    if (options.isClosed?.())
      throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
    checkScope(scope, component);
  };
  const openWithId = (scope: Scope, id: string) => {
    open(scope);
    checkId(id, 'id', component);
  };
  const { vectorSearch, methods: vectors } = vectorMethodsOf(driver, component);
  const purgeSessionBound = driver.purgeSessionBound?.bind(driver);
  const purgeIfVersion = driver.purgeIfVersion?.bind(driver);
  const pruneVersions = driver.pruneVersions?.bind(driver);
  const latestRecordTime = driver.latestRecordTime?.bind(driver);
  const historyOf = driver.historyOf?.bind(driver);

  return {
    specificationVersion: 'v1',
    vectorSearch,
    async addRecords(scope, records, at) {
      open(scope);
      checkPreparedRecords(records, component);
      if (at === undefined) return driver.addRecords(scope, records);
      checkAt(at, component);
      return driver.addRecords(scope, records, at);
    },
    async getRecord(scope, id) {
      openWithId(scope, id);
      return driver.getRecord(scope, id);
    },
    async getRecords(scope, ids) {
      open(scope);
      const list = checkIds(ids, 'ids', component);
      return driver.getRecords ? driver.getRecords(scope, list) : getRecordsOneByOne(driver, scope, list);
    },
    async updateRecord(scope, id, change, at) {
      openWithId(scope, id);
      checkPreparedChange(change, component);
      checkAt(at, component);
      return driver.updateRecord(scope, id, change, at);
    },
    async deleteRecord(scope, id, at) {
      openWithId(scope, id);
      checkAt(at, component);
      return driver.deleteRecord(scope, id, at);
    },
    async history(scope, id) {
      openWithId(scope, id);
      return driver.history(scope, id);
    },
    async listRecords(scope, listOptions) {
      open(scope);
      checkListOptions(listOptions, component);
      return driver.listRecords(scope, listOptions);
    },
    async searchText(scope, query) {
      open(scope);
      checkTextQuery(query, component);
      return driver.searchText
        ? driver.searchText(scope, query)
        : searchTextByScan(driver, scope, query, component);
    },
    async putEmbeddings(scope, embeddings) {
      open(scope);
      checkEmbeddings(embeddings, component);
      return vectors.putEmbeddings(scope, embeddings);
    },
    async missingEmbeddings(scope, model, limit) {
      open(scope);
      checkId(model, 'model', component);
      return vectors.missingEmbeddings(scope, model, embeddingLimit(limit, component));
    },
    async searchVector(scope, query) {
      open(scope);
      checkVectorQuery(query, component);
      return vectors.searchVector(scope, query);
    },
    async purgeRecords(scope, ids) {
      open(scope);
      return driver.purgeRecords(scope, ids === undefined ? undefined : checkIds(ids, 'ids', component));
    },
    ...(purgeSessionBound && {
      async purgeSessionBound(scope: Scope, sessionId: string) {
        open(scope);
        checkId(sessionId, 'sessionId', component);
        return purgeSessionBound(scope, sessionId);
      },
    }),
    ...(latestRecordTime && {
      async latestRecordTime(scope: Scope, latestOptions?: LongTermLatestOptions) {
        open(scope);
        const session = checkLatestOptions(latestOptions, component);
        return latestRecordTime(scope, session === undefined ? {} : { session });
      },
    }),
    ...(purgeIfVersion && {
      async purgeIfVersion(scope: Scope, id: string, version: number) {
        open(scope);
        checkIdAtVersion(id, version, component);
        return purgeIfVersion(scope, id, version);
      },
    }),
    ...(historyOf && {
      async historyOf(scope: Scope, found: LongTermRecord) {
        open(scope);
        checkFoundVersion(found, component);
        return historyOf(scope, found);
      },
    }),
    ...(pruneVersions && {
      async pruneVersions(scope: Scope, id: string, keep: number) {
        open(scope);
        checkIdKeep(id, keep, component);
        return pruneVersions(scope, id, keep);
      },
    }),
  };
}

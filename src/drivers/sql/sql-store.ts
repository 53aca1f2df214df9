import type { HasContentItems } from '../../content/content-store-v1.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId, isValidId } from '../../core/ids.ts';
import { checkScope, type Scope } from '../../core/scope.ts';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import type { HasAppendWithArtifacts } from '../../store/append-with-artifacts.ts';
import {
  checkDeleteSessionOptions,
  checkIdList,
  checkRangeQuery,
  checkSearchQuery,
  prepareInputs,
} from '../../store/check-inputs.ts';
import { checkListArtifactsOptions, checkPutArtifactOptions, checkSince } from '../../store/check-values.ts';
import type { MemoryStoreV1, StoreCapabilities } from '../../store/memory-store.ts';
import { checkSessionId } from '../../store/store-helpers.ts';
import { type AppendBatchRunner, appendInOneTransaction } from './sql-append-batch.ts';
import { sqlAppendWithArtifacts } from './sql-artifacts-with-append.ts';
import type { SqlClient } from './sql-client.ts';
import { createSqlContentItems } from './sql-content.ts';
import { queryGet } from './sql-exec.ts';
import { sql } from './sql-fragment.ts';
import { createSqlInventory, type SqlInventory } from './sql-inventory.ts';
import { entriesById, readEntries, replaceEntries, sessionStats, tombstone } from './sql-log.ts';
import { joinableSqlLongTermRecords } from './sql-longterm-joined.ts';
import {
  deleteArtifactRow,
  deleteStateRow,
  getStateRow,
  listArtifactRows,
  putStateRow,
  upsertArtifact,
} from './sql-records.ts';
import { toSessionRecord, toSessionRow } from './sql-rows.ts';
import { searchEntries } from './sql-search.ts';
import { createSessionRow, deleteSessionRow, listSessionRows, updateSessionRow } from './sql-sessions.ts';
import { sqlStoreAppend } from './sql-store-append.ts';
import type { SqlVectorIndex } from './sql-vector-index.ts';
import { loadSession, ownerWhere, viewSegments } from './sql-view.ts';

/** Options of {@link createSqlStore}. */
export interface SqlStoreOptions {
  /** The database client. */
  client: SqlClient;
  /** The store's name (`sqlite`, `postgres`); also the error prefix component. */
  name: string;
  /** What the store can do; `vectorSearch` may be updated by `init`. */
  capabilities: StoreCapabilities;
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
  /** Largest content item accepted, in UTF-8 bytes. @default 64 MiB */
  maxContentBytes?: number;
  /** Runs once before the first operation (open, pragmas, migrations); its failure fails every call. */
  init?: () => Promise<void>;
  /** Releases the client's resources on `close()`. */
  close?: () => Promise<void>;
  /**
   * Group commit: concurrent `append` calls (any sessions) share one transaction and one commit; each caller is
   * answered once that commit is durable, with its own outcome. `false`: one transaction per call. @default true
   */
  groupCommit?: boolean;
  /** Runs a group commit's batch. @default appendInOneTransaction (one shared transaction) */
  appendBatch?: AppendBatchRunner;
  /** The vector index of long-term embeddings (sqlite-vec, pgvector); without it vector search scans in process. @default undefined */
  vectorIndex?: SqlVectorIndex;
}

/**
 * A store on the shared SQL layer: {@link MemoryStoreV1}, its content items (`ContentStoreV1`, schema v10),
 * `appendWithArtifacts` in one transaction, and `ready()`, which resolves once it is initialized.
 */
export interface SqlStore extends MemoryStoreV1, HasContentItems, HasLongTermRecords, HasAppendWithArtifacts {
  /** Resolves when the store is open and migrated; rejects with the initialization error. */
  ready(): Promise<void>;
  /** What the database holds across every tenant (owners, sessions, content spaces, records), for operators. */
  readonly experimental_inventory: SqlInventory;
}

/** Runs `fn`; an error that is not a `MemoryError` becomes `STORE_ERROR` naming `what`, with the cause. */
async function asStoreError<T>(component: string, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (MemoryError.isInstance(error)) throw error;
    throw new MemoryError({
      code: 'STORE_ERROR',
      component,
      message: `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/** Waits for `ready()`; a failure that is not a `MemoryError` becomes `STORE_ERROR` ("open failed"). */
function openedOrStoreError(component: string, ready: () => Promise<void>): Promise<void> {
  return ready().catch((error: unknown) => {
    if (MemoryError.isInstance(error)) throw error;
    throw new MemoryError({
      code: 'STORE_ERROR',
      component,
      message: `open failed: ${String(error)}`,
      cause: error,
    });
  });
}

/**
 * The {@link MemoryStoreV1} implementation shared by the SQLite and PostgreSQL drivers: every query is
 * written once over a {@link SqlClient} and its dialect. Every query names the caller's tenant; any error
 * that is not already a `MemoryError` becomes `STORE_ERROR` with the cause.
 */
export function createSqlStore(options: SqlStoreOptions): SqlStore {
  const { client, name: component, maxContentBytes } = options;
  const ctx = { component, maxMessageBytes: options.maxMessageBytes ?? 16 * 1024 * 1024 };
  let closed = false;
  let initialized: Promise<void> | undefined;
  const ready = () => {
    // A failed open (server down, lock timeout) is not cached: the next call tries again.
    initialized ??= (options.init ?? (async () => {}))().catch((error: unknown) => {
      initialized = undefined;
      throw error;
    });
    return initialized;
  };

  /** Guards, initializes and wraps one operation (of a scope, or `'unscoped'`: the operators' inventory). */
  const op = async <T>(what: string, scope: Scope | 'unscoped', fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
    if (scope !== 'unscoped') checkScope(scope, component);
    return asStoreError(component, what, async () => {
      await ready();
      return fn();
    });
  };
  const checkSession = (id: unknown) => checkSessionId(id, component);
  const longTerm = joinableSqlLongTermRecords({ client, component, op, vectorIndex: options.vectorIndex });
  const appendWithRiders = sqlAppendWithArtifacts(client, ctx, op, { maxContentBytes, join: longTerm.join });
  const store: SqlStore = {
    specificationVersion: 'v1',
    name: component,
    contentItems: createSqlContentItems({ client, component, op, maxContentBytes }),
    longTermRecords: longTerm.records,
    experimental_inventory: createSqlInventory(client, (what, fn) => op(what, 'unscoped', fn)),
    capabilities: options.capabilities,
    ready: () => openedOrStoreError(component, ready),

    createSession: (scope, input = {}) =>
      op('createSession', scope, () =>
        client.transaction((tx) => createSessionRow(tx, component, scope, input)),
      ),

    getSession: (scope, sessionId) =>
      op('getSession', scope, async () => {
        if (!isValidId(sessionId)) return undefined;
        const row = await queryGet(
          client,
          sql`SELECT * FROM engram_sessions WHERE ${ownerWhere(scope)} AND id = ${sessionId}`,
        );
        return row ? toSessionRecord(toSessionRow(row)) : undefined;
      }),

    listSessions: (scope, opts = {}) =>
      op('listSessions', scope, () => listSessionRows(client, component, scope, opts)),

    updateSession: (scope, sessionId, metadata) =>
      op('updateSession', scope, () => {
        checkSession(sessionId);
        return client.transaction((tx) => updateSessionRow(tx, component, scope, sessionId, metadata));
      }),

    deleteSession: (scope, sessionId, options) =>
      op('deleteSession', scope, () => {
        const condition = checkDeleteSessionOptions(options, component);
        checkSession(sessionId);
        return client.transaction((tx) => deleteSessionRow(tx, component, scope, sessionId, condition));
      }),

    append: sqlStoreAppend({
      client,
      ctx,
      op,
      runBatch: options.groupCommit === false ? undefined : (options.appendBatch ?? appendInOneTransaction),
      withRiders: appendWithRiders,
      sinks: () => ({ contentItems: store.contentItems, store, longTermRecords: store.longTermRecords }),
    }),
    appendWithArtifacts: (scope, sessionId, inputs, artifacts, deleted) =>
      appendWithRiders(scope, sessionId, inputs, artifacts, [], [], deleted),

    readRange: (scope, sessionId, query = {}) =>
      op('readRange', scope, async () => {
        checkSession(sessionId);
        checkRangeQuery(query, component);
        const session = await loadSession(client, scope, sessionId, component);
        const segments = await viewSegments(client, session);
        return readEntries(client, session.tenant, segments, query);
      }),

    getMessages: (scope, sessionId, ids) =>
      op('getMessages', scope, async () => {
        const wanted = checkIdList(ids, component);
        checkSession(sessionId);
        const session = await loadSession(client, scope, sessionId, component);
        if (wanted.length === 0) return [];
        return entriesById(client, session.tenant, await viewSegments(client, session), wanted);
      }),

    stats: (scope, sessionId) =>
      op('stats', scope, async () => {
        checkSession(sessionId);
        return sessionStats(client, scope, sessionId, component);
      }),

    deleteMessages: (scope, sessionId, ids) =>
      op('deleteMessages', scope, () => {
        const wanted = checkIdList(ids, component);
        checkSession(sessionId);
        return client.transaction((tx) => tombstone(tx, ctx, scope, sessionId, wanted));
      }),

    clearMessages: (scope, sessionId) =>
      op('clearMessages', scope, () => {
        checkSession(sessionId);
        return client.transaction((tx) => tombstone(tx, ctx, scope, sessionId, undefined));
      }),

    replaceMessages: (scope, sessionId, inputs) =>
      op('replaceMessages', scope, () => {
        checkSession(sessionId);
        const prepared = prepareInputs(ctx, inputs);
        return client.transaction((tx) => replaceEntries(tx, ctx, scope, sessionId, prepared));
      }),

    searchMessages: (scope, query) =>
      op('searchMessages', scope, async () => {
        const words = checkSearchQuery(query, component);
        if (query.sessionId !== undefined) {
          checkSession(query.sessionId);
          await loadSession(client, scope, query.sessionId, component);
        }
        const limit = query.limit ?? 20;
        if (words.length === 0 || limit === 0) return [];
        return searchEntries(client, scope, query, words, limit);
      }),

    putArtifact: (scope, sessionId, artifact, options) =>
      op('putArtifact', scope, () => {
        checkSession(sessionId);
        checkPutArtifactOptions(options, component);
        return client.transaction(async (tx) => {
          const session = await loadSession(tx, scope, sessionId, component, true);
          return upsertArtifact(tx, component, session.tenant, session.logId, artifact, options?.createdAt);
        });
      }),

    listArtifacts: (scope, sessionId, kind, since, options) =>
      op('listArtifacts', scope, async () => {
        checkSession(sessionId);
        if (kind !== undefined) checkId(kind, 'kind', component);
        if (since !== undefined) checkSince(since, component);
        checkListArtifactsOptions(options, component);
        const session = await loadSession(client, scope, sessionId, component);
        return listArtifactRows(client, session.tenant, session.logId, kind, since, options?.data !== false);
      }),

    deleteArtifact: (scope, sessionId, artifactId) =>
      op('deleteArtifact', scope, () => {
        checkSession(sessionId);
        return client.transaction(async (tx) => {
          const session = await loadSession(tx, scope, sessionId, component, true);
          checkId(artifactId, 'artifact id', component);
          return deleteArtifactRow(tx, session.tenant, session.logId, artifactId);
        });
      }),

    putState: (scope, key, state) =>
      op('putState', scope, () => putStateRow(client, component, scope, key, state)),
    getState: (scope, key) => op('getState', scope, () => getStateRow(client, component, scope, key)),
    deleteState: (scope, key) =>
      op('deleteState', scope, () => deleteStateRow(client, component, scope, key)),

    async close() {
      if (closed) return;
      closed = true;
      if (initialized) await initialized.catch(() => undefined);
      await options.close?.();
    },
  };
  return store;
}

/** Waits until a store is open and migrated; closes it and rethrows when that fails. */
export async function whenReady<T extends SqlStore>(store: T): Promise<T> {
  try {
    await store.ready();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

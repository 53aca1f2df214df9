import { isValidId, type LogDriverV1, type StoreCapabilities } from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { appendEntries, entriesById, logStats, readEntries, tombstone } from './libsql-log.ts';
import {
  deleteArtifact,
  deleteState,
  getState,
  listArtifacts,
  putArtifact,
  putState,
} from './libsql-records.ts';
import { searchEntries } from './libsql-search.ts';
import {
  createSession,
  deleteSession,
  listSessions,
  sessionRow,
  toSessionRecord,
  updateSession,
} from './libsql-sessions.ts';

/** What {@link createLibsqlLogDriver} needs besides the executor. */
export interface LibsqlLogDriverOptions {
  /** Largest serialized message accepted, in bytes. */
  maxMessageBytes: number;
  /** What the store can do. */
  capabilities: StoreCapabilities;
  /** Releases the client (when the store opened it). */
  close?: () => Promise<void>;
}

/**
 * `LogDriverV1` on libSQL: the 15 required methods, and the native paths libSQL does better than the engine's
 * fallbacks — forks copied in one transaction (`nativeForks`), conditional appends checked in the append's write
 * transaction (`nativeConditionalAppend`), conditional session deletes in the delete's (`nativeConditionalDelete`),
 * `getMessages` and `clearMessages` in one statement, ranked FTS5 `searchMessages`, and `transaction`, which runs
 * the engine's multi-step fallbacks (`replaceMessages`) in one libSQL write transaction.
 */
export function createLibsqlLogDriver(db: LibsqlExecutor, options: LibsqlLogDriverOptions): LogDriverV1 {
  const { maxMessageBytes } = options;
  return {
    specificationVersion: 'v1',
    name: 'libsql',
    capabilities: options.capabilities,
    nativeForks: true,
    nativeConditionalAppend: true,
    nativeConditionalDelete: true,
    maxMessageBytes,
    createSession: (scope, input) => createSession(db, scope, input ?? {}),
    getSession: async (scope, sessionId) => {
      if (!isValidId(sessionId)) return undefined;
      const row = await sessionRow(db, scope, sessionId);
      return row ? toSessionRecord(row) : undefined;
    },
    listSessions: (scope, list) => listSessions(db, scope, list ?? {}),
    updateSession: (scope, sessionId, metadata) => updateSession(db, scope, sessionId, metadata),
    deleteSession: (scope, sessionId, options) => deleteSession(db, scope, sessionId, options),
    append: (scope, sessionId, inputs, options) =>
      appendEntries(db, maxMessageBytes, scope, sessionId, inputs, options),
    readRange: (scope, sessionId, query) => readEntries(db, scope, sessionId, query),
    stats: (scope, sessionId) => logStats(db, scope, sessionId),
    deleteMessages: (scope, sessionId, ids) => tombstone(db, scope, sessionId, ids),
    putArtifact: (scope, sessionId, artifact, options) =>
      putArtifact(db, scope, sessionId, artifact, options),
    listArtifacts: (scope, sessionId, kind, since, options) =>
      listArtifacts(db, scope, sessionId, kind, since, options?.data !== false),
    deleteArtifact: (scope, sessionId, artifactId) => deleteArtifact(db, scope, sessionId, artifactId),
    putState: (scope, key, state) => putState(db, scope, key, state),
    getState: (scope, key) => getState(db, scope, key),
    deleteState: (scope, key) => deleteState(db, scope, key),
    getMessages: (scope, sessionId, ids) => entriesById(db, scope, sessionId, ids),
    clearMessages: (scope, sessionId) => tombstone(db, scope, sessionId, undefined),
    searchMessages: (scope, query) => searchEntries(db, scope, query),
    transaction: (work) =>
      db.write((tx) =>
        work(createLibsqlLogDriver(tx, { maxMessageBytes, capabilities: options.capabilities })),
      ),
    ...(options.close ? { close: options.close } : {}),
  };
}

import {
  checkBoolean,
  checkKnownKeys,
  checkMethods,
  checkOptionalInteger,
  checkOptions,
} from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkMigrations, runMigrations } from '../sql/migrate.ts';
import { createSqlStore, type SqlStore, whenReady } from '../sql/sql-store.ts';
import { nodeSqlite } from './node-sqlite.ts';
import { defaultBusyTimeoutMs } from './sqlite-busy.ts';
import { type Checkpointer, startCheckpointer } from './sqlite-checkpointer.ts';
import { createSqliteClient, type SqliteDatabaseLike } from './sqlite-client.ts';
import { type LazySqliteVec, lazySqliteVec, loadSqliteVec, type SqliteVectorMode } from './sqlite-vector.ts';
import { createSqliteVectorIndex } from './sqlite-vector-index.ts';

/** Options of {@link createSqliteStore}: a file `path` (or `:memory:`), or an open `database` handle. */
export interface SqliteStoreOptions {
  /** The database file, created when missing; `:memory:` for a private in-memory database. */
  path?: string;
  /** An open better-sqlite3-shaped handle (`node:sqlite` `DatabaseSync`, better-sqlite3); the caller closes it. */
  database?: SqliteDatabaseLike;
  /**
   * `'power'`: `synchronous=FULL`, an acknowledged append survives power loss. `'process'`:
   * `synchronous=NORMAL`, it survives a process crash (faster). @default 'power'
   */
  durability?: 'power' | 'process';
  /**
   * How long a call waits in all for another process's lock before it fails with `STORE_ERROR`. The wait never
   * blocks the event loop: the handle's busy timeout is 0 and the lock is retried on a timer. @default 30000
   */
  busyTimeoutMs?: number;
  /** Largest serialized message accepted, in bytes. @default 16 MiB */
  maxMessageBytes?: number;
  /**
   * sqlite-vec for vector search: `'auto'` uses it when installed, loaded at the first vector search (an open that
   * never searches by vector skips its ~10 ms of CPU; an install that fails to load then leaves the search to the
   * exact scan, and `capabilities.vectorSearch` false); `true` loads it at open and fails there without it
   * (`MISSING_DEPENDENCY`); `false` never uses it. @default 'auto'
   */
  vector?: SqliteVectorMode;
  /**
   * Group commit: concurrent appends from this process (any sessions) share one transaction and one commit;
   * each caller is answered once that commit is durable, with its own outcome. `false`: one transaction per
   * call. @default true
   */
  groupCommit?: boolean;
  /**
   * Opens the database without ever writing to it: the file (`path`) opens read-only (a `database` handle must
   * be opened so by the caller), its journal mode and schema are left as they are (a schema older or newer than
   * this engram's is a `MIGRATION_ERROR`, not migrated), and every write is a `STORE_ERROR`. Reads and searches
   * work as on a writable store. For tools that inspect a database another application owns. @default false
   */
  readOnly?: boolean;
}

/** A SQLite store: {@link SqlStore} plus the handle it runs on. */
export interface SqliteStore extends SqlStore {
  /** The underlying handle (for pragmas, backups, tests). */
  readonly database: SqliteDatabaseLike;
}

/** WAL pages after which a commit checkpoints inline (SQLite's default), and the backstop when a worker does it. */
const inlinePages = 1000;
const backstopPages = 10_000;

const fail = (message: string, cause?: unknown) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'sqlite', message, cause });

/** Every key of {@link SqliteStoreOptions}: a misspelt one (`durabilty`) is refused, not replaced by its default. */
const knownOptions: Record<keyof SqliteStoreOptions, true> = {
  path: true,
  database: true,
  durability: true,
  busyTimeoutMs: true,
  maxMessageBytes: true,
  vector: true,
  groupCommit: true,
  readOnly: true,
};

/**
 * Checks the options {@link createSqliteStore} does not check as it reads them: no unknown key, a handle with
 * `prepare` and `exec` (`function` is checked with its own message when it is registered), an integer
 * `maxMessageBytes`, a boolean `groupCommit`, `vector` of 'auto', true or false. `INVALID_ARGUMENT` naming the option.
 */
function checkSqliteOptions(options: SqliteStoreOptions): void {
  const what = 'createSqliteStore(options)';
  checkKnownKeys(options, knownOptions, 'createSqliteStore', 'sqlite');
  if (options.database !== undefined)
    checkMethods(options.database, `${what}.database`, 'sqlite', ['prepare', 'exec']);
  checkOptionalInteger(options.maxMessageBytes, `${what}.maxMessageBytes`, 'sqlite', 1);
  checkBoolean(options.groupCommit, `${what}.groupCommit`, 'sqlite', true);
  checkBoolean(options.readOnly, `${what}.readOnly`, 'sqlite', true);
  const { vector } = options;
  if (vector !== undefined && vector !== 'auto' && typeof vector !== 'boolean')
    throw fail(`${what}.vector must be 'auto', true or false, got ${describeValue(vector)}`);
}

/**
 * The embedded default store on Node's built-in `node:sqlite`: WAL mode, `BEGIN IMMEDIATE` writers, an
 * FTS5 index with bm25 ranking, versioned migrations (run lazily before the first call, or by `ready()`),
 * and sqlite-vec when installed. Several processes may share one file. The full-text index is written in
 * batches (every 512 appended rows or about 1 MB of messages, whatever the append carries, in the appending
 * transaction, and at a process's first append), and a
 * search finds the rows not indexed yet on the side (a copy per connection, brought up to date with the rows new
 * since its last search) and scores them with the index's bm25 over the statistics
 * the index would have with them in it (rows already indexed keep the index's own scores): reads and searches
 * never write to the database, so they run on a read-only handle (`database: new DatabaseSync(path, {
 * readOnly: true })`, once the file is migrated) and never wait for a writer's lock.
 * @example
 * const store = createSqliteStore({ path: 'memory.db' });
 * const memory = createConversationMemory({ store, sessionId: 'chat-1' });
 */
export function createSqliteStore(options: SqliteStoreOptions = {}): SqliteStore {
  checkOptions(options, 'createSqliteStore', 'sqlite');
  checkSqliteOptions(options);
  const { path, database } = options;
  if ((path === undefined) === (database === undefined))
    throw fail('pass exactly one of `path` or `database`');
  if (path !== undefined && (typeof path !== 'string' || path === ''))
    throw fail('`path` must be a non-empty string');
  const durability = options.durability ?? 'power';
  if (durability !== 'power' && durability !== 'process')
    throw fail(`durability must be 'power' or 'process', got ${describeValue(durability)}`);
  const busyTimeoutMs = options.busyTimeoutMs ?? defaultBusyTimeoutMs;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0)
    throw fail('busyTimeoutMs must be a non-negative integer');
  const vector = options.vector ?? 'auto';
  const readOnly = options.readOnly ?? false;
  if (readOnly && (path === ':memory:' || path === ''))
    throw fail('readOnly needs a database file: an in-memory database starts empty, with nothing to read');
  let db: SqliteDatabaseLike;
  if (database) db = database;
  else {
    const sqlite = nodeSqlite(); // MISSING_DEPENDENCY on a Node without node:sqlite
    try {
      db = new sqlite.DatabaseSync(path!, {
        timeout: 0,
        allowExtension: vector !== false,
        readOnly,
      }) as unknown as SqliteDatabaseLike;
    } catch (error) {
      throw new MemoryError({
        code: 'STORE_ERROR',
        component: 'sqlite',
        message: `cannot open ${path}: ${String(error)}`,
        cause: error,
      });
    }
  }
  const owned = database === undefined;
  const inMemory = path === ':memory:' || path === '';
  const client = createSqliteClient(db, { busyTimeoutMs });
  // `'auto'`: loaded at the first vector search (lazySqliteVec); `true`: loaded at open, so a missing one fails there.
  let extension: LazySqliteVec = { active: () => false, ready: async () => false };
  const capabilities = {
    fullTextSearch: true,
    get vectorSearch() {
      return extension.active();
    },
    multiProcess: !inMemory,
    durable: !inMemory,
  };
  const loadExtension = async () => {
    if (vector === 'auto') extension = lazySqliteVec(db);
    else if (await loadSqliteVec(db, vector)) extension = { active: () => true, ready: async () => true };
  };

  const synchronous = durability === 'power' ? 'FULL' : 'NORMAL';
  let checkpointer: Checkpointer | undefined;
  /**
   * A file this store opened, in WAL mode, at `process` durability: checkpoints move to a worker thread, with a high
   * backstop inline (measured: a single writer appends about a third faster). At `power` every commit waits for an
   * fsync anyway, and a parallel checkpoint only competes with it for the disk (slower under contention), so
   * checkpoints stay inline there.
   */
  const checkpointInBackground = async () => {
    if (!owned || inMemory || checkpointer || durability !== 'process') return;
    await client.exec(`PRAGMA wal_autocheckpoint = ${backstopPages}`);
    checkpointer = startCheckpointer({
      path: path!,
      synchronous,
      onFailure: () => void client.exec(`PRAGMA wal_autocheckpoint = ${inlinePages}`).catch(() => undefined),
    });
  };

  const store = createSqlStore({
    client,
    name: 'sqlite',
    capabilities,
    maxMessageBytes: options.maxMessageBytes,
    groupCommit: options.groupCommit,
    vectorIndex: createSqliteVectorIndex({
      active: () => extension.active(),
      ready: () => extension.ready(),
    }),
    init: async () => {
      await client.exec('PRAGMA busy_timeout = 0');
      if (readOnly) {
        // Nothing that writes: the journal mode stays the file's, the schema must already be this engram's.
        await loadExtension();
        await checkMigrations(client, { component: 'sqlite' });
        return;
      }
      const mode = await client.get('PRAGMA journal_mode = WAL', []);
      await client.exec(`PRAGMA synchronous = ${synchronous}`);
      await loadExtension();
      await runMigrations(client, { component: 'sqlite' });
      if (String(mode?.journal_mode).toLowerCase() === 'wal') await checkpointInBackground();
    },
    close: async () => {
      await checkpointer?.stop();
      await client.close(owned);
    },
  });
  return Object.assign(store, { database: db });
}

/** {@link createSqliteStore}, then waits until the database is open and migrated (capabilities final). */
export function openSqliteStore(options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  checkOptions(options, 'openSqliteStore', 'sqlite');
  checkKnownKeys(options, knownOptions, 'openSqliteStore', 'sqlite');
  return whenReady(createSqliteStore(options));
}

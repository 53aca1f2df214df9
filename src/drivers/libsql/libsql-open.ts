import { checkMethods, checkOptionalInteger, describeValue, MemoryError } from '../../driver.ts';
import { connectLibsql, type LibsqlClientLike, type ModuleImporter } from './libsql-client.ts';
import { createLibsqlExecutor, type LibsqlExecutor } from './libsql-executor.ts';
import { migrateLibsql } from './libsql-schema.ts';

/** Where the store's data is: a URL to open, or a client the caller opened (and closes). */
export interface LibsqlTarget {
  /** `file:engram.db` (a local file, no server), `:memory:`, or `libsql://…` / `https://…` (sqld, Turso). */
  url?: string;
  /** The server's token, with a `libsql://` / `https://` URL. */
  authToken?: string;
  /** An open `@libsql/client` client instead of `url` (the caller closes it). */
  client?: LibsqlClientLike;
  /** The longest a call waits in all for another process's write lock, in ms. */
  busyTimeoutMs: number;
  /** Loads `@libsql/client` (replaceable in tests). */
  importer?: ModuleImporter;
}

/** An executor that opens the database on first use, and what it opened. */
export interface LibsqlHandle {
  /** Runs every query, opening and migrating the database first. */
  readonly db: LibsqlExecutor;
  /** Resolves once the database is open and migrated; rejects with why not. */
  ready(): Promise<void>;
  /** Closes the client when the store opened it (after the open in progress, if any). */
  close(): Promise<void>;
}

/** Whether a URL names a database that lives only in this client (one connection). */
const inMemory = (url: string) => url === ':memory:' || url.startsWith('file::memory:');

/**
 * Opens lazily: the first call loads `@libsql/client` (when given a URL), opens the client, switches a local file
 * to WAL (readers never wait for a writer; several processes share it) and migrates. A failed open is not cached:
 * the next call tries again.
 */
export function openLibsql(target: LibsqlTarget): LibsqlHandle {
  const fail = (message: string) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'libsql',
      message: `createLibsqlStore(options): ${message}`,
    });
  if ((target.url === undefined) === (target.client === undefined))
    throw fail('pass exactly one of url and client');
  if (target.url !== undefined && (typeof target.url !== 'string' || target.url === ''))
    throw fail(`url must be a non-empty string, got ${describeValue(target.url)}`);
  if (target.authToken !== undefined && typeof target.authToken !== 'string')
    throw fail(`authToken must be a string, got ${describeValue(target.authToken)}`);
  if (target.client !== undefined)
    checkMethods(target.client, 'createLibsqlStore(options): client', 'libsql', [
      'execute',
      'transaction',
      'close',
    ]);
  checkOptionalInteger(target.busyTimeoutMs, 'createLibsqlStore(options): busyTimeoutMs', 'libsql', 0);
  let client: LibsqlClientLike | undefined;
  let opening: Promise<LibsqlExecutor> | undefined;
  const open = async (): Promise<LibsqlExecutor> => {
    const url = target.url ?? '';
    client =
      target.client ??
      (await connectLibsql(
        { url, timeout: target.busyTimeoutMs, ...(target.authToken ? { authToken: target.authToken } : {}) },
        target.importer,
      ));
    const db = createLibsqlExecutor({
      client,
      busyTimeoutMs: target.busyTimeoutMs,
      oneConnection: inMemory(url),
    });
    if (client.protocol === 'file' && !inMemory(url)) await db.get('PRAGMA journal_mode = WAL');
    await migrateLibsql(db);
    return db;
  };
  const opened = () => {
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  const db: LibsqlExecutor = {
    all: async (sql, args) => (await opened()).all(sql, args),
    get: async (sql, args) => (await opened()).get(sql, args),
    one: async (sql, args) => (await opened()).one(sql, args),
    run: async (sql, args) => (await opened()).run(sql, args),
    write: async (work) => (await opened()).write(work),
  };
  return {
    db,
    ready: async () => {
      await opened();
    },
    async close() {
      await opening?.catch(() => undefined);
      if (target.client === undefined) client?.close();
    },
  };
}

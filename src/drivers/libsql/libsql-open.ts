import { describeValue, MemoryError } from '../../driver.ts';
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
  /** Closes the client when the store opened it, once the open and the calls in flight have settled. */
  close(): Promise<void>;
}

/** Whether a URL names a database that lives only in this client (one connection). */
const inMemory = (url: string) => url === ':memory:' || url.startsWith('file::memory:');

/**
 * Checks the options of `createLibsqlStore` / `createLibsqlDrivers` before anything opens: an object with exactly
 * one of a non-empty `url` and a `client` with `execute`, `transaction` and `close`, a string `authToken`, and
 * integer sizes (at least 1) and timeout (at least 0). `INVALID_ARGUMENT` naming the option.
 */
export function checkLibsqlOptions(options: unknown): void {
  const fail = (message: string) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'libsql',
      message: `createLibsqlStore(options): ${message}`,
    });
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw fail(`options must be an object, got ${describeValue(options)}`);
  const [url, client, authToken] = ['url', 'client', 'authToken'].map((key) => Reflect.get(options, key));
  if ((url === undefined) === (client === undefined)) throw fail('pass exactly one of url and client');
  if (url !== undefined && (typeof url !== 'string' || url === ''))
    throw fail(`url must be a non-empty string, got ${describeValue(url)}`);
  if (authToken !== undefined && typeof authToken !== 'string')
    throw fail(`authToken must be a string, got ${describeValue(authToken)}`);
  if (client !== undefined) {
    const methods = ['execute', 'transaction', 'close'];
    const usable =
      typeof client === 'object' &&
      client !== null &&
      methods.every((m) => typeof Reflect.get(client, m) === 'function');
    if (!usable)
      throw fail(
        `client must be a @libsql/client Client (${methods.join(', ')}), got ${describeValue(client)}`,
      );
  }
  for (const [key, least] of [
    ['busyTimeoutMs', 0],
    ['maxMessageBytes', 1],
    ['maxContentBytes', 1],
  ] as const) {
    const value = Reflect.get(options, key);
    if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= least))
      throw fail(`${key} must be an integer >= ${least}, got ${describeValue(value)}`);
  }
}

/**
 * Opens lazily: the first call loads `@libsql/client` (when given a URL), opens the client, switches a local file
 * to WAL (readers never wait for a writer; several processes share it) and migrates. A failed open is not cached:
 * the next call tries again. The options are checked with {@link checkLibsqlOptions} first.
 */
export function openLibsql(target: LibsqlTarget): LibsqlHandle {
  checkLibsqlOptions(target);
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
  /** Calls in flight: `close` lets them settle before it closes the client. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(call: (db: LibsqlExecutor) => Promise<T>): Promise<T> => {
    const promise = opened().then(call);
    inFlight.add(promise);
    const done = () => inFlight.delete(promise);
    promise.then(done, done);
    return promise;
  };
  const db: LibsqlExecutor = {
    all: (sql, args) => track((d) => d.all(sql, args)),
    get: (sql, args) => track((d) => d.get(sql, args)),
    one: (sql, args) => track((d) => d.one(sql, args)),
    run: (sql, args) => track((d) => d.run(sql, args)),
    write: (work) => track((d) => d.write(work)),
  };
  return {
    db,
    ready: async () => {
      await opened();
    },
    async close() {
      await opening?.catch(() => undefined);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      if (target.client === undefined) client?.close();
    },
  };
}

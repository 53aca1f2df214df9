import type { HasAppendWithArtifacts } from '../../driver.ts';
import {
  type ContentDriverV1,
  checkKnownKeys,
  createContentItems,
  createLogStore,
  createLongTermRecords,
  type HasContentItems,
  type HasLongTermRecords,
  type LogDriverV1,
  type LongTermDriverV1,
  type MemoryStoreV1,
} from '../../driver.ts';
import type { LibsqlClientLike } from './libsql-client.ts';
import { createLibsqlContentDriver } from './libsql-content.ts';
import { createLibsqlLogDriver } from './libsql-log-driver.ts';
import { createLibsqlLongTermDriver } from './libsql-long-term.ts';
import { checkLibsqlOptions, openLibsql } from './libsql-open.ts';

/** Options of {@link createLibsqlStore} and {@link createLibsqlDrivers}: a `url` to open, or an open `client`. */
export interface LibsqlStoreOptions {
  /**
   * The database: `file:engram.db` (a local file, created when missing, no server), `:memory:` (private to this
   * store), or `libsql://…` / `https://…` (sqld, Turso) with `authToken`. @default none: `url` or `client` is required
   */
  url?: string;
  /** The server's token, with a `libsql://` / `https://` URL. @default none */
  authToken?: string;
  /**
   * An open `@libsql/client` client instead of `url` (the caller closes it). For a local file, create it with
   * `timeout` (SQLite's busy timeout), as the store does. @default none
   */
  client?: LibsqlClientLike;
  /**
   * How long a write on a local file waits in all for another process's write lock before it fails with
   * `STORE_ERROR`: SQLite's busy timeout (this process's own writes take turns, so it only waits for others). The
   * wait is synchronous, inside SQLite, so it holds this process's event loop while another process writes (with
   * two processes appending to one file: p99 about 250 ms). It cannot be a timer: libsql-js leaves a statement that
   * failed with SQLITE_BUSY unreset, which makes the pooled connection's next COMMIT fail. @default 30000
   */
  busyTimeoutMs?: number;
  /** Largest serialized message accepted, in bytes (`PAYLOAD_TOO_LARGE` above). @default 16 MiB */
  maxMessageBytes?: number;
  /** Largest content item accepted, in UTF-8 bytes (`PAYLOAD_TOO_LARGE` above). @default 64 MiB */
  maxContentBytes?: number;
}

/** Every key of {@link LibsqlStoreOptions} (the compiler keeps it complete). */
const knownOptions: Record<keyof LibsqlStoreOptions, true> = {
  url: true,
  authToken: true,
  client: true,
  busyTimeoutMs: true,
  maxMessageBytes: true,
  maxContentBytes: true,
};

/**
 * Refuses a key `LibsqlStoreOptions` does not have (a misspelt `authtoken` or `busyTimeout` is `INVALID_ARGUMENT`
 * naming it and `factory`, not ignored in favour of the default) and an option that throws when read (the driver
 * kit's `checkKnownKeys`, as every built-in store's, before anything reads them), then {@link checkLibsqlOptions}.
 */
function checkOptions(options: LibsqlStoreOptions, factory: string): void {
  checkKnownKeys(options, knownOptions, factory, 'libsql');
  checkLibsqlOptions(options);
}

/** The three small drivers of one libSQL database, for the kit's engines (what {@link createLibsqlStore} wires). */
export interface LibsqlDrivers {
  /** The conversation log, for `createLogStore`; its `close` closes the database. */
  readonly log: LogDriverV1;
  /** Content items, for `createContentItems`. */
  readonly content: ContentDriverV1;
  /** Long-term records with native vectors, for `createLongTermRecords`. */
  readonly longTerm: LongTermDriverV1;
  /** Whether the log driver's `close` has run (pass it to the content and long-term engines as `isClosed`). */
  isClosed(): boolean;
  /** Resolves once the database is open and migrated; rejects with why not (a later call tries again). */
  ready(): Promise<void>;
}

/** A libSQL store: the conversation log, content items and long-term records, and `ready()`. */
export interface LibsqlStore
  extends MemoryStoreV1,
    HasContentItems,
    HasLongTermRecords,
    HasAppendWithArtifacts {
  /** Resolves once the database is open and migrated; rejects with why not (a later call tries again). */
  ready(): Promise<void>;
}

/**
 * The three small drivers of a libSQL database (log, content items, long-term records) over one lazily opened
 * client: the worked example of writing a driver against `engram/driver` only.
 * @example
 * const drivers = createLibsqlDrivers({ url: 'file:engram.db' });
 * const store = createLogStore(drivers.log, { contentItems: createContentItems(drivers.content) });
 */
export function createLibsqlDrivers(options: LibsqlStoreOptions): LibsqlDrivers {
  checkOptions(options, 'createLibsqlDrivers');
  const handle = openLibsql({ ...options, busyTimeoutMs: options.busyTimeoutMs ?? 30_000 });
  const memory = options.url === ':memory:' || options.url?.startsWith('file::memory:') === true;
  let closed = false;
  return {
    log: createLibsqlLogDriver(handle.db, {
      maxMessageBytes: options.maxMessageBytes ?? 16 * 1024 * 1024,
      capabilities: { fullTextSearch: true, vectorSearch: true, multiProcess: !memory, durable: !memory },
      close: async () => {
        closed = true;
        await handle.close();
      },
    }),
    content: createLibsqlContentDriver(handle.db),
    longTerm: createLibsqlLongTermDriver(handle.db),
    isClosed: () => closed,
    ready: () => handle.ready(),
  };
}

/**
 * A store on libSQL (`@libsql/client`, an optional peer loaded on first use): its three drivers, each given to
 * its engine from `engram/driver`. A local file needs no server and may be shared by several processes (WAL,
 * `BEGIN IMMEDIATE` writers); `libsql://` and `https://` URLs reach sqld or Turso. Full-text search is FTS5
 * (bm25); long-term vector search is an index query on libSQL's native vector index.
 * @example
 * const store = createLibsqlStore({ url: 'file:engram.db' });
 * await store.createSession({ tenant: 'acme' }, { id: 'chat' });
 */
export function createLibsqlStore(options: LibsqlStoreOptions): LibsqlStore {
  checkOptions(options, 'createLibsqlStore');
  const drivers = createLibsqlDrivers(options);
  const { isClosed } = drivers;
  return createLogStore(drivers.log, {
    contentItems: createContentItems(drivers.content, {
      isClosed,
      ...(options.maxContentBytes === undefined ? {} : { maxContentBytes: options.maxContentBytes }),
    }),
    longTermRecords: createLongTermRecords(drivers.longTerm, { isClosed }),
    ready: drivers.ready,
  });
}

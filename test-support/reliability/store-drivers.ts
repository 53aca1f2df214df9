import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HasContentItems } from '../../src/content/content-store-v1.ts';
import { createJsonFileStore } from '../../src/drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../../src/drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../../src/drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../src/drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import type { HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';

/** Options every reliability driver accepts when opening a store. */
export interface OpenStoreOptions {
  /** Largest serialized message the store accepts. @default the driver's default (16 MiB) */
  maxMessageBytes?: number;
}

/** A store of the reliability drivers (every built-in store has content items and long-term records). */
export type DriverStore = MemoryStoreV1 & HasContentItems & HasLongTermRecords;

/** A store opened for one test run, with what it takes to reopen it and to throw it away. */
export interface OpenedStore {
  /** The store: after {@link OpenedStore.reopen}, the new store object. */
  readonly store: DriverStore;
  /**
   * Closes the store and opens a NEW store object over the same data (the same file, directory or PostgreSQL
   * schema), as an app restart does; returns it (`store` is it from then on). Undefined for `memory`, whose data
   * lives in its store object and cannot be reopened.
   */
  reopen?: () => Promise<DriverStore>;
  /** Closes the store and removes its files / schema. */
  dispose(): Promise<void>;
}

/** A driver the reliability tests run against, or the reason it cannot run here. */
export interface ReliabilityDriver {
  /** `memory`, `sqlite`, `libsql`, `json-file` or `postgres`. */
  name: string;
  /** Whether its stores can be reopened over the same data (`OpenedStore.reopen`): all but `memory`'s. */
  reopens: boolean;
  /** Why the driver cannot run here (no PostgreSQL server); undefined when it runs. */
  missing?: string;
  /** Opens a fresh, empty store (its own temp directory, file or schema). */
  open(options?: OpenStoreOptions): Promise<OpenedStore>;
}

/** Options of {@link reliabilityDrivers}. */
export interface ReliabilityDriversOptions {
  /** The PostgreSQL server (a database URL); without it the postgres driver is reported missing. */
  postgresUrl?: string;
  /**
   * For tests of logic rather than durability: files on a tmpfs when there is one, SQLite durability
   * `'process'`, PostgreSQL `synchronous_commit=off`. @default false
   */
  fast?: boolean;
}

/** A test's title on a driver; when the driver is missing, with the reason it is skipped. */
export function titleOn(driver: ReliabilityDriver, title: string): string {
  return driver.missing === undefined ? title : `${title} — skipped: ${driver.missing}`;
}

/** Absolute path of a repository source file, given relative to `src/`. */
export function sourcePath(relative: string): string {
  return fileURLToPath(new URL(`../../src/${relative}`, import.meta.url));
}

/** Linux's shared-memory tmpfs, where fsync costs nothing; undefined when absent or not writable. */
function memoryDisk(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}

/**
 * A temporary directory, removed by the returned function: under the OS temp dir, or with `ramDisk` on a
 * tmpfs when there is one (for tests of logic, where per-write fsyncs only cost time).
 */
export async function tempDir(
  label: string,
  ramDisk = false,
): Promise<{ path: string; remove(): Promise<void> }> {
  const base = (ramDisk && memoryDisk()) || tmpdir();
  const path = await mkdtemp(join(base, `engram-${label}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

async function closeQuietly(store: MemoryStoreV1): Promise<void> {
  try {
    await store.close();
  } catch {
    // already closed by the test
  }
}

const limit = (o: OpenStoreOptions) =>
  o.maxMessageBytes === undefined ? {} : { maxMessageBytes: o.maxMessageBytes };

/** A store whose data outlives its store objects: `make` opens a new one over the same data, `remove` drops it. */
function reopenable(make: () => DriverStore, remove: () => Promise<void>): OpenedStore {
  let store = make();
  return {
    get store() {
      return store;
    },
    reopen: async () => {
      await store.close();
      store = make();
      return store;
    },
    dispose: async () => {
      await closeQuietly(store);
      await remove();
    },
  };
}

/** A driver whose store lives in a fresh temp directory (reopened by a new store object on the same directory). */
function inTempDir(
  name: string,
  ramDisk: boolean,
  make: (dir: string, o: OpenStoreOptions) => DriverStore,
): ReliabilityDriver {
  return {
    name,
    reopens: true,
    open: async (o = {}) => {
      const dir = await tempDir(name, ramDisk);
      try {
        return reopenable(() => make(dir.path, o), dir.remove);
      } catch (error) {
        await dir.remove();
        throw error;
      }
    },
  };
}

/**
 * Every driver, each opening fresh stores: memory, sqlite (a file in a temp dir), libsql (a `file:` URL in a temp
 * dir), json-file (a temp dir) and postgres (a new schema per store on `postgresUrl`; reported missing, with the
 * reason, without a URL). Every store but memory's can be reopened over the same data (`OpenedStore.reopen`).
 */
export function reliabilityDrivers(options: ReliabilityDriversOptions = {}): ReliabilityDriver[] {
  const fast = options.fast ?? false;
  const drivers: ReliabilityDriver[] = [
    {
      name: 'memory',
      reopens: false,
      open: async (o = {}) => {
        const store = createMemoryStore(limit(o));
        return { store, dispose: () => closeQuietly(store) };
      },
    },
    inTempDir('sqlite', fast, (dir, o) =>
      createSqliteStore({
        path: join(dir, 'store.db'),
        ...(fast ? { durability: 'process' } : {}),
        ...limit(o),
      }),
    ),
    inTempDir('libsql', fast, (dir, o) =>
      createLibsqlStore({ url: `file:${join(dir, 'store.db')}`, ...limit(o) }),
    ),
    inTempDir('json-file', fast, (dir, o) => createJsonFileStore({ directory: dir, ...limit(o) })),
  ];
  let url = options.postgresUrl;
  if (url && fast) {
    // Tests that check logic, not durability, skip the commit fsync (a connection-level setting).
    const u = new URL(url);
    u.searchParams.set('options', '-c synchronous_commit=off');
    url = u.href;
  }
  if (!url) {
    drivers.push({
      name: 'postgres',
      reopens: true,
      missing: 'no PostgreSQL test server URL (vitest inject("pgUrl") or ENGRAM_PG_URL)',
      open: () => Promise.reject(new Error('postgres: no test server URL')),
    });
    return drivers;
  }
  let n = 0;
  const pgUrl = url;
  drivers.push({
    name: 'postgres',
    reopens: true,
    open: async (o = {}) => {
      const schema = `engram_rel_${process.pid}_${Date.now().toString(36)}_${n++}`;
      return reopenable(
        () => createPostgresStore({ connectionString: pgUrl, schema, maxConnections: 2, ...limit(o) }),
        () => dropSchema(pgUrl, schema),
      );
    },
  });
  return drivers;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

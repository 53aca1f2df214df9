import { basename, dirname } from 'node:path';
import { MemoryError } from '../core/errors/memory-error.ts';
import { importPeer } from '../core/peer-module.ts';
import type { PgPoolLike } from '../drivers/postgres/index.ts';
import { quoteSchema } from '../drivers/postgres/postgres-dialect.ts';
import { nodeSqlite } from '../drivers/sqlite/node-sqlite.ts';
import { createSqliteLockWait } from '../drivers/sqlite/sqlite-busy.ts';

/** The table every migrated engram database has (the migrations' own record). */
const marker = 'engram_migrations';

/** SQLite's `SQLITE_READONLY_DIRECTORY`: it may not create a file (a WAL database's `-shm` / `-wal`) in the folder. */
const readOnlyDirectory = 1544;

/** Whether `error` (or one of its causes) is SQLite's {@link readOnlyDirectory}. */
function isReadOnlyDirectory(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++)
    if ((e as { errcode?: unknown }).errcode === readOnlyDirectory) return true;
  return false;
}

/**
 * The `STORE_ERROR` of a WAL-mode database whose folder this user cannot write, when its `-shm` file is missing (no
 * process has it open): SQLite reads a WAL database only with its `-shm` and `-wal` files, which must exist or be
 * creatable beside it. Opening it `immutable` would read it, but wrongly if another process writes meanwhile, so
 * the error says what to do instead. Undefined for any other error.
 */
export function readOnlyFolderError(path: string, error: unknown): MemoryError | undefined {
  if (!isReadOnlyDirectory(error)) return undefined;
  const folder = dirname(path);
  return new MemoryError({
    code: 'STORE_ERROR',
    component: 'cli',
    message: `cannot read ${path}: it is a WAL-mode SQLite database and this user cannot create its ${basename(path)}-shm and -wal files in ${folder}, which SQLite needs to read it safely while another process may write (they exist only while a process has it open). Give this user write access to the folder ${folder}, or read a copy: copy ${path} (and ${basename(path)}-wal, if there is one) to a folder you can write and pass the copy to --db.`,
    cause: error,
  });
}

/** Options of {@link sqliteHasSchema}. */
export interface SqliteProbeOptions {
  /** How long the probe waits in all for another process's lock, in ms. @default 30000 (the store's wait) */
  busyTimeoutMs?: number;
}

/**
 * Whether the SQLite file holds engram's tables, read on a read-only handle (so a read-only command never creates
 * or changes the file). A lock another process holds (a rollback-journal writer keeps readers out) is waited for
 * as the store waits for it, then a `STORE_ERROR` saying the database is busy. A file that is not a SQLite database
 * is a `STORE_ERROR`, and so is a WAL database this user cannot read because it cannot create its `-shm` file (see
 * {@link readOnlyFolderError}).
 */
export async function sqliteHasSchema(path: string, options: SqliteProbeOptions = {}): Promise<boolean> {
  // The store's loader: on a Node without node:sqlite, MISSING_DEPENDENCY naming the Node needed.
  const { DatabaseSync } = nodeSqlite();
  let db: InstanceType<typeof DatabaseSync> | undefined;
  try {
    const opened = new DatabaseSync(path, { readOnly: true, timeout: 0 });
    db = opened;
    return await createSqliteLockWait(options).untilFree(
      () =>
        opened.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(marker) !==
        undefined,
    );
  } catch (error) {
    if (MemoryError.isInstance(error)) throw error;
    throw (
      readOnlyFolderError(path, error) ??
      new MemoryError({
        code: 'STORE_ERROR',
        component: 'cli',
        message: `cannot read ${path} as a SQLite database: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      })
    );
  } finally {
    db?.close();
  }
}

/** A `pg` pool of `max` connections (`pg` loaded now), ended by `end()`. */
export async function createPgPool(
  connectionString: string,
  max: number,
): Promise<PgPoolLike & { end(): Promise<void> }> {
  const need = { component: 'cli', needs: '--pg needs the `pg` package', packages: ['pg'] };
  const pg = ((await importPeer('pg', need)) as { default: typeof import('pg') }).default;
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined); // an idle connection that dies must not crash the command
  return pool;
}

/** Whether the PostgreSQL schema holds engram's tables, asked of the catalog (nothing is created). */
export async function postgresHasSchema(pool: PgPoolLike, schema: string): Promise<boolean> {
  try {
    const result = await pool.query('SELECT to_regclass($1) IS NOT NULL AS present', [
      `${quoteSchema(schema)}.${marker}`,
    ]);
    return result.rows[0]?.present === true;
  } catch (error) {
    if (MemoryError.isInstance(error)) throw error;
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'cli',
      message: `cannot read the PostgreSQL database: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

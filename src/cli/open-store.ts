import { dirname, join } from 'node:path';
import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { quoteSchema } from '../drivers/postgres/postgres-dialect.ts';
import { type SqlStore, whenReady } from '../drivers/sql/sql-store.ts';
import { createPgPool, postgresHasSchema, readOnlyFolderError, sqliteHasSchema } from './store-probe.ts';

/** The options every command takes: where the store is and whose data to read. */
export interface StoreFlags {
  db?: string;
  pg?: string;
  schema?: string;
  tenant: string;
  user?: string;
  agent?: string;
}

/** A usage error: the command line itself is wrong (exit code 2). */
export class UsageError extends Error {}

/** The scope the flags name; a usage error naming the flag (`--tenant must be …`) when a store would refuse it. */
export function scopeOf(flags: StoreFlags): Scope {
  const scope = {
    tenant: flags.tenant,
    ...(flags.user === undefined ? {} : { user: flags.user }),
    ...(flags.agent === undefined ? {} : { agent: flags.agent }),
  };
  try {
    return checkScope(scope, 'cli');
  } catch (error) {
    throw new UsageError(errorReason(error).replace(/^scope\.(tenant|user|agent)\b/, '--$1'));
  }
}

/** A store the CLI opens: the shared SQL store (SQLite or PostgreSQL), with its inventory. */
export type OpenedStore = SqlStore;

/**
 * How a command opens its store: `read` never creates a file or a schema (a missing database is a
 * `STORE_ERROR` that says so) and never writes: a SQLite file opens read-only, its journal mode and schema as
 * they are (an older schema is not migrated: `MIGRATION_ERROR`); `change` needs the data to exist, like `read`,
 * and writes to it (`sessions delete`); `write` creates and migrates them when missing (`import`, `ingest`).
 */
export type OpenMode = 'read' | 'change' | 'write';

const nothingToRead = (where: string) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'cli',
    message: `no engram data ${where}: nothing to read (\`engram import\` or \`engram ingest\` creates it)`,
  });

/**
 * A store or migration error of opening SQLite file `db` for writing (`import`, `ingest`) that names the file
 * (`open failed: file is not a database` and `schema migration failed: database disk image is malformed` do not),
 * with its code; other errors, and those that already name it, as they are.
 */
function cannotOpen(db: string, error: unknown): unknown {
  if (!MemoryError.hasCode(error, 'STORE_ERROR') && !MemoryError.hasCode(error, 'MIGRATION_ERROR'))
    return error;
  const text = errorReason(error);
  if (text.includes(db)) return error;
  return new MemoryError({
    code: error.code,
    component: 'cli',
    message: `cannot open ${db} as an engram SQLite database: ${text.replace(/^open failed: (Error: )?/, '')} (nothing was written to it)`,
    cause: error,
  });
}

/**
 * Opens the store `--db` (SQLite file) or `--pg` (PostgreSQL URL) names; its driver is loaded only then. In `read`
 * mode a missing SQLite file, a file without engram's tables, or a PostgreSQL schema without them is refused
 * before the store opens, so nothing is created or migrated; a WAL-mode file in a folder this user cannot write,
 * with no `-shm` beside it, is a `STORE_ERROR` that says why and what to do (see `readOnlyFolderError`). `--db`
 * must name a file: a folder, `""` and `:memory:` (a database an import would leave when the command ends) are usage
 * errors; `--pg` must be a `postgres://` or `postgresql://` URL (or a `socket:` URL or socket folder).
 */
export async function openStore(flags: StoreFlags, mode: OpenMode): Promise<OpenedStore> {
  if ((flags.db === undefined) === (flags.pg === undefined))
    throw new UsageError('give exactly one of --db <sqlite file> or --pg <postgres url>');
  if (flags.db === '' || flags.db === ':memory:')
    throw new UsageError(
      `--db ${flags.db || '""'} names no file (${flags.db ? 'an in-memory database is gone when the command ends' : 'an empty path'}): give a SQLite file`,
    );
  if (flags.pg === '') throw new UsageError('--pg "" names no database: give a PostgreSQL connection string');
  // `pg` reads anything else relative to postgres://base: `--pg memory.db` would try to reach a host "base".
  if (flags.pg !== undefined && !/^(postgres(ql)?:\/\/|socket:|\/)/i.test(flags.pg))
    throw new UsageError(
      `--pg ${flags.pg} is not a PostgreSQL connection URL: give postgres://user@host:port/database (a SQLite file is --db)`,
    );
  // `--schema` names a PostgreSQL schema: with a SQLite file it would be dropped without a word.
  if (flags.db !== undefined && flags.schema !== undefined)
    throw new UsageError('--schema names a PostgreSQL schema (with --pg); a SQLite file (--db) has none');
  if (flags.db !== undefined) {
    const { existsSync, statSync } = await import('node:fs');
    // SQLite says only "unable to open database file" (or "disk I/O error") of a folder.
    if (statSync(flags.db, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(
        `--db ${flags.db} is a folder: give a SQLite database file (e.g. --db ${join(flags.db, 'memory.db')})`,
      );
    // SQLite says only "unable to open database file" of a file whose folder is missing.
    if (mode === 'write' && !existsSync(flags.db) && !statSync(dirname(flags.db), { throwIfNoEntry: false }))
      throw new MemoryError({
        code: 'STORE_ERROR',
        component: 'cli',
        message: `cannot create ${flags.db}: its folder ${dirname(flags.db)} does not exist (engram creates the database file, not its folder)`,
      });
    if (mode !== 'write') {
      if (!existsSync(flags.db)) throw nothingToRead(`at ${flags.db}: the file does not exist`);
      if (!(await sqliteHasSchema(flags.db))) throw nothingToRead(`in ${flags.db}: it has no engram tables`);
    }
    const { createSqliteStore } = await import('../drivers/sqlite/sqlite-driver.ts');
    const store = createSqliteStore({ path: flags.db, readOnly: mode === 'read' });
    const db = flags.db;
    // Opened now, so a WAL file whose -shm went between the probe and here gets the same clear error, and a file
    // `import` / `ingest` cannot open (not a database, corrupt) is named, not "getSession failed: …".
    return await whenReady(store).catch((error: unknown) => {
      throw readOnlyFolderError(db, error) ?? (mode === 'write' ? cannotOpen(db, error) : error);
    });
  }
  const schema = flags.schema ?? 'engram';
  try {
    quoteSchema(schema);
  } catch (error) {
    throw new UsageError(`--schema: ${errorReason(error)}`);
  }
  const pool = await createPgPool(flags.pg as string, 2);
  try {
    if (mode !== 'write' && !(await postgresHasSchema(pool, schema)))
      throw nothingToRead(`in the PostgreSQL schema "${schema}": it has no engram tables`);
    const { createPostgresStore } = await import('../drivers/postgres/postgres-driver.ts');
    // Read-only: a schema an older engram wrote is refused, not migrated under the applications that use it.
    const store = createPostgresStore({ pool, schema, readOnly: mode === 'read' });
    if (mode === 'read') await whenReady(store);
    const close = store.close.bind(store);
    return Object.assign(store, {
      close: async () => {
        try {
          await close();
        } finally {
          await pool.end();
        }
      },
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
}

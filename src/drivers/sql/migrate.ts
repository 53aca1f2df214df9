import { MemoryError } from '../../core/errors/memory-error.ts';
import { sqlMigrations } from './schema.ts';
import type { SqlClient } from './sql-client.ts';
import { compileSql, sql } from './sql-fragment.ts';
import { migrationsTableDdl, type SqlMigration } from './sql-migration.ts';

/** Options of {@link runMigrations}. */
export interface RunMigrationsOptions {
  /** The error prefix component. @default 'sql' */
  component?: string;
  /** The migrations to apply. @default sqlMigrations */
  migrations?: readonly SqlMigration[];
}

/**
 * Whether every migration is already recorded, read without a transaction: an up-to-date database opens
 * without the write lock (and on a read-only handle). A missing migrations table, or any other error, says no
 * (the write path then decides).
 */
async function upToDate(client: SqlClient, migrations: readonly SqlMigration[]): Promise<boolean> {
  const applied = await appliedVersions(client);
  return applied !== undefined && isUpToDate(applied, migrations);
}

/** The versions recorded in `engram_migrations`, read without a transaction; undefined when it cannot be read. */
async function appliedVersions(client: SqlClient): Promise<Set<number> | undefined> {
  try {
    const rows = await client.all('SELECT version FROM engram_migrations', []);
    return new Set(rows.map((r) => Number(r.version)));
  } catch {
    return undefined;
  }
}

const isUpToDate = (applied: ReadonlySet<number>, migrations: readonly SqlMigration[]) =>
  migrations.every((m) => applied.has(m.version)) && applied.size === migrations.length;

/** The error of a database whose schema is newer than `latest`, the newest version this code knows. */
const newerSchema = (component: string, newest: number, latest: number) =>
  new MemoryError({
    code: 'MIGRATION_ERROR',
    component,
    message: `the database schema is version ${newest}, newer than this engram supports (${latest}); upgrade engram`,
  });

/**
 * Checks, without writing, that the schema is the one this code writes, for a store that must not change the
 * database (a read-only store): `MIGRATION_ERROR` when it is newer (upgrade engram) or older or missing (it would
 * need migrating, which only a writer does: open it once for writing).
 */
export async function checkMigrations(client: SqlClient, options: RunMigrationsOptions = {}): Promise<void> {
  const component = options.component ?? 'sql';
  const migrations = options.migrations ?? sqlMigrations;
  const latest = migrations.at(-1)?.version ?? 0;
  const applied = await appliedVersions(client);
  if (applied !== undefined && isUpToDate(applied, migrations)) return;
  const newest = Math.max(0, ...(applied ?? []));
  if (newest > latest) throw newerSchema(component, newest, latest);
  throw new MemoryError({
    code: 'MIGRATION_ERROR',
    component,
    message:
      applied === undefined || applied.size === 0
        ? 'the database has no engram schema, and a read-only store does not create it'
        : `the database schema is version ${newest}, older than this engram's (${latest}), and a read-only store does not migrate it: open it once for writing to upgrade it`,
  });
}

/**
 * Brings the schema up to date in one write transaction (serialized across processes by `BEGIN IMMEDIATE`
 * or the dialect's lock), applying each missing version once and recording it in `engram_migrations`.
 * Safe to run any number of times, from several processes at once. Returns the versions it applied.
 * Throws `MIGRATION_ERROR` when a step fails (nothing is applied) or the database is newer than this code.
 */
export async function runMigrations(
  client: SqlClient,
  options: RunMigrationsOptions = {},
): Promise<number[]> {
  const component = options.component ?? 'sql';
  const migrations = options.migrations ?? sqlMigrations;
  const d = client.dialect;
  const latest = migrations.at(-1)?.version ?? 0;
  if (await upToDate(client, migrations)) return [];
  try {
    return await client.transaction(async (tx) => {
      for (const lock of d.migrationLock) await tx.run(lock, []);
      await tx.exec(migrationsTableDdl(d));
      const rows = await tx.all('SELECT version FROM engram_migrations', []);
      const applied = new Set(rows.map((r) => Number(r.version)));
      const newest = Math.max(0, ...applied);
      if (newest > latest) throw newerSchema(component, newest, latest);
      const done: number[] = [];
      for (const m of migrations) {
        if (applied.has(m.version)) continue;
        for (const statement of m.statements(d)) await tx.exec(statement);
        const q = compileSql(
          sql`INSERT INTO engram_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${Date.now()})`,
          d.placeholder,
        );
        await tx.run(q.text, q.params);
        done.push(m.version);
      }
      return done;
    });
  } catch (error) {
    if (MemoryError.hasCode(error, 'MIGRATION_ERROR') || MemoryError.hasCode(error, 'STORE_CLOSED'))
      throw error;
    throw new MemoryError({
      code: 'MIGRATION_ERROR',
      component,
      message: `schema migration failed: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

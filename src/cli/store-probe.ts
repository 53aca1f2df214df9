import { MemoryError } from '../core/errors/memory-error.ts';
import type { PgPoolLike } from '../drivers/postgres/index.ts';
import { quoteSchema } from '../drivers/postgres/postgres-dialect.ts';

/** The table every migrated engram database has (the migrations' own record). */
const marker = 'engram_migrations';

/**
 * Whether the SQLite file holds engram's tables, read on a read-only handle (so a read-only command never creates
 * or changes the file). A file that is not a SQLite database is a `STORE_ERROR`.
 */
export async function sqliteHasSchema(path: string): Promise<boolean> {
  const { DatabaseSync } = await import('node:sqlite');
  let db: InstanceType<typeof DatabaseSync> | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    return (
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(marker) !== undefined
    );
  } catch (error) {
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'cli',
      message: `cannot read ${path} as a SQLite database: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  } finally {
    db?.close();
  }
}

/** A `pg` pool of `max` connections (`pg` loaded now), ended by `end()`. */
export async function createPgPool(
  connectionString: string,
  max: number,
): Promise<PgPoolLike & { end(): Promise<void> }> {
  let pg: typeof import('pg');
  try {
    pg = (await import('pg')).default as typeof import('pg');
  } catch (error) {
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'cli',
      message: '--pg needs the `pg` package: run `npm install pg`',
      cause: error,
    });
  }
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

import type { HasContentItems } from '../content/content-store-v1.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

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

/** The scope the flags name. */
export function scopeOf(flags: StoreFlags): Scope {
  return checkScope(
    {
      tenant: flags.tenant,
      ...(flags.user === undefined ? {} : { user: flags.user }),
      ...(flags.agent === undefined ? {} : { agent: flags.agent }),
    },
    'cli',
  );
}

/** A store the CLI opens: a conversation log with content items and long-term records (SQLite or PostgreSQL). */
export type OpenedStore = MemoryStoreV1 & HasContentItems & HasLongTermRecords & { close(): unknown };

/** Opens the store `--db` (SQLite file) or `--pg` (PostgreSQL URL) names; its driver is loaded only then. */
export async function openStore(flags: StoreFlags): Promise<OpenedStore> {
  if ((flags.db === undefined) === (flags.pg === undefined))
    throw new UsageError('give exactly one of --db <sqlite file> or --pg <postgres url>');
  if (flags.db !== undefined) {
    const { existsSync } = await import('node:fs');
    if (!existsSync(flags.db))
      throw new MemoryError({ code: 'STORE_ERROR', component: 'cli', message: `no database at ${flags.db}` });
    const { createSqliteStore } = await import('../drivers/sqlite/sqlite-driver.ts');
    return createSqliteStore({ path: flags.db });
  }
  const { createPostgresStore } = await import('../drivers/postgres/postgres-driver.ts');
  return createPostgresStore({
    connectionString: flags.pg as string,
    ...(flags.schema ? { schema: flags.schema } : {}),
    maxConnections: 2,
  });
}

import { MemoryError } from '../../core/errors/memory-error.ts';
import type { SqlDialect } from './sql-client.ts';

/** Whether an error is a unique-key violation (the dialect's `isUniqueViolation`), or caused by one. */
function isUniqueViolation(dialect: SqlDialect, error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (dialect.isUniqueViolation(e)) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/**
 * Runs `fn` again (at most 20 times in all) when it fails on a unique key a concurrent writer took first; then
 * `CONFLICT`. (A retry can lose again when the row it waited for is expired by yet another writer's update.)
 */
export async function retryOnUniqueViolation<T>(
  dialect: SqlDialect,
  component: string,
  fn: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isUniqueViolation(dialect, error)) throw error;
      if (attempt >= 20)
        throw new MemoryError({
          code: 'CONFLICT',
          component,
          message: 'records kept being written concurrently; read them again and retry',
          cause: error,
        });
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

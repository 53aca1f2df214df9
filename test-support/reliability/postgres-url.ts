import { inject } from 'vitest';
import '../postgres/test-database.ts';

/**
 * The PostgreSQL URL for the reliability tests: `ENGRAM_PG_URL` when set, else this run's database from the
 * vitest global setup (`inject('pgUrl')`); undefined when neither exists (the postgres runs are then skipped
 * by name, with the reason).
 */
export function testPostgresUrl(): string | undefined {
  return process.env.ENGRAM_PG_URL || inject('pgUrl') || undefined;
}

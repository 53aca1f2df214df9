import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** A loopback port nobody listens on: one the system handed out and was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

afterEach(() => {
  vi.doUnmock('pg');
  vi.resetModules();
});

// Before, both were a MIGRATION_ERROR: "schema migration failed: connect ECONNREFUSED …" for a writable store and,
// for a read-only one, "the database has no engram schema" — about a server that was never reached.
describe('createPostgresStore: a database it cannot reach is not reported as a schema problem', () => {
  for (const readOnly of [false, true]) {
    it(`no server at the address (readOnly: ${readOnly}): STORE_ERROR naming the refusal`, async () => {
      const { createPostgresStore } = await import('./postgres-driver.ts');
      const port = await closedPort();
      const store = createPostgresStore({
        connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
        readOnly,
        retries: 0,
      });
      const error = await failure(store.listSessions({ tenant: 'acme' }));
      expect(MemoryError.hasCode(error, 'STORE_ERROR'), String(error)).toBe(true);
      expect(String(error)).toContain('[engram] [postgres] cannot query the PostgreSQL database');
      expect(String(error)).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
      expect(String(error)).toContain('check the connection string');
      await store.close();
    });

    it(`without the pg package (readOnly: ${readOnly}): MISSING_DEPENDENCY with the install line`, async () => {
      vi.doMock('pg', () => {
        throw new Error("Cannot find package 'pg'");
      });
      const { createPostgresStore } = await import('./postgres-driver.ts');
      const store = createPostgresStore({
        connectionString: 'postgres://postgres@127.0.0.1:1/postgres',
        readOnly,
      });
      const error = await failure(store.listSessions({ tenant: 'acme' }));
      expect(MemoryError.hasCode(error, 'MISSING_DEPENDENCY'), String(error)).toBe(true);
      expect(String(error)).toContain('run `npm install pg`');
      await store.close();
    });
  }
});

/** The private PostgreSQL server and per-test databases of engram's own tests. */
export { type PgServerOptions, pgServerScript, startPgServer, stopPgServer } from './pg-server.ts';
export { createTestDatabase, createTestSchema, pgTestUrl, type TestDatabase } from './test-database.ts';

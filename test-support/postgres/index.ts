/** The private PostgreSQL server and per-test databases of engram's own tests. */
export { type PgServerOptions, pgServerScript, startPgServer, stopPgServer } from './pg-server.ts';
export {
  createTestDatabase,
  createTestSchema,
  migrationVersions,
  pgTestUrl,
  runStatement,
  type TestDatabase,
} from './test-database.ts';

import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { describeLongTermStore } from '../../testing/longterm/index.ts';
import { createPostgresStore } from './postgres-driver.ts';

// The real server (scripts/pg-server.sh via the vitest global setup), one schema for the suite; reopen is a new pool.
let schema: TestDatabase | undefined;
const onServer = async () => {
  schema ??= await createTestSchema('engram_longterm');
  return createPostgresStore({ connectionString: schema.url, schema: schema.name, maxConnections: 4 });
};

describeLongTermStore('postgres (server)', {
  open: onServer,
  reopen: async (previous) => {
    await previous.close?.();
    return onServer();
  },
  cleanup: async () => schema?.drop(),
});

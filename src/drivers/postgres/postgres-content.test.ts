import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { describeContentStore } from '../../testing/content/index.ts';
import { createPostgresStore } from './postgres-driver.ts';

// The real server (scripts/pg-server.sh via the vitest global setup), one schema for the suite; reopen is a new pool.
let schema: TestDatabase | undefined;
const onServer = async () => {
  schema ??= await createTestSchema('engram_content');
  return createPostgresStore({ connectionString: schema.url, schema: schema.name, maxConnections: 4 });
};

describeContentStore('postgres (server)', {
  open: onServer,
  reopen: async (previous) => {
    await previous.close?.();
    return onServer();
  },
  cleanup: async () => schema?.drop(),
});

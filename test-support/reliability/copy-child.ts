/**
 * Child script of the `sessions.copy` crash test: opens a SQLite file or a json-file directory, prints `started`,
 * copies session `src` to `dst` through `createSessions(...).copy`, and prints `done`. The parent SIGKILLs it at
 * a random moment of the copy.
 */

import { createJsonFileStore } from '../../src/drivers/json-file/json-file-driver.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createSessions } from '../../src/session/sessions.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]: the store to copy in. */
export interface CopyChildConfig {
  db?: string;
  jsonFile?: string;
}

const config = childConfig<CopyChildConfig>();
const store = config.db
  ? createSqliteStore({ path: config.db })
  : createJsonFileStore({ directory: config.jsonFile! });
emit('started');
await createSessions({ store }).copy('src', { id: 'dst' });
emit('done');
await store.close();

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeMemoryStore } from '../../testing/describe-memory-store.ts';
import { createSqliteStore } from './sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-'));
const file = join(dir, 'conformance.db');

describeMemoryStore('sqlite (file)', {
  open: async () => createSqliteStore({ path: file }),
  reopen: async (previous) => {
    await previous.close();
    return createSqliteStore({ path: file });
  },
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
});

describeMemoryStore('sqlite (:memory:)', { open: async () => createSqliteStore({ path: ':memory:' }) });

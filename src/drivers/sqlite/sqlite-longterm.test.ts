import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLongTermStore } from '../../testing/longterm/index.ts';
import { createSqliteStore } from './sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-longterm-'));
const file = join(dir, 'longterm.db');

describeLongTermStore('sqlite (file)', {
  open: async () => createSqliteStore({ path: file }),
  reopen: async (previous) => {
    await previous.close?.();
    return createSqliteStore({ path: file });
  },
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
});

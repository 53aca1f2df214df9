/** Test-only: SQLite stores in temporary folders, removed after each test of the file that asks for them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createSqliteStore } from '../src/drivers/sqlite/sqlite-driver.ts';

/**
 * A factory of SQLite stores, each on a new file in its own temporary folder named after `prefix`; every folder
 * is removed after each test (call it at a test file's top level, where `afterEach` registers).
 */
export function tempSqliteStores(prefix: string): () => ReturnType<typeof createSqliteStore> {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `engram-${prefix}-`));
    dirs.push(dir);
    return createSqliteStore({ path: join(dir, `${prefix}.db`) });
  };
}

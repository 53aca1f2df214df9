/** Test-only: SQLite stores in temporary folders, removed after each test of the file that asks for them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createSqliteStore } from '../src/drivers/sqlite/sqlite-driver.ts';

/**
 * A factory of SQLite file paths, each in its own temporary folder named after `prefix`; every folder is removed
 * after each test (call it at a test file's top level, where `afterEach` registers). For tests that open several
 * handles (connections) on one file.
 */
export function tempSqlitePaths(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `engram-${prefix}-`));
    dirs.push(dir);
    return join(dir, `${prefix}.db`);
  };
}

/**
 * A factory of SQLite stores, each on a new file in its own temporary folder named after `prefix`; every folder
 * is removed after each test (call it at a test file's top level, where `afterEach` registers).
 */
export function tempSqliteStores(prefix: string): () => ReturnType<typeof createSqliteStore> {
  const path = tempSqlitePaths(prefix);
  return () => createSqliteStore({ path: path() });
}

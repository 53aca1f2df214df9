import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { sqliteHasSchema } from './store-probe.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-store-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A rollback-journal database with engram's marker table, and another connection holding `BEGIN EXCLUSIVE` on it. */
function lockedFile(name: string): { path: string; holder: DatabaseSync } {
  const path = join(dir, name);
  const setup = new DatabaseSync(path);
  setup.exec('PRAGMA journal_mode = DELETE; CREATE TABLE engram_migrations (version INTEGER)');
  setup.close();
  const holder = new DatabaseSync(path);
  holder.exec('BEGIN EXCLUSIVE');
  return { path, holder };
}

describe('sqliteHasSchema: a lock another connection holds', () => {
  it('is waited for, and the file read once it is released', async () => {
    const { path, holder } = lockedFile('released.db');
    const started = performance.now();
    setTimeout(() => holder.exec('COMMIT'), 300);
    await expect(sqliteHasSchema(path, { busyTimeoutMs: 10_000 })).resolves.toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    holder.close();
  });

  it('held past the busy timeout: a STORE_ERROR saying the database is busy, after the timeout', async () => {
    const { path, holder } = lockedFile('held.db');
    const started = performance.now();
    const error = await sqliteHasSchema(path, { busyTimeoutMs: 200 }).catch((e: unknown) => e);
    const waited = performance.now() - started;
    holder.exec('COMMIT');
    holder.close();
    expect(MemoryError.isInstance(error) && error.code).toBe('STORE_ERROR');
    expect((error as Error).message).toMatch(/database is busy: another connection held the lock for \d+ ms/);
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(5_000);
  });
});

describe('sqliteHasSchema on a Node without node:sqlite (the CLI run by Node 20)', () => {
  it('rejects with MISSING_DEPENDENCY naming the Node needed, not "No such built-in module"', async () => {
    const path = join(dir, 'any.db');
    new DatabaseSync(path).close();
    vi.resetModules();
    const spy = vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    try {
      const probe = await import('./store-probe.ts');
      await expect(probe.sqliteHasSchema(path)).rejects.toMatchObject({
        code: 'MISSING_DEPENDENCY',
        message: expect.stringMatching(
          /needs Node's built-in node:sqlite \(Node 22\.16 or later\); this is Node /,
        ),
      });
    } finally {
      spy.mockRestore();
      vi.resetModules();
    }
  });
});

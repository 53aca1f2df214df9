import { afterEach, describe, expect, it, vi } from 'vitest';

describe('nodeSqlite', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('on a Node without node:sqlite, opening a store is MISSING_DEPENDENCY naming the Node needed, not a TypeError', async () => {
    vi.resetModules();
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    const { createSqliteStore } = await import('./sqlite-driver.ts');
    expect(() => createSqliteStore({ path: ':memory:' })).toThrow(
      expect.objectContaining({
        code: 'MISSING_DEPENDENCY',
        message: expect.stringMatching(
          /needs Node's built-in node:sqlite \(Node 22\.16 or later\); this is Node /,
        ),
      }),
    );
  });
});

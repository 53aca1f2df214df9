import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';

const bin = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'engram-inspect-token-env-'));
const db = join(dir, 't.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  await store.createSession({ tenant: 'default' }, { id: 's' });
  store.close();
});

/** `engram inspect` with ENGRAM_INSPECTOR_TOKEN set (and a weak token it refuses before listening). */
const inspect = (envToken: string, ...flags: string[]) => {
  const r = spawnSync(
    process.execPath,
    ['--no-warnings', bin, '--db', db, 'inspect', '--port', '0', ...flags],
    {
      encoding: 'utf8',
      timeout: 15_000,
      env: { ...process.env, ENGRAM_INSPECTOR_TOKEN: envToken },
    },
  );
  return { code: r.status, err: r.stderr };
};

describe('engram inspect: a weak token is refused naming where it came from', () => {
  it('from ENGRAM_INSPECTOR_TOKEN: the message names the variable, not a --token that was not given', () => {
    const r = inspect('short');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^engram: ENGRAM_INSPECTOR_TOKEN: the inspector token must have at least 20 characters/,
    );
  });

  it('from --token (which wins over the variable): the message names --token', () => {
    const r = inspect('c0ffee-7d41a9e2b85f3c06-test', '--token', 'short');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^engram: --token: the inspector token/);
  });
});

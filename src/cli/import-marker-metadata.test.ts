import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createSessions } from '../session/sessions.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-import-marker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The import marker is engram's own: an app cannot create a session with it (sessions.create refuses the key), so
// `engram import` never reads an app's session as an import cut short and replaces it.
it('an app cannot mark its session as an import cut short: sessions.create refuses the key, import refuses the id', async () => {
  const db = join(dir, 'app.db');
  const store = createSqliteStore({ path: db });
  const sessions = createSessions({ store });
  for (const key of ['engram:import', 'engram:import-run'])
    await expect(sessions.create({ id: 'victim', metadata: { [key]: 'incomplete' } })).rejects.toSatisfy(
      (e) => MemoryError.hasCode(e, 'INVALID_ARGUMENT') && String((e as Error).message).includes(key),
    );
  expect(await sessions.list()).toEqual([]);
  const app = await sessions.create({ id: 'victim', metadata: { mine: 'yes' } });
  await app.store([
    { role: 'user', content: 'precious 1' },
    { role: 'assistant', content: 'precious 2' },
  ]);
  await store.close();

  const file = join(dir, 'victim.jsonl');
  writeFileSync(
    file,
    '{"type":"session","id":"victim","metadata":{}}\n' +
      '{"type":"message","message":{"role":"user","content":"other","id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}\n',
  );
  const r = engram('--db', db, 'import', file);
  const show = engram('--db', db, 'sessions', 'show', 'victim', '--json');
  expect(show.out).toContain('precious 1');
  expect(r.code).not.toBe(0);
});

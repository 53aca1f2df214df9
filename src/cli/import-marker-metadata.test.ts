import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createSessions } from '../session/sessions.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-import-marker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// DEFECT (left for the lead): the import marker is ordinary metadata. sessions.create (and updateSession) take
// `{ "engram:import": "incomplete" }` from the app without a word, and `engram import` of a file with the same
// session id then reads the app's session as an import cut short and replaces it: its messages are deleted, exit 0.
// Whether to refuse engram's reserved keys in app metadata (and which: create itself writes engram.retention,
// and apps copy a record's metadata) is a design choice, so it is left open.
it.skip('import never replaces a session the app wrote, whatever its metadata says', async () => {
  const db = join(dir, 'app.db');
  const store = createSqliteStore({ path: db });
  const sessions = createSessions({ store });
  const app = await sessions.create({ id: 'victim', metadata: { 'engram:import': 'incomplete' } });
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

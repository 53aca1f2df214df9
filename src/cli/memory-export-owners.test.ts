import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createWorkingMemory } from '../working/working-memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-cli-memory-export-'));
const db = join(dir, 'm.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const ada = { tenant: 'acme', user: 'ada' };
  const bob = { tenant: 'acme', user: 'bob' };
  const [fact] = await createLongTermMemory({ store, scope: ada }).add('Ada prefers window seats.');
  await createLongTermMemory({ store, scope: ada }).update(
    fact!.id,
    'Ada prefers window seats on long flights.',
  );
  await createLongTermMemory({ store, scope: bob }).add('Bob prefers the aisle.');
  await createLongTermMemory({ store, scope: { tenant: 'acme' } }).add('Acme books economy.');
  await createLongTermMemory({ store, scope: { tenant: 'other', user: 'eve' } }).add('Eve is elsewhere.');
  await createWorkingMemory({ store, scope: ada }).update('# Trip\nLisbon in May');
  await createWorkingMemory({ store, scope: bob }).update('# Trip\nOslo in June');
  store.close();
});

type Line = { id: string; user?: string; version: number; text: string };
const exported = (...scope: string[]) => {
  const r = runEngram('--db', db, ...scope, 'memory', 'export');
  expect(r.code, r.err).toBe(0);
  return r.out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
};

describe('engram memory export: every version of every record `memory list` shows', () => {
  it('a tenant-wide export holds its users’ records too, each line naming its user', () => {
    const listed = runEngram('--db', db, '--tenant', 'acme', '--json', 'memory', 'list');
    expect(JSON.parse(listed.out)).toHaveLength(5);
    const lines = exported('--tenant', 'acme');
    expect(lines.map((l) => [l.user ?? '-', l.version, l.text.split('\n').at(-1)]).sort()).toEqual(
      [
        ['ada', 1, 'Ada prefers window seats.'],
        ['ada', 2, 'Ada prefers window seats on long flights.'],
        ['bob', 1, 'Bob prefers the aisle.'],
        ['-', 1, 'Acme books economy.'],
        ['ada', 1, 'Lisbon in May'],
        ['bob', 1, 'Oslo in June'],
      ].sort(),
    );
  });

  it('an export of one user is that user’s alone, as before (no owner fields)', () => {
    const lines = exported('--tenant', 'acme', '--user', 'ada');
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => !('user' in l))).toBe(true);
    expect(JSON.stringify(lines)).not.toMatch(/Bob|Oslo|Eve|Acme/);
  });
});

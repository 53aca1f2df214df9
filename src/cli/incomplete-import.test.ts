import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { importOwnerKey } from '../store/session-writer.ts';
import { importMarker } from './ingest/write-sessions.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-incomplete-'));
const db = join(dir, 'half.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The marker a run leaves on a session it writes: a run on another host, last heard of at `at` (a copy's says so). */
const marked = (at: number, what?: 'copy') => ({
  source: 'file',
  [importMarker]: 'incomplete',
  [importOwnerKey]: { host: 'another-host', pid: 1, run: 'r1', at, ...(what ? { what } : {}) },
});

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const scope = { tenant: 'default' };
  const sessions = [
    { id: 'whole', metadata: { source: 'file' } },
    { id: 'crashed', metadata: marked(0) }, // its run is gone: a crash left it
    { id: 'running', metadata: marked(Date.now()) }, // its run may still be writing it
    { id: 'half-copy', metadata: marked(0, 'copy') }, // a sessions.copy a crash cut short
    { id: 'copying', metadata: marked(Date.now(), 'copy') }, // a copy that may still be running
  ];
  // Written as an import writes them (a conversation memory refuses to store into what a crash left).
  for (const s of sessions) {
    await store.createSession(scope, s);
    await store.append(scope, s.id, [
      {
        message: { id: `${s.id}-1`, role: 'user', content: 'Book Lisbon.', createdAt: new Date() },
        tokens: 4,
      },
      {
        message: { id: `${s.id}-2`, role: 'assistant', content: 'Booked.', createdAt: new Date() },
        tokens: 3,
      },
    ]);
  }
  store.close();
});

describe('a session an import has not finished (a crash, or a run still writing it)', () => {
  it('sessions list says so, in the table and in JSON', async () => {
    const json = await runEngramAsync('--db', db, '--json', 'sessions', 'list');
    expect(json.code, json.err).toBe(0);
    const rows = JSON.parse(json.out) as { id: string; state: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      whole: 'complete',
      crashed: 'incomplete',
      running: 'importing',
      'half-copy': 'incomplete',
      copying: 'importing',
    });
    const table = await runEngramAsync('--db', db, 'sessions', 'list');
    expect(table.out.split('\n')[0]).toMatch(/^id\s+state\s+messages/);
    expect(table.out).toMatch(/^crashed\s+incomplete\s+2\s/m);
  });

  it('export refuses it (exit 3), saying why, and writes nothing', async () => {
    for (const [id, why] of [
      ['crashed', /incomplete import: .*import its file again/],
      ['running', /being imported .*another-host/],
      ['half-copy', /unfinished copy: .*copy the source again/],
      ['copying', /being copied .*another-host/],
    ] as const) {
      const r = await runEngramAsync('--db', db, 'export', id);
      expect({ code: r.code, out: r.out }, id).toEqual({ code: 3, out: '' });
      expect(r.err, id).toMatch(why);
    }
    expect((await runEngramAsync('--db', db, 'export', 'whole')).code).toBe(0);
  });

  it('sessions show and stats of it print what is there, and say on stderr that it is not all', async () => {
    for (const args of [
      ['sessions', 'show', 'crashed'],
      ['stats', 'crashed'],
    ]) {
      const r = await runEngramAsync('--db', db, ...args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.err, args.join(' ')).toMatch(/^engram: session "crashed" is an incomplete import/);
    }
    const copy = await runEngramAsync('--db', db, 'sessions', 'show', 'half-copy');
    expect(copy.err).toMatch(/^engram: session "half-copy" is an unfinished copy/);
    const whole = await runEngramAsync('--db', db, 'sessions', 'show', 'whole');
    expect(whole.err).toBe('');
  });

  it('search marks its messages with their state, in the table and in JSON', async () => {
    const json = await runEngramAsync('--db', db, '--json', 'search', 'Lisbon', '--in', 'messages');
    expect(json.code, json.err).toBe(0);
    const hits = JSON.parse(json.out) as { session: string; state: string }[];
    expect(Object.fromEntries(hits.map((h) => [h.session, h.state]))).toEqual({
      whole: 'complete',
      crashed: 'incomplete',
      running: 'importing',
      'half-copy': 'incomplete',
      copying: 'importing',
    });
    const table = await runEngramAsync('--db', db, 'search', 'Lisbon', '--in', 'messages');
    expect(table.out.split('\n')[0]).toMatch(/^kind\s+at\s+state\s+score/);
    expect(table.out).toMatch(/^message\s+crashed#1\s+incomplete\s/m);
    expect(table.out).toMatch(/^message\s+whole#1\s+complete\s/m);
  });

  it('context of it says on stderr that it is not all, as sessions show does', async () => {
    for (const args of [
      ['context', 'crashed'],
      ['context', 'crashed', '--view', 'sliding-window', '--budget', '5'],
    ]) {
      const r = await runEngramAsync('--db', db, ...args);
      expect(r.code, r.err).toBe(0);
      expect(r.err, args.join(' ')).toMatch(/^engram: session "crashed" is an incomplete import/);
    }
    expect((await runEngramAsync('--db', db, 'context', 'whole')).err).toBe('');
  });
});

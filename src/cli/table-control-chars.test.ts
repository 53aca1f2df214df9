/**
 * Ids and texts are printed in tables with their control and bidirectional-formatting characters escaped
 * (`\u202E`), so a stored string cannot spoof what the terminal shows (reverse the line after it, clear the
 * screen, move the cursor); `--json` keeps them exact.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-control-chars-'));
const db = join(dir, 'm.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const id = 'invoice\u202Efdp.exe';
const text = 'paid \u001b[2J\u001b[31mcleared\u0007 \u2066x\u2069 \u0085end';
/** Any character a table must not print raw: C0 and C1 controls but the line breaks it maps, bidi controls. */
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

beforeAll(async () => {
  const file = join(dir, 's.jsonl');
  const message = { role: 'user', content: text, id: 'm1', createdAt: { $date: '2026-01-01T00:00:00.000Z' } };
  writeFileSync(
    file,
    `${JSON.stringify({ type: 'session', id, metadata: {} })}\n${JSON.stringify({ type: 'message', message })}\n`,
  );
  const r = await runEngramAsync('--db', db, 'import', file);
  expect(r.code, r.err).toBe(0);
});

describe('control characters of stored ids and texts', () => {
  for (const args of [['sessions', 'list'], ['sessions', 'show', id], ['search', 'paid'], ['ls']])
    it(`are escaped in the table of ${args.slice(0, 2).join(' ')}`, async () => {
      const r = await runEngramAsync('--db', db, '--wide', ...args);
      expect(r.code, r.err).toBe(0);
      expect(r.out).not.toMatch(raw);
      expect(r.out).toMatch(args[1] === 'show' || args[0] === 'search' ? /\\u001B\[2J/ : /invoice\\u202Efdp/);
    });

  it('are kept exact in --json', async () => {
    const list = await runEngramAsync('--db', db, '--json', 'sessions', 'list');
    expect((JSON.parse(list.out) as { id: string }[])[0]?.id).toBe(id);
    const show = await runEngramAsync('--db', db, '--json', 'sessions', 'show', id);
    expect((JSON.parse(show.out) as { text: string }[])[0]?.text).toBe(text);
  });
});

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-scope-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = join(dir, 'chat.jsonl');
writeFileSync(file, '{"type":"session","id":"chat","metadata":{}}\n');

/** Scope flags no store accepts: empty, or longer than 256 characters. */
const bad = [
  ['--tenant', ''],
  ['--user', ''],
  ['--agent', 'x'.repeat(257)],
] as const;

describe('a scope flag no store accepts', () => {
  it('is a usage error (exit 2) naming the flag, for reads and for import, which then creates no database', async () => {
    const db = join(dir, 'some.db');
    expect((await runEngramAsync('--db', db, 'import', file, '--session', 'seed')).code).toBe(0);
    for (const [flag, value] of bad) {
      const read = await runEngramAsync('--db', db, flag, value, 'sessions', 'list');
      expect({ code: read.code, err: read.err }, `${flag} ${JSON.stringify(value)}`).toEqual({
        code: 2,
        err: expect.stringMatching(new RegExp(`^engram: ${flag} must be a non-empty string`)),
      });
      const target = join(dir, 'never.db');
      const write = await runEngramAsync('--db', target, flag, value, 'import', file);
      expect(write.code, write.err).toBe(2);
      expect(existsSync(target)).toBe(false);
    }
  });
});

describe('an empty --session, --space or --kind', () => {
  it('is a usage error (exit 2) naming the flag, never taken for "every session" or "every kind"', async () => {
    const db = join(dir, 'some.db');
    expect((await runEngramAsync('--db', db, 'import', file, '--session', 'seed2')).code).toBe(0);
    for (const args of [
      ['search', 'hi', '--session', ''],
      ['search', 'hi', '--space', ''],
      ['stats', '--space', ''],
      ['memory', 'list', '--kind', ''],
    ]) {
      const r = await runEngramAsync('--db', db, '--json', ...args);
      expect({ code: r.code, out: r.out }, args.join(' ')).toEqual({ code: 2, out: '' });
      expect(r.err, args.join(' ')).toMatch(new RegExp(`^engram: ${args.at(-2)}: "" is not `));
    }
  });
});

/**
 * Every numeric flag of every command takes plain decimal digits only: `0x10`, `1e2`, ` 10`, `+5`, `10.0` are
 * numbers to `Number()` but not what a user typing a count means, so each is a usage error (exit 2) naming the flag.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { exitCodes, main } from './main.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-numeric-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A database that does not exist: a flag that parses reaches the store and fails there (exit 4), not as usage. */
const db = join(dir, 'none.db');

/** Each numeric flag: the command line before its value, and a value it takes. */
const flags: [name: string, before: string[], good: string][] = [
  ['--sessions', ['ls', '--sessions'], '3'],
  ['--limit', ['sessions', 'list', '--limit'], '10'],
  ['--limit', ['sessions', 'show', 's1', '--limit'], '10'],
  ['--limit', ['search', 'x', '--limit'], '10'],
  ['--limit', ['memory', 'search', 'x', '--limit'], '10'],
  ['--limit', ['memory', 'list', '--limit'], '10'],
  ['--budget', ['context', 's1', '--view', 'token-window', '--budget'], '1000'],
  ['--step', ['context', 's1', '--step'], '-1'],
  ['--port', ['inspect', '--port'], '0'],
];
const notDecimal = ['0x10', '1e2', ' 10', '10 ', '+5', '10.0', '0b1', '0o7', '', '1_000', 'Infinity', '١٢'];

let stderr: string[];
beforeEach(() => {
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('numeric flags take plain decimal integers only', () => {
  it('a value that is not plain decimal digits is a usage error (exit 2) naming the flag', async () => {
    for (const [name, before] of flags)
      for (const value of notDecimal) {
        stderr = [];
        const code = await main(['--db', db, ...before, value]);
        const what = `${before.join(' ')} ${JSON.stringify(value)}`;
        expect(code, `${what}: ${stderr.join('')}`).toBe(exitCodes.usage);
        expect(stderr.join(''), what).toContain(name);
      }
  });

  it('a plain decimal value in range gets past the flags (to the missing database, exit 4)', async () => {
    for (const [, before, good] of flags) {
      if (before[0] === 'inspect') continue; // it would serve; its port is checked in the next test
      stderr = [];
      expect(await main(['--db', db, ...before, good]), `${before.join(' ')}: ${stderr.join('')}`).toBe(
        exitCodes.store,
      );
    }
  });

  it('out of range is a usage error naming the flag; the range is said', async () => {
    for (const [args, name, range] of [
      [['ls', '--sessions', '0'], '--sessions', /at least 1/],
      [['memory', 'search', 'x', '--limit', '101'], '--limit', /1 to 100/],
      [['inspect', '--port', '65536'], '--port', /0 to 65535/],
      [['sessions', 'list', '--limit', '9007199254740993'], '--limit', /at least 1/],
    ] as const) {
      stderr = [];
      expect(await main(['--db', db, ...args])).toBe(exitCodes.usage);
      expect(stderr.join('')).toContain(name);
      expect(stderr.join('')).toMatch(range);
    }
  });

  it('through the real binary: --limit 0x10 exits 2 naming --limit', () => {
    const r = runEngram('--db', db, 'sessions', 'list', '--limit', '0x10');
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/--limit/);
    expect(r.err).toMatch(/0x10/);
  });
});

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-checks-first-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header = (id: string, metadata: string) =>
  `{"type":"session","id":${JSON.stringify(id)},"metadata":${metadata}}`;
const message = (id: string) =>
  `{"type":"message","message":{"role":"user","content":"hi","id":"${id}","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}`;

/** Files whose problem needs no store to be seen, and what the error must say. */
const badFiles: { name: string; lines: string[]; error: RegExp }[] = [
  {
    name: 'a message id used twice',
    lines: [header('s', '{}'), message('m1'), message('m2'), message('m1')],
    error: /^engram: \S+: line 4: message id "m1" is used twice \(line 2\)/,
  },
  {
    name: "engram's own metadata key",
    lines: [header('s', '{"engram:import":"incomplete"}'), message('m1')],
    error: /^engram: \S+: line 1: .*"engram:import" is engram's own/,
  },
  {
    name: 'session metadata no store keeps (-0)',
    lines: [header('s', '{"n":-0}'), message('m1')],
    error: /^engram: \S+: line 1: metadata\.n: .*-0/,
  },
  {
    name: 'a session id over 256 characters',
    lines: [header('s'.repeat(300), '{}'), message('m1')],
    error: /^engram: \S+: line 1: .*session id/,
  },
];

describe('import and ingest: what needs no store is checked before one is opened', () => {
  for (const bad of badFiles)
    it(`${bad.name}: exit 3 naming the line, and no database is created`, async () => {
      const file = join(dir, 'bad.jsonl');
      writeFileSync(file, `${bad.lines.join('\n')}\n`);
      const db = join(dir, `never-${bad.name.length}.db`);
      for (const args of [
        ['import', file],
        ['ingest', file, '--format', 'jsonl'],
      ]) {
        const r = await runEngramAsync('--db', db, ...args);
        expect({ code: r.code, err: r.err }, args[0]).toEqual({
          code: 3,
          err: expect.stringMatching(bad.error),
        });
        expect(existsSync(db), args[0]).toBe(false);
      }
    });

  it('a message larger than a store takes (16 MiB): exit 3 naming its line, and no database is created', async () => {
    const big = `{"type":"message","message":{"role":"user","content":"${'x'.repeat(17 * 2 ** 20)}","id":"big","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}`;
    const file = join(dir, 'big.jsonl');
    writeFileSync(file, `${header('s', '{}')}\n${message('m1')}\n${big}\n`);
    const db = join(dir, 'never-big.db');
    const r = await runEngramAsync('--db', db, 'import', file);
    expect({ code: r.code, err: r.err }).toEqual({
      code: 3,
      err: expect.stringMatching(
        /^engram: \S+: line 3: message "big" is 17825\d\d\d bytes; a store takes at most 16777216/,
      ),
    });
    expect(existsSync(db)).toBe(false);
  });

  it('an AI SDK file with a message id used twice: exit 3, and no database is created', async () => {
    const file = join(dir, 'twice.json');
    writeFileSync(
      file,
      JSON.stringify([
        { id: 'm1', role: 'user', content: 'Hi' },
        { id: 'm1', role: 'assistant', content: 'Hello' },
      ]),
    );
    const db = join(dir, 'never-ai-sdk.db');
    const r = await runEngramAsync('--db', db, 'ingest', file, '--format', 'ai-sdk');
    expect({ code: r.code, err: r.err }).toEqual({
      code: 3,
      err: `engram: ${file}: session "twice": message id "m1" is used twice\n`,
    });
    expect(existsSync(db)).toBe(false);
  });

  it('a --session that is not a session id is a usage error (exit 2), and no database is created', async () => {
    const file = join(dir, 'good.jsonl');
    writeFileSync(file, `${header('s', '{}')}\n${message('m1')}\n`);
    const db = join(dir, 'never.db');
    for (const args of [
      ['import', file, '--session', ''],
      ['ingest', file, '--format', 'jsonl', '--session', 'x'.repeat(257)],
    ]) {
      const r = await runEngramAsync('--db', db, ...args);
      expect({ code: r.code, err: r.err }, args[0]).toEqual({
        code: 2,
        err: expect.stringMatching(/^engram: --session: ".*" is not a session id/),
      });
      expect(existsSync(db), args[0]).toBe(false);
    }
  });
});

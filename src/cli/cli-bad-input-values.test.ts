/**
 * Bad input the command line must refuse with a typed, located one-line error (exit 2 or 3), never a raw
 * TypeError / Node errno message (exit 1), and never store something other than what the file says.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-cli-bad-values-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header = '{"type":"session","id":"s1","metadata":{}}';
const message = (content: string) =>
  `{"type":"message","message":{"role":"user","content":${content},"id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}`;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('import / ingest: tagged values that do not decode', () => {
  it('an invalid base64 "$bytes" is refused, naming the line and field', () => {
    const db = join(dir, 'bytes.db');
    const input = file(
      'bytes.jsonl',
      `${header}\n${message('[{"type":"image","image":{"$bytes":"!!!"}}]')}\n`,
    );
    const r = engram('--db', db, 'import', input);
    expect(r.code, r.out + r.err).toBe(3);
    expect(r.err).toMatch(/^engram: \S+\.jsonl: line 2: .*\$bytes/);
  });

  it('an invalid "$url" in engram JSONL is a located bad-input error', () => {
    const db = join(dir, 'url.db');
    const input = file('url.jsonl', `${header}\n${message('[{"type":"image","image":{"$url":"::"}}]')}\n`);
    const r = engram('--db', db, 'import', input);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/^engram: \S+\.jsonl: line 2: .*(content\[0\]|\$url)/);
  });

  it('an invalid "$url" in an AI SDK file is bad input (exit 3), naming the message', () => {
    const db = join(dir, 'aisdk.db');
    const input = file('aisdk.json', '[{"role":"user","content":[{"type":"image","image":{"$url":"::"}}]}]');
    const r = engram('--db', db, 'ingest', input, '--format', 'ai-sdk');
    expect(r.err).not.toBe('engram: Invalid URL\n');
    expect(r.code, r.err).toBe(3);
    expect(r.err).toMatch(/\[0\]/);
  });
});

describe('export --out to a path that cannot be written', () => {
  const db = join(dir, 'src.db');
  beforeAll(() => {
    const input = file('ok.jsonl', `${header}\n${message('"hello"')}\n`);
    expect(engram('--db', db, 'import', input).code).toBe(0);
  });

  it('a missing folder is a one-line error naming --out', () => {
    const r = engram('--db', db, 'export', 's1', '--out', join(dir, 'no', 'such', 'dir', 'x.jsonl'));
    expect(r.code).not.toBe(1);
    expect(r.err).toMatch(/--out/);
  });

  it('--out naming the database itself, its WAL or another SQLite database is refused, and the database stays whole', () => {
    const other = join(dir, 'other.db');
    expect(engram('--db', other, 'import', file('other.jsonl', `${header}\n${message('"hi"')}\n`)).code).toBe(
      0,
    );
    for (const [command, out] of [
      [['export', 's1'], db],
      [['memory', 'export'], db],
      [['export', 's1'], `${db}-wal`],
      [['export', 's1'], other],
    ] as const) {
      const r = engram('--db', db, ...command, '--out', out);
      expect(r.code, r.err).toBe(3);
      expect(r.err).toMatch(/--out/);
      expect(r.err).toMatch(/database/);
    }
    const after = engram('--db', db, 'export', 's1');
    expect(after.code, after.err).toBe(0);
    expect(after.out).toContain('hello');
    expect(engram('--db', other, 'export', 's1').out).toContain('hi');
  });

  it('memory export --out to a directory is a one-line error naming --out', () => {
    const r = engram('--db', db, 'memory', 'export', '--out', dir);
    expect(r.code).not.toBe(1);
    expect(r.err).toMatch(/--out/);
  });
});

describe('memory search --limit', () => {
  it('a --limit the command accepts (a positive integer) is not refused by the library with a message that does not name the flag', () => {
    const db = join(dir, 'src.db');
    const r = engram('--db', db, 'memory', 'search', 'x', '--limit', '101');
    if (r.code !== 0) {
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--limit/);
    }
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { createSqliteStore, openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { serializeMessage } from '../messages/serialize.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-cli-'));
const db = join(dir, 'source.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engram = runEngram;

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const scope = { tenant: 'acme', user: 'ada' };
  await store.createSession(scope, { id: 'chat-1', metadata: { topic: 'travel' } });
  const memory = createConversationMemory({ store, scope, sessionId: 'chat-1' });
  await memory.store([
    { role: 'user', content: 'Book a window seat to Lisbon, please.' },
    {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'book',
          input: { seat: 'window', when: '2026-05-01' },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'book',
          output: { type: 'json', value: { ok: true } },
        },
      ],
    },
    { role: 'assistant', content: 'Booked: window seat 12A, Lisbon, 1 May.' },
  ]);
  const last = (await memory.read()).at(-1)!;
  await memory.delete(last.id); // a gap in the sequence numbers
  await memory.store({ role: 'assistant', content: 'Booked: window seat 12A to Lisbon on 1 May 2026.' });
  const longTerm = createLongTermMemory({ store, scope });
  const [fact] = await longTerm.add('Ada prefers window seats.');
  await longTerm.update(fact!.id, 'Ada prefers window seats on long flights.');
  store.close();
});

describe('the engram command (real binary)', () => {
  const at = ['--db', db, '--tenant', 'acme', '--user', 'ada'];

  it('sessions list / show, as tables and as JSON', () => {
    const list = engram(...at, '--json', 'sessions', 'list');
    expect(list.code, list.err).toBe(0);
    expect(JSON.parse(list.out)).toEqual([expect.objectContaining({ id: 'chat-1', messages: 4 })]);
    const show = engram(...at, 'sessions', 'show', 'chat-1');
    expect(show.code).toBe(0);
    expect(show.out).toMatch(/^seq\s+role\s+tokens\s+text/);
    expect(show.out).toContain('Book a window seat to Lisbon');
    expect(engram(...at, 'sessions', 'show', 'nope').code).toBe(3);
  });

  it('export → import → export is byte-identical, into another store and under another id', () => {
    const first = engram(...at, 'export', 'chat-1');
    expect(first.code, first.err).toBe(0);
    const file = join(dir, 'chat-1.jsonl');
    writeFileSync(file, first.out);
    const target = join(dir, 'target.db'); // import creates it
    const imported = engram('--db', target, '--tenant', 'other', '--json', 'import', file);
    expect(imported.code, imported.err).toBe(0);
    expect(JSON.parse(imported.out)).toEqual({ imported: 'chat-1', messages: 4 });
    const again = engram('--db', target, '--tenant', 'other', 'export', 'chat-1');
    expect(again.out).toBe(first.out);
    // Importing the same session again is refused, and changes nothing.
    const twice = engram('--db', target, '--tenant', 'other', 'import', file);
    expect(twice.code).toBe(3);
    expect(twice.err).toMatch(/already exists/);
    expect(
      engram('--db', target, '--tenant', 'other', '--json', 'import', file, '--session', 'copy').code,
    ).toBe(0);
    expect(engram('--db', target, '--tenant', 'other', 'export', 'copy').out).toBe(
      first.out.replace('"id":"chat-1"', '"id":"copy"'),
    );
  });

  it('a bad file names its line and imports nothing', async () => {
    const good = engram(...at, 'export', 'chat-1').out.split('\n');
    const broken = [
      ...good.slice(0, 3),
      '{"type":"message","message":{"role":"tool","content":"no"}}',
      ...good.slice(3),
    ];
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, broken.join('\n'));
    const target = join(dir, 'empty.db');
    (await openSqliteStore({ path: target })).close(); // an engram database with nothing in it
    const r = engram('--db', target, 'import', file);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/^engram: \S*broken\.jsonl: line 4: /);
    expect(JSON.parse(engram('--db', target, '--json', 'sessions', 'list').out)).toEqual([]);
    writeFileSync(file, 'not json\n');
    expect(engram('--db', target, 'import', file).err).toMatch(/^engram: \S*broken\.jsonl: line 1: not JSON/);
    expect(readFileSync(file, 'utf8')).toBe('not json\n');
  });

  it('an input file it cannot read is one line saying why in plain words, for import and ingest alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-cli-unreadable-'));
    const target = join(dir, 'empty.db');
    (await openSqliteStore({ path: target })).close();
    const missing = join(dir, 'nope.jsonl');
    for (const command of [['import'], ['ingest', '--format', 'jsonl']])
      expect(engram('--db', target, ...command, missing)).toMatchObject({
        code: 3,
        err: `engram: cannot read ${missing}: no such file\n`,
      });
    expect(engram('--db', target, 'import', dir)).toMatchObject({
      code: 3,
      err: `engram: cannot read ${dir}: it is a folder, not a file\n`,
    });
  });

  it('search over messages, and long-term records with their history', () => {
    const hits = engram(...at, '--json', 'search', 'Lisbon');
    expect(hits.code, hits.err).toBe(0);
    expect(
      JSON.parse(hits.out)
        .filter((h: { kind: string }) => h.kind === 'message')
        .map((h: { seq: number }) => h.seq)
        .sort(),
    ).toEqual([1, 5]);
    const records = JSON.parse(engram(...at, '--json', 'memory', 'search', 'window seats').out);
    expect(records[0].text).toBe('Ada prefers window seats on long flights.');
    const listed = JSON.parse(engram(...at, '--json', 'memory', 'list', '--kind', 'fact').out);
    expect(listed.map((r: { text: string; version: number }) => [r.text, r.version])).toEqual([
      ['Ada prefers window seats on long flights.', 2],
    ]);
    expect(JSON.parse(engram(...at, '--json', 'memory', 'get', records[0].id).out).version).toBe(2);
    expect(engram(...at, 'memory', 'get', 'nope').code).toBe(3);
    const exported = engram(...at, 'memory', 'export')
      .out.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      exported.filter((r: { kind: string }) => r.kind === 'fact').map((r: { version: number }) => r.version),
    ).toEqual([1, 2]);
    const history = JSON.parse(engram(...at, '--json', 'memory', 'history', records[0].id).out);
    expect(history.map((v: { version: number; event: string }) => [v.version, v.event])).toEqual([
      [1, 'ADD'],
      [2, 'UPDATE'],
    ]);
  });

  it('usage errors exit 2, store errors 4, and another tenant sees nothing', () => {
    expect(engram('sessions', 'list').code).toBe(2);
    expect(engram('--db', db, 'sessions', 'frobnicate').code).toBe(2);
    expect(engram('--db', db, 'sessions', 'list', '--limit', 'x').code).toBe(2);
    expect(engram('--db', join(dir, 'missing.db'), 'sessions', 'list').code).toBe(4);
    expect(existsSync(join(dir, 'missing.db'))).toBe(false);
    expect(JSON.parse(engram('--db', db, '--tenant', 'acme2', '--json', 'sessions', 'list').out)).toEqual([]);
    const help = engram('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('sessions');
  });

  it('sessions delete refuses without a terminal unless --yes, and deletes nothing then', () => {
    const file = join(dir, 'doomed.jsonl');
    writeFileSync(file, engram(...at, 'export', 'chat-1').out);
    const target = join(dir, 'doomed.db');
    expect(engram('--db', target, 'import', file).code).toBe(0);
    const refused = engram('--db', target, 'sessions', 'delete', 'chat-1');
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      'engram: delete session "chat-1" of tenant default and its 4 message(s)? — not on a terminal, so nothing was asked: give --yes to go ahead\n',
    );
    expect(JSON.parse(engram('--db', target, '--json', 'sessions', 'list').out)).toHaveLength(1);
    const done = engram('--db', target, '--json', 'sessions', 'delete', 'chat-1', '--yes');
    expect(done.code, done.err).toBe(0);
    expect(JSON.parse(done.out)).toEqual({ deleted: 'chat-1' });
    expect(JSON.parse(engram('--db', target, '--json', 'sessions', 'list').out)).toEqual([]);
  });

  it('tables cut long cells with … and show line breaks as ⏎; --wide cuts nothing', () => {
    const file = join(dir, 'long.jsonl');
    const long = `First line\nsecond line ${'and more words '.repeat(10)}end.`;
    const header = JSON.stringify({ type: 'session', id: 'long', metadata: {} });
    const message = { id: 'm1', createdAt: new Date(0), role: 'user' as const, content: long };
    writeFileSync(file, `${header}\n{"type":"message","message":${serializeMessage(message)}}\n`);
    const target = join(dir, 'long.db');
    expect(engram('--db', target, 'import', file).code).toBe(0);
    const row = (out: string) => out.split('\n')[2] ?? '';
    const cut = engram('--db', target, 'sessions', 'show', 'long');
    expect(row(cut.out)).toMatch(/ First line⏎second line and more words .*…$/);
    expect([
      ...row(cut.out)
        .split(/\s{2,}/)
        .at(-1)!,
    ]).toHaveLength(60);
    const wide = engram('--db', target, '--wide', 'sessions', 'show', 'long');
    expect(row(wide.out)).toMatch(/ First line⏎second line (and more words ){10}end\.$/);
    expect(cut.out.split('\n')).toHaveLength(4); // header, rule, one row, the final newline: no broken rows
  });

  it('--version and -V print the package version and exit 0', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const run = engram(flag);
      expect(run.code, flag).toBe(0);
      expect(run.out.trim(), flag).toBe(version);
    }
  });
});

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/postgres/test-database.ts';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { serializeMessage } from '../messages/serialize.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-session JSONL export and an AI SDK messages file, the inputs of `import` and `ingest`. */
const sessionFile = join(dir, 'chat.jsonl');
writeFileSync(
  sessionFile,
  `${JSON.stringify({ type: 'session', id: 'chat', metadata: {} })}\n{"type":"message","message":${serializeMessage({ id: 'm1', createdAt: new Date(0), role: 'user', content: 'Hi' })}}\n`,
);
const aiSdkFile = join(dir, 'trip.json');
writeFileSync(
  aiSdkFile,
  JSON.stringify([
    { role: 'user', content: 'Book Lisbon.' },
    { role: 'assistant', content: 'Booked.' },
  ]),
);

/** The read-only commands, each as its arguments. */
const readOnly = [
  ['ls'],
  ['sessions', 'list'],
  ['sessions', 'show', 'chat'],
  ['stats'],
  ['context', 'chat'],
  ['search', 'Lisbon'],
  ['memory', 'list'],
  ['export', 'chat'],
];

describe('engram on SQLite: import and ingest create the file, reads never do', () => {
  it('import into a --db that does not exist creates it; so does ingest', async () => {
    const first = join(dir, 'new', 'other.db');
    const made = await runEngramAsync('--db', join(dir, 'other.db'), '--json', 'import', sessionFile);
    expect(made.code, made.err).toBe(0);
    expect(JSON.parse(made.out)).toEqual({ imported: 'chat', messages: 1 });
    const listed = await runEngramAsync('--db', join(dir, 'other.db'), '--json', 'sessions', 'list');
    expect(JSON.parse(listed.out).map((s: { id: string }) => s.id)).toEqual(['chat']);
    const ingested = await runEngramAsync(
      '--db',
      join(dir, 'ingested.db'),
      '--json',
      'ingest',
      aiSdkFile,
      '--format',
      'ai-sdk',
    );
    expect(ingested.code, ingested.err).toBe(0);
    expect(JSON.parse(ingested.out)).toMatchObject({ sessions: ['trip'], messages: 2 });
    // A folder that does not exist is not made: a store error that names the path and says why (before, SQLite's
    // "unable to open database file").
    const nested = await runEngramAsync('--db', first, 'import', sessionFile);
    expect(nested.code).toBe(4);
    expect(nested.err).toBe(
      `engram: cannot create ${first}: its folder ${join(dir, 'new')} does not exist (engram creates the database file, not its folder)\n`,
    );
  });

  it('a bad file creates no database', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, 'not json\n');
    const target = join(dir, 'never.db');
    const r = await runEngramAsync('--db', target, 'import', bad);
    expect(r.code).toBe(3);
    expect(existsSync(target)).toBe(false);
  });

  it('every read-only command refuses a missing file (exit 4) and creates nothing', async () => {
    const missing = join(dir, 'missing.db');
    const runs = await Promise.all(readOnly.map((args) => runEngramAsync('--db', missing, ...args)));
    for (const [i, r] of runs.entries()) {
      const args = readOnly[i]!;
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.err, args.join(' ')).toBe(
        `engram: no engram data at ${missing}: the file does not exist: nothing to read (\`engram import\` or \`engram ingest\` creates it)\n`,
      );
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('--db "" or --db :memory: (no file: an import would be gone when the command ends) is a usage error', async () => {
    for (const db of ['', ':memory:'])
      for (const args of [
        ['import', sessionFile],
        ['ingest', aiSdkFile, '--format', 'ai-sdk'],
        ['sessions', 'list'],
      ]) {
        const r = await runEngramAsync('--db', db, '--json', ...args);
        expect({ code: r.code, out: r.out }, `--db ${JSON.stringify(db)} ${args[0]}`).toEqual({
          code: 2,
          out: '',
        });
        expect(r.err).toMatch(/^engram: --db /);
      }
  });

  it('--db naming a folder is a usage error that says so, for reads and writes, and creates nothing there', async () => {
    const folder = mkdtempSync(join(dir, 'folder-'));
    for (const args of [['import', sessionFile], ['ingest', aiSdkFile, '--format', 'ai-sdk'], ...readOnly]) {
      const r = await runEngramAsync('--db', folder, ...args);
      expect({ code: r.code, err: r.err }, args.join(' ')).toEqual({
        code: 2,
        err: `engram: --db ${folder} is a folder: give a SQLite database file (e.g. --db ${join(folder, 'memory.db')})\n`,
      });
    }
    expect(readdirSync(folder)).toEqual([]);
  });

  it('a --schema PostgreSQL does not take is a usage error naming it, before any connection', async () => {
    for (const args of [
      ['sessions', 'list'],
      ['import', sessionFile],
    ]) {
      const r = await runEngramAsync('--pg', 'postgres://127.0.0.1:1/none', '--schema', 'bad"name', ...args);
      expect({ code: r.code, out: r.out }, args[0]).toEqual({ code: 2, out: '' });
      expect(r.err, args[0]).toMatch(/^engram: --schema: schema must be letters, digits and _/);
    }
  });

  it('--schema with --db is a usage error (a SQLite file has no schema); before, it was dropped without a word', async () => {
    for (const args of [
      ['sessions', 'list'],
      ['import', sessionFile],
    ]) {
      const r = await runEngramAsync('--db', join(dir, 'schema.db'), '--schema', 'tenant_a', ...args);
      expect({ code: r.code, out: r.out, err: r.err }, args[0]).toEqual({
        code: 2,
        out: '',
        err: 'engram: --schema names a PostgreSQL schema (with --pg); a SQLite file (--db) has none\n',
      });
    }
    expect(existsSync(join(dir, 'schema.db'))).toBe(false);
  });

  it('a SQLite file without engram tables is refused and left as it was', async () => {
    const foreign = join(dir, 'foreign.db');
    const db = new DatabaseSync(foreign);
    db.exec('CREATE TABLE notes (id INTEGER)');
    db.close();
    const r = await runEngramAsync('--db', foreign, 'sessions', 'list');
    expect(r.code).toBe(4);
    expect(r.err).toContain('it has no engram tables');
    const check = new DatabaseSync(foreign, { readOnly: true });
    const tables = check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    check.close();
    expect(tables.map((t) => t.name)).toEqual(['notes']);
    const text = join(dir, 'text.db');
    writeFileSync(text, 'not a database at all, just text that is long enough to have a header');
    const t = await runEngramAsync('--db', text, 'stats');
    expect(t.code).toBe(4);
    expect(t.err).toMatch(/cannot read .*text\.db as a SQLite database/);
  });
});

describe('engram on PostgreSQL: read-only commands never create the schema', () => {
  it('a fresh database has no engram table after every read-only command; import creates the schema', async () => {
    const fresh = await createTestDatabase('engram_cli_ro');
    const pg = (await import('pg')).default;
    const tables = async () => {
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_name LIKE 'engram%' OR table_schema = 'engram' ORDER BY 1",
        );
        return rows.map((r: { t: string }) => r.t);
      } finally {
        await client.end();
      }
    };
    try {
      const runs = await Promise.all(readOnly.map((args) => runEngramAsync('--pg', fresh.url, ...args)));
      for (const [i, r] of runs.entries()) {
        const args = readOnly[i]!;
        expect(r.code, args.join(' ')).toBe(4);
        expect(r.err, args.join(' ')).toContain('no engram data in the PostgreSQL schema "engram"');
      }
      expect(await tables()).toEqual([]);
      const made = await runEngramAsync('--pg', fresh.url, '--json', 'import', sessionFile);
      expect(made.code, made.err).toBe(0);
      expect(await tables()).toContain('engram.engram_sessions');
      const read = await runEngramAsync('--pg', fresh.url, '--json', 'sessions', 'list');
      expect(read.code, read.err).toBe(0);
      expect(JSON.parse(read.out).map((s: { id: string }) => s.id)).toEqual(['chat']);
    } finally {
      await fresh.drop();
    }
  });
});

describe('import / ingest into a --db file that is no SQLite database, or a corrupt one', () => {
  it('exit 4 with a message naming the file, which stays as it was', async () => {
    const notes = join(dir, 'notes.json');
    writeFileSync(notes, '{"these": "are my notes, not a database"}\n');
    // A database whose pages after the header are overwritten.
    const corrupt = join(dir, 'corrupt.db');
    const seeded = new DatabaseSync(corrupt);
    seeded.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    seeded.close();
    writeFileSync(corrupt, Buffer.concat([readFileSync(corrupt).subarray(0, 100), Buffer.alloc(8092, 0xa5)]));
    for (const file of [notes, corrupt]) {
      const bytes = readFileSync(file);
      for (const args of [
        ['import', sessionFile],
        ['ingest', aiSdkFile, '--format', 'ai-sdk'],
      ]) {
        const r = await runEngramAsync('--db', file, ...args);
        expect(r.code, r.err).toBe(4);
        expect(r.err).toContain(`engram: cannot open ${file} as an engram SQLite database: `);
        expect(readFileSync(file)).toEqual(bytes);
      }
    }
  }, 120_000);
});

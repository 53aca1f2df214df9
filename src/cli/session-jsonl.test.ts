import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGate } from '../../test-support/gate.ts';
import { createSqliteStore, type SqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createSessions } from '../session/sessions.ts';
import { exportSession, parseSessionJsonl } from './session-jsonl.ts';

const header = '{"type":"session","id":"s1","metadata":{"topic":"travel"}}';
const message = (id: string) =>
  `{"type":"message","message":{"role":"user","content":"hi","id":"${id}","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}`;

describe('parseSessionJsonl: blank lines', () => {
  it('skips blank lines (as the JSONL reader of ingest does), also before the header and at the end, CRLF or not', () => {
    for (const text of [
      `${header}\n${message('m1')}\n${message('m2')}\n\n`,
      `\n${header}\n\n${message('m1')}\n \t\n${message('m2')}\n`,
      `${header}\r\n${message('m1')}\r\n\r\n${message('m2')}\r\n\r\n`,
    ]) {
      const parsed = parseSessionJsonl(text);
      expect(parsed.id, JSON.stringify(text)).toBe('s1');
      expect(parsed.metadata).toEqual({ topic: 'travel' });
      expect(parsed.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    }
  });

  it('still names the line of a bad one, counting the blank lines', () => {
    expect(() => parseSessionJsonl(`\n${header}\n\n{"type":"message"\n`)).toThrow(/^line 4: not JSON/);
    expect(() => parseSessionJsonl(`\n\n${message('m1')}\n`)).toThrow(/^line 3: the first line must be/);
    expect(() => parseSessionJsonl('\n \n')).toThrow(/the file is empty/);
  });
});

describe('exportSession beside writers of the session: the file is the session as it was when the export began', () => {
  /** A 1,200-message session `s1` in a SQLite file, and an export held after its first page (500 messages read). */
  async function heldExport() {
    const dir = mkdtempSync(join(tmpdir(), 'engram-export-race-'));
    const base = createSqliteStore({ path: join(dir, 'race.db'), durability: 'process' });
    const sessions = createSessions({ store: base });
    await sessions.create({ id: 's1' });
    const memory = await sessions.open('s1');
    await memory.store(
      Array.from({ length: 1200 }, (_, i) => ({ role: 'user' as const, content: `message ${i}` })),
    );
    const gate = createGate();
    let reads = 0;
    const store: SqliteStore = Object.create(base);
    store.readRange = async (...args) => {
      if (++reads === 2) await gate.pass();
      return base.readRange(...args);
    };
    const outcome = exportSession(store, { tenant: 'default' }, 's1').then(
      (text) => parseSessionJsonl(text).messages.map((m) => m.content),
      (error: unknown) => ({ error }),
    );
    await gate.reached;
    const done = async () => {
      await base.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { sessions, memory, outcome, release: gate.open, done };
  }

  it('messages stored meanwhile are left out', async () => {
    const { memory, outcome, release, done } = await heldExport();
    await memory.store({ role: 'user', content: 'later' });
    release();
    expect(await outcome).toEqual(Array.from({ length: 1200 }, (_, i) => `message ${i}`));
    await done();
  });

  it('messages stored meanwhile and deleted again are left out: the export is whole', async () => {
    const { memory, outcome, release, done } = await heldExport();
    const [later] = await memory.store([
      { role: 'user', content: 'later' },
      { role: 'user', content: 'later still' },
    ]);
    await memory.delete(later!.id); // stored after the export began: not the export's
    release();
    expect(await outcome).toEqual(Array.from({ length: 1200 }, (_, i) => `message ${i}`));
    await done();
  });

  it('a message deleted meanwhile, or the session deleted and created again: CONFLICT, nothing written', async () => {
    for (const change of ['delete', 'recreate'] as const) {
      const { sessions, memory, outcome, release, done } = await heldExport();
      if (change === 'delete') await memory.delete((await memory.entries({ limit: 1 }))[0]!.message.id);
      else {
        await sessions.delete('s1');
        await sessions.create({ id: 's1' });
        await (await sessions.open('s1')).store(
          Array.from({ length: 900 }, (_, i) => ({ role: 'user' as const, content: `new ${i}` })),
        );
      }
      release();
      expect(await outcome, change).toEqual({ error: expect.objectContaining({ code: 'CONFLICT' }) });
      await done();
    }
  });
});

describe('the header counts the lines that follow: a file cut short at a line end is refused', () => {
  /** A session of 3 messages and one artifact, exported. */
  async function exported() {
    const dir = mkdtempSync(join(tmpdir(), 'engram-export-counts-'));
    const store = createSqliteStore({ path: join(dir, 'c.db'), durability: 'process' });
    try {
      const sessions = createSessions({ store });
      await sessions.create({ id: 's1', metadata: { topic: 'travel' } });
      const memory = await sessions.open('s1');
      await memory.store(['a', 'b', 'c'].map((content) => ({ role: 'user' as const, content })));
      await store.putArtifact({ tenant: 'default' }, 's1', {
        id: 'summary-1',
        kind: 'engram.summary',
        fromSeq: 1,
        toSeq: 2,
        data: { text: 'a and b' },
      });
      return await exportSession(store, { tenant: 'default' }, 's1');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('writes the counts in the header, and a whole file parses', async () => {
    const text = await exported();
    expect(JSON.parse(text.split('\n')[0] ?? '')).toMatchObject({
      type: 'session',
      id: 's1',
      metadata: { topic: 'travel' },
      messages: 3,
      artifacts: 1,
    });
    const parsed = parseSessionJsonl(text);
    expect(parsed.messages.map((m) => m.content)).toEqual(['a', 'b', 'c']);
    expect(Object.keys(parsed).sort()).toEqual(['artifacts', 'id', 'messages', 'metadata']);
  });

  it('refuses the file cut after any line, naming the counts', async () => {
    const lines = (await exported()).trimEnd().split('\n');
    for (let keep = 1; keep < lines.length; keep++) {
      const cut = `${lines.slice(0, keep).join('\n')}\n`;
      expect(() => parseSessionJsonl(cut), `${keep} lines`).toThrow(
        /^the header \(line 1\) counts \d+ (message|artifact) lines, the file has \d+: it was cut short or edited/,
      );
    }
  });

  it('takes a file without counts (exported before they were written) as it is', () => {
    expect(parseSessionJsonl(`${header}\n${message('m1')}\n`).messages).toHaveLength(1);
  });

  it('refuses counts that are not both whole numbers of at least 0', () => {
    for (const counts of [
      '"messages":1',
      '"artifacts":0',
      '"messages":-1,"artifacts":0',
      '"messages":1.5,"artifacts":0',
      '"messages":"1","artifacts":0',
      '"messages":1,"artifacts":null',
    ])
      expect(
        () => parseSessionJsonl(`{"type":"session","id":"s1",${counts}}\n${message('m1')}\n`),
        counts,
      ).toThrow(/^line 1: (messages|artifacts) must be the number of/);
  });
});

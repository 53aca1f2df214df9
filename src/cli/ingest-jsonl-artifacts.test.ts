import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-ingest-artifacts-'));
const db = join(dir, 'a.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const engram = (...args: string[]) => runEngram('--db', db, '--tenant', 'acme', ...args);
const scope = { tenant: 'acme' };

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  try {
    const memory = createConversationMemory({ store, scope, sessionId: 'chat' });
    await memory.store([
      { role: 'user', content: 'Book Lisbon' },
      { role: 'assistant', content: 'Booked.' },
    ]);
    await store.putArtifact(scope, 'chat', {
      id: 'sum-1',
      kind: 'engram.summary',
      fromSeq: 1,
      toSeq: 2,
      data: { text: 'booked Lisbon' },
    });
    await createConversationMemory({ store, scope, sessionId: 'other' }).store({
      role: 'user',
      content: 'hi',
    });
  } finally {
    store.close();
  }
});

/**
 * `ingest --format jsonl` reads what `export` writes: its artifact lines (summaries, stop marks, observations) went
 * nowhere, the session stored without them and the command exiting 0.
 */
describe('ingest --format jsonl of an exported session with artifacts (real binary)', () => {
  it('a new session gets the artifacts: export → ingest → export gives the same bytes', () => {
    const e = engram('export', 'chat');
    expect(e.code, e.err).toBe(0);
    expect(e.out).toContain('"type":"artifact"');
    const file = join(dir, 'chat.jsonl');
    writeFileSync(file, e.out);
    const r = engram('ingest', file, '--format', 'jsonl', '--session', 'chat-copy');
    expect(r.code, r.err).toBe(0);
    expect(engram('export', 'chat-copy').out).toBe(e.out.replace('"id":"chat"', '"id":"chat-copy"'));
  });

  it('--append of a file with artifacts is refused (exit 3), nothing appended', () => {
    const file = join(dir, 'chat.jsonl');
    writeFileSync(file, engram('export', 'chat').out);
    const before = engram('export', 'other').out;
    const r = engram('ingest', file, '--format', 'jsonl', '--session', 'other', '--append');
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/artifact/);
    expect(engram('export', 'other').out).toBe(before);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-cli-search-session-'));
const db = join(dir, 's.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const store = createSqliteStore({ path: db });
  const scope = { tenant: 'acme', user: 'ada' };
  await createConversationMemory({ store, scope, sessionId: 'chat' }).store({
    role: 'user',
    content: 'window seat',
  });
  store.close();
});

describe('engram search --session names a session as every other command does', () => {
  it('a session the flags’ owner lacks: exit 3 naming the owner that has it, whatever --in is', () => {
    for (const kinds of ['messages', 'records', 'messages,content,records']) {
      const r = runEngram(
        '--db',
        db,
        '--tenant',
        'acme',
        'search',
        'window',
        '--session',
        'chat',
        '--in',
        kinds,
      );
      expect(r.code, kinds).toBe(3);
      expect(r.err, kinds).toMatch(
        /session "chat" not found for tenant acme; it exists for tenant acme \/ user ada/,
      );
    }
  });

  it('the owner’s own session is searched', () => {
    const r = runEngram(
      '--db',
      db,
      '--tenant',
      'acme',
      '--user',
      'ada',
      '--json',
      'search',
      'window',
      '--session',
      'chat',
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual([
      expect.objectContaining({ kind: 'message', session: 'chat', seq: 1 }),
    ]);
  });
});

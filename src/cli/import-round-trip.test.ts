/**
 * export → import → export gives the same bytes for every session a store holds, tool calls still waiting for
 * their results included (an agent killed mid-tool, a step awaiting the user's approval, a long tool the user
 * talked over): import takes what the store takes, no stricter.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { exportSession, importSession, parseSessionJsonl } from './session-jsonl.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-round-trip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scope = { tenant: 'default' };
const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const call = (id: string, extra: object[] = []): ModelMessage =>
  ({
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: id, toolName: 'book', input: { city: 'Lisbon' } }, ...extra],
  }) as ModelMessage;
const result = (id: string): ModelMessage => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'book', output: { type: 'text', value: '12A' } },
  ],
});

/** A SQLite file holding each session, stored through a conversation memory as an agent stores it. */
async function storeSessions(db: string, sessions: Record<string, ModelMessage[]>): Promise<void> {
  const store = createSqliteStore({ path: db });
  try {
    for (const [sessionId, messages] of Object.entries(sessions))
      await createConversationMemory({ store, scope, sessionId }).store(messages);
  } finally {
    store.close();
  }
}

describe('export → import → export of sessions with tool calls still waiting (real binary)', () => {
  const sessions: Record<string, ModelMessage[]> = {
    // The agent was killed while the tool ran: the log ends with the call.
    'killed-mid-tool': [user('Book a seat'), call('k1')],
    // The step waits for the user's approval of the call.
    'approval-pending': [
      user('Book a seat'),
      call('a1', [{ type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'a1' }]),
    ],
    // A long tool the user talked over: its call has no result before the next user message; the result comes later.
    'late-result': [user('Book a seat'), call('l1'), user('meanwhile, any news?'), result('l1')],
    // A call never answered, in the middle.
    'never-answered': [
      user('Book a seat'),
      call('n1'),
      user('forget it'),
      { role: 'assistant', content: 'ok' },
    ],
  };
  const source = join(dir, 'waiting.db');

  it('gives byte-identical exports, and an import that says how many messages it took', async () => {
    await storeSessions(source, sessions);
    const target = join(dir, 'waiting-target.db');
    for (const [id, messages] of Object.entries(sessions)) {
      const first = engram('--db', source, 'export', id);
      expect(first.code, first.err).toBe(0);
      const file = join(dir, `${id}.jsonl`);
      writeFileSync(file, first.out);
      const imported = engram('--db', target, '--json', 'import', file);
      expect(imported.code, `${id}: ${imported.err}`).toBe(0);
      expect(JSON.parse(imported.out)).toEqual({ imported: id, messages: messages.length });
      const again = engram('--db', target, 'export', id);
      expect(again.code, again.err).toBe(0);
      expect(again.out, id).toBe(first.out);
    }
  });
});

describe('export → import → export in process (property)', () => {
  it('any conversation a store accepts round-trips byte for byte', async () => {
    const from = createSqliteStore({ path: ':memory:' });
    const to = createSqliteStore({ path: ':memory:' });
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(arbConversation(), async (messages) => {
          const sessionId = `s${++n}`;
          await createConversationMemory({ store: from, scope, sessionId }).store(messages);
          const first = await exportSession(from, scope, sessionId);
          await importSession(to, scope, parseSessionJsonl(first));
          expect(await exportSession(to, scope, sessionId)).toBe(first);
        }),
        { numRuns: 60 },
      );
    } finally {
      from.close();
      to.close();
    }
  });
});

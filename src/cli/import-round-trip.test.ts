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
import { arbModelMessage } from '../testing/message-arbitraries.ts';
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

// Each case starts the CLI three times a session, a cold process each: ~20 s quiet, over 60 s under load.
describe('export → import → export of sessions with tool calls still waiting (real binary)', {
  timeout: 240_000,
}, () => {
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

// Each case starts the CLI three times a session, a cold process each: ~20 s quiet, over 60 s under load.
describe('export → import → export of sessions whose tool results answer no call before them (real binary)', {
  timeout: 240_000,
}, () => {
  it('a result whose call was deleted, and a call id a provider used again, import back byte for byte', async () => {
    const source = join(dir, 'results.db');
    await storeSessions(source, {
      'call-deleted': [user('Book a seat'), call('d1'), result('d1'), { role: 'assistant', content: 'Done' }],
      // Some providers number calls per response, so `call_0` comes again in a later step.
      'id-reused': [
        user('Book'),
        call('call_0'),
        result('call_0'),
        user('Again'),
        call('call_0'),
        result('call_0'),
      ],
    });
    const store = createSqliteStore({ path: source });
    try {
      const memory = createConversationMemory({ store, scope, sessionId: 'call-deleted' });
      await memory.delete((await memory.read())[1]!.id); // the assistant message holding the call
    } finally {
      store.close();
    }
    const target = join(dir, 'results-target.db');
    for (const id of ['call-deleted', 'id-reused']) {
      const first = engram('--db', source, 'export', id);
      expect(first.code, first.err).toBe(0);
      const file = join(dir, `${id}.jsonl`);
      writeFileSync(file, first.out);
      const imported = engram('--db', target, 'import', file);
      expect(imported.code, `${id}: ${imported.err}`).toBe(0);
      expect(engram('--db', target, 'export', id).out, id).toBe(first.out);
    }
  });
});

/** A conversation with some of its messages deleted, as `deleteMessages` leaves a log. */
const arbWithDeletes = arbConversation().chain((messages) =>
  fc.subarray(messages, { minLength: 1 }).map((kept) => kept),
);

describe('export → import → export in process (property)', () => {
  it('any conversation a store accepts round-trips byte for byte', async () => {
    const from = createSqliteStore({ path: ':memory:' });
    const to = createSqliteStore({ path: ':memory:' });
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            arbConversation(),
            arbWithDeletes,
            fc.array(arbModelMessage, { minLength: 1, maxLength: 8 }),
          ),
          async (messages) => {
            const sessionId = `s${++n}`;
            await createConversationMemory({ store: from, scope, sessionId }).store(messages);
            const first = await exportSession(from, scope, sessionId);
            await importSession(to, scope, parseSessionJsonl(first));
            expect(await exportSession(to, scope, sessionId)).toBe(first);
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      from.close();
      to.close();
    }
  });
});

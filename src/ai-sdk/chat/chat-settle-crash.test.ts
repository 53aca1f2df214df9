import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatSettleChildConfig } from '../../../test-support/reliability/chat-settle-child.ts';
import { asking, next, waiting } from '../../../test-support/reliability/chat-settle-messages.ts';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import { checkIntegrity } from '../../../test-support/reliability/sqlite-kill.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatStore } from './chat-store.ts';
import { settledCalls } from './settle-waiting-calls.ts';

/**
 * Crash safety of settling a waiting approval before a new message: a child process sends a new message through
 * the chat handler while the chat's last reply waits for an approval, and SIGKILLs itself right after the n-th log
 * write of that turn, for n = 1, 2, … until the turn completes. After every kill the chat reopens with the reply
 * settled and the new message both stored, or neither (the reply still waiting, under its original entry), never
 * the approval denied without the message; and the next write leaves the log holding the chat's messages alone.
 */

/** More log writes than a turn makes (it completes before the last kill point). */
const maxWrites = 8;

describe.each([
  ['respond', false],
  ['agent', true],
])('a new message while an approval waits, with %s, killed between any two writes on SQLite', (_, agent) => {
  it('reopens with the settled reply and the message both stored, or neither', async () => {
    const dir = await tempDir('chat-settle');
    const outcomes: string[] = [];
    try {
      for (let n = 1; n <= maxWrites; n++) {
        const where = `killed after write ${n}`;
        const path = join(dir.path, `chat-${n}.db`);
        const config: ChatSettleChildConfig = { path, agent, killAfterWrites: n };
        const run = runChildScript('./chat-settle-child.ts', config);
        const exit = await run.exited;
        if (exit.signal !== 'SIGKILL' && exit.code !== 0)
          throw new Error(`${where}: the child exited with ${exit.code}: ${run.stderr()}`);
        expect(run.lines, where).toContain('ready');
        checkIntegrity(path, where);
        const store = createSqliteStore({ path });
        try {
          const chats = createChatStore({ store });
          const stored = await chats.messages('c');
          const shown = stored.map((m) => m.message);
          if (shown.length === 2) {
            // Neither: the reply still waits, its first version untouched.
            expect(shown, where).toEqual([asking, waiting]);
            expect(
              stored.map((m) => m.entryIds),
              where,
            ).toEqual([['u1'], ['a1']]);
            outcomes.push('neither');
          } else {
            expect(shown.slice(0, 3), where).toEqual([asking, settledCalls(waiting), next]);
            outcomes.push(shown.length === 3 ? 'both' : 'both, replied');
          }
          // The next write deletes what a kill left of the reply's older version: the log holds the chat alone.
          await chats.append('c', [{ id: 'u9', role: 'user', parts: [{ type: 'text', text: 'and now?' }] }]);
          const held = (await chats.messages('c')).flatMap((m) => m.entryIds);
          expect(
            (await chats.conversation('c').entries()).map((e) => e.message.id),
            where,
          ).toEqual(held);
        } finally {
          await store.close();
        }
        if (exit.signal !== 'SIGKILL') {
          expect(run.lines, where).toContain('done');
          break;
        }
      }
      console.info(`[chat-settle-crash] ${agent ? 'agent' : 'respond'}: ${outcomes.join(', ')}`);
      expect(outcomes.length).toBeGreaterThan(1);
      expect(outcomes.at(-1)).toBe('both, replied');
    } finally {
      await dir.remove();
    }
  }, 120_000);
});

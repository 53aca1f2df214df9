import { describe, expect, it } from 'vitest';
import { weatherStepParts } from '../../../test-support/chat-handler-rig.ts';
import type { ChatStopChildConfig } from '../../../test-support/reliability/chat-stop-child.ts';
import { forEachKillPoint } from '../../../test-support/reliability/kill-points.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatStore } from './chat-store.ts';

/**
 * Crash safety of marking a reply stopped between two steps: a child process runs a turn of agent() that the client
 * stops between its two steps, and SIGKILLs itself right after the n-th write of the turn (log writes and the mark),
 * for n = 1, 2, … until the turn completes. After every kill the chat reopens whole: the prompt alone, the reply as
 * the run stored it (not marked), or the reply marked incomplete; its parts are always the finished step's, and the
 * model side is a valid prompt.
 */

/** More writes than the turn makes (it completes before the last kill point). */
const maxWrites = 6;

describe('a reply stopped between two steps, killed between any two writes on SQLite', () => {
  it('reopens with the prompt alone, the reply unmarked, or the reply marked; never broken', async () => {
    const outcomes: string[] = [];
    await forEachKillPoint({
      prefix: 'chat-stop',
      script: './chat-stop-child.ts',
      maxWrites,
      config: (path, n) => ({ path, killAfterWrites: n }) satisfies ChatStopChildConfig,
      async check(path, where) {
        const store = createSqliteStore({ path });
        try {
          const chats = createChatStore({ store });
          const stored = await chats.messages('c');
          expect(stored[0]?.message.id, where).toBe('u1');
          if (stored.length === 1) outcomes.push('prompt');
          else {
            expect(
              stored.map((m) => m.message.id),
              where,
            ).toEqual(['u1', 'reply-0']);
            expect(stored[1]!.message.parts, where).toEqual(weatherStepParts);
            outcomes.push(stored[1]!.incomplete ? 'marked' : 'unmarked');
          }
          expect(await chats.lastMessage('c'), where).toEqual(stored.at(-1));
          await sendToModel(await chats.conversation('c').read());
        } finally {
          await store.close();
        }
      },
    });
    console.info(`[chat-stop-crash] ${outcomes.join(', ')}`);
    expect(outcomes[0]).toBe('prompt');
    expect(outcomes).toContain('unmarked');
    expect(outcomes.at(-1)).toBe('marked');
  }, 120_000);
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatRewindChildConfig } from '../../../test-support/reliability/chat-rewind-child.ts';
import { chatShape } from '../../../test-support/reliability/chat-shape.ts';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import { checkIntegrity, killAt } from '../../../test-support/reliability/sqlite-kill.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatStore } from './chat-store.ts';

/**
 * Crash safety of chat edits: a child process sends messages to a chat and edits earlier ones (each edit stores the
 * new version, then deletes the old one and what followed it) on SQLite, and is SIGKILLed at random moments; after
 * every kill the chat loads as it was after the last acknowledged step or as one of the writes announced since
 * (never a message lost, never the old and new versions both shown), and the next child goes on from there.
 * Reproduce with ENGRAM_CRASH_SEED=<seed>.
 */

const seed = Number(process.env.ENGRAM_CRASH_SEED ?? Date.now() % 100_000);
const kills = 16;

describe('chat edits: the new version stored before the old is deleted, crash-safe', () => {
  it(`${kills} SIGKILLs of a child editing a chat on SQLite: it loads as acknowledged or as a write announced since`, async () => {
    const dir = await tempDir('chat-rewind');
    const path = join(dir.path, 'chat.db');
    let steps = 0;
    let between = 0;
    try {
      for (let k = 0; k < kills; k++) {
        const where = `seed ${seed}, kill ${k}`;
        const config: ChatRewindChildConfig = { path, seed: seed * 100 + k };
        const run = runChildScript('./chat-rewind-child.ts', config);
        const afterAcks = 1 + ((seed + k * 7) % 6);
        const delayMs = (seed * 13 + k * 29) % 12;
        await killAt(
          run,
          async () => {
            await run.waitForLine(
              (line, i) =>
                line === 'ack' && run.lines.slice(0, i + 1).filter((l) => l === 'ack').length >= afterAcks,
            );
            await new Promise((resolve) => setTimeout(resolve, delayMs));
          },
          where,
        );
        checkIntegrity(path, where);
        // Allowed: the chat after the last acknowledged step (the child's start when none), or any write announced since.
        const lastAck = run.lines.lastIndexOf('ack');
        const announced = run.lines.slice(lastAck + 1).filter((l) => l.startsWith('intent '));
        const acked = run.lines
          .slice(0, lastAck)
          .filter((l) => l.startsWith('intent '))
          .at(-1);
        const allowed = [acked, ...announced].flatMap((l) => (l ? [l.slice('intent '.length)] : []));
        const store = createSqliteStore({ path });
        try {
          const loaded = JSON.stringify(chatShape(await createChatStore({ store }).load('c')));
          expect(allowed, `${where}: the chat loads as ${loaded}`).toContain(loaded);
          if (loaded !== allowed[0]) between++;
        } finally {
          await store.close();
        }
        steps += run.lines.filter((l) => l === 'ack').length;
      }
      // The next write deletes what a kill inside an edit left: the log holds the chat's messages alone.
      const store = createSqliteStore({ path });
      try {
        const chats = createChatStore({ store });
        await chats.append('c', [{ id: 'last', role: 'user', parts: [{ type: 'text', text: 'and now?' }] }]);
        const held = (await chats.messages('c')).flatMap((m) => m.entryIds);
        expect((await chats.conversation('c').entries()).map((e) => e.message.id)).toEqual(held);
      } finally {
        await store.close();
      }
      console.info(`[chat-rewind-crash] seed ${seed}: ${steps} steps, ${between} kills inside a step`);
      expect(steps).toBeGreaterThanOrEqual(kills);
    } finally {
      await dir.remove();
    }
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { afterAll, expect, it } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';
import { createChatStore } from '../ai-sdk/chat/chat-store.ts';
import { markStopped } from '../ai-sdk/chat/stopped-marks.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-export-artifacts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// DEFECT (left for the lead): `engram export` writes a session's messages only, never its artifacts, and `import`
// restores none, though the README says every session `export` writes imports back. What lives beside the log is
// lost silently: a chat's stop marks (a reply stopped between two steps then reads as complete, and the next
// model reads it so), AutoContext's ladder steps and summaries, observations, LangGraph checkpoints. A fix needs
// artifact lines in the JSONL format (ranges moved onto the imported seqs, as sessions.copy does), so it is not small.
it.skip('export → import keeps what lives beside the log: a chat reply marked stopped stays incomplete', async () => {
  const source = join(dir, 'source.db');
  const store = createSqliteStore({ path: source });
  const chats = createChatStore({ store });
  // A turn of the handler's agent(): its steps are model messages in the log, a stop between steps a mark beside it.
  const log = chats.conversation('chat-1');
  await log.store([
    { id: 'u1', role: 'user', content: 'question' } as ModelMessage,
    {
      id: 'a1',
      role: 'assistant',
      content: [{ type: 'text', text: 'the first step of a reply' }],
    } as ModelMessage,
  ]);
  await markStopped(log, 'a1');
  expect((await chats.lastMessage('chat-1'))?.incomplete).toBe(true);
  await store.close();

  const file = join(dir, 'chat-1.jsonl');
  expect(engram('--db', source, 'export', 'chat-1', '--out', file).code).toBe(0);
  const target = join(dir, 'target.db');
  expect(engram('--db', target, 'import', file).code).toBe(0);

  const copy = createSqliteStore({ path: target });
  const imported = createChatStore({ store: copy });
  expect((await imported.lastMessage('chat-1'))?.incomplete).toBe(true);
  await copy.close();
});

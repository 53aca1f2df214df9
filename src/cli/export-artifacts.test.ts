import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { afterAll, expect, it, vi } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';
import { createChatStore } from '../ai-sdk/chat/chat-store.ts';
import { markStopped } from '../ai-sdk/chat/stopped-marks.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-export-artifacts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Exports session `id` of the SQLite file `source` and imports it into `<target>.db`; returns that file's path. */
function exportImport(source: string, id: string, target: string): string {
  const file = join(dir, `${id}.jsonl`);
  expect(engram('--db', source, 'export', id, '--out', file).code).toBe(0);
  const path = join(dir, `${target}.db`);
  expect(engram('--db', path, 'import', file).code).toBe(0);
  return path;
}

// What lives beside the log travels with a session through export → import (artifact lines after the messages).
it('export → import keeps what lives beside the log: a chat reply marked stopped stays incomplete', async () => {
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

  const copy = createSqliteStore({ path: exportImport(source, 'chat-1', 'target') });
  const imported = createChatStore({ store: copy });
  expect((await imported.lastMessage('chat-1'))?.incomplete).toBe(true);
  await copy.close();
});

it('a session with deleted messages: each artifact moves onto the messages it named, and export → import → export gives the same bytes', async () => {
  const source = join(dir, 'gaps.db');
  const store = createSqliteStore({ path: source });
  const log = createConversationMemory({ store, scope: { tenant: 'default' }, sessionId: 'gaps' });
  await log.store(
    ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => ({ id, role: 'user', content: id }) as ModelMessage),
  );
  await log.delete('m2');
  await log.delete('m4');
  const seq = async (id: string) => (await log.entries()).find((e) => e.message.id === id)!.seq;
  // A summary of m1–m3 (seqs 1–3, m2 deleted), a mark on m5, one naming only deleted m4.
  await log.putArtifact({ id: 'summary', kind: 'summary', fromSeq: 1, toSeq: 3, data: { text: 's' } });
  await log.putArtifact({
    id: 'mark',
    kind: 'mark',
    fromSeq: await seq('m5'),
    toSeq: await seq('m5'),
    data: null,
  });
  await log.putArtifact({ id: 'gone', kind: 'mark', fromSeq: 4, toSeq: 4, data: { n: [1, 'x'] } });
  await store.close();

  const first = engram('--db', source, 'export', 'gaps');
  expect(first.code).toBe(0);
  const file = join(dir, 'gaps.jsonl');
  writeFileSync(file, first.out);
  const target = join(dir, 'gaps-target.db');
  expect(engram('--db', target, 'import', file).code).toBe(0);
  const copy = createSqliteStore({ path: target });
  const imported = createConversationMemory({ store: copy, scope: { tenant: 'default' }, sessionId: 'gaps' });
  const ids = async (from: number, to: number) =>
    (await imported.entries()).filter((e) => e.seq >= from && e.seq <= to).map((e) => e.message.id);
  const byId = new Map((await imported.listArtifacts()).map((a) => [a.id, a]));
  expect(await ids(byId.get('summary')!.fromSeq, byId.get('summary')!.toSeq)).toEqual(['m1', 'm3']);
  expect(await ids(byId.get('mark')!.fromSeq, byId.get('mark')!.toSeq)).toEqual(['m5']);
  // A range of deleted messages only: as sessions.copy puts it, the empty range after the messages before it.
  expect([byId.get('gone')!.fromSeq, byId.get('gone')!.toSeq]).toEqual([3, 2]);
  expect(byId.get('gone')!.data).toEqual({ n: [1, 'x'] });
  await copy.close();
  expect(engram('--db', target, 'export', 'gaps').out).toBe(first.out);
});

it("export → import keeps each artifact's createdAt (the time it was written, not the import's)", async () => {
  const source = join(dir, 'times.db');
  const store = createSqliteStore({ path: source });
  const log = createConversationMemory({ store, scope: { tenant: 'default' }, sessionId: 'times' });
  await log.store(['m1', 'm2'].map((id) => ({ id, role: 'user', content: id }) as ModelMessage));
  const times = ['2021-03-04T05:06:07.089Z', '2022-11-12T13:14:15.999Z'].map((t) => new Date(t));
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (const [i, at] of times.entries()) {
      vi.setSystemTime(at);
      await log.putArtifact({ id: `a${i}`, kind: 'summary', fromSeq: 1, toSeq: i + 1, data: { i } });
    }
  } finally {
    vi.useRealTimers();
  }
  const written = (await log.listArtifacts()).map((a) => [a.id, a.createdAt]);
  expect(written).toEqual([
    ['a0', times[0]],
    ['a1', times[1]],
  ]);
  await store.close();
  const copy = createSqliteStore({ path: exportImport(source, 'times', 'times-target') });
  const imported = createConversationMemory({
    store: copy,
    scope: { tenant: 'default' },
    sessionId: 'times',
  });
  expect((await imported.listArtifacts()).map((a) => [a.id, a.createdAt])).toEqual(written);
  await copy.close();
});

it('a file written before artifacts were exported (messages only) imports as before', () => {
  const file = join(dir, 'old.jsonl');
  writeFileSync(
    file,
    '{"type":"session","id":"old","metadata":{}}\n' +
      '{"type":"message","message":{"role":"user","content":"hi","id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}\n',
  );
  const target = join(dir, 'old.db');
  expect(engram('--db', target, 'import', file).code).toBe(0);
  // Exported again it gains the header's line counts (which the old file lacked); the rest is as it was.
  expect(engram('--db', target, 'export', 'old').out).toBe(
    '{"type":"session","id":"old","metadata":{},"messages":1,"artifacts":0}\n' +
      '{"type":"message","message":{"role":"user","content":"hi","id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}\n',
  );
});

it.each([
  [
    'an artifact that is no object',
    '{"type":"artifact","artifact":[]}',
    /line 3: expected \{"type":"artifact"/,
  ],
  [
    'a range past the messages',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":1,"toSeq":2,"data":null}}',
    /line 3: artifact "a" names position 2, the file has 1 messages/,
  ],
  [
    'a range backwards',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":2,"toSeq":0,"data":null}}',
    /line 3: artifact "a": fromSeq and toSeq/,
  ],
  [
    'a field it does not have',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":0,"toSeq":0,"data":null,"at":1}}',
    /line 3: artifact: "at" is not a field/,
  ],
  [
    'a createdAt that is no time',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":0,"toSeq":0,"data":null,"createdAt":"yesterday"}}',
    /line 3: artifact "a": createdAt must be a time as export writes it .*"yesterday"/,
  ],
  [
    'a createdAt that is a number',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":0,"toSeq":0,"data":null,"createdAt":1}}',
    /line 3: artifact "a": createdAt must be/,
  ],
  [
    'a createdAt of a day that does not exist',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":0,"toSeq":0,"data":null,"createdAt":"2021-02-30T00:00:00.000Z"}}',
    /line 3: artifact "a": createdAt must be/,
  ],
  [
    'an empty kind',
    '{"type":"artifact","artifact":{"id":"a","kind":"","fromSeq":0,"toSeq":0,"data":null}}',
    /line 3: .*kind/,
  ],
  [
    'a message after an artifact',
    '{"type":"artifact","artifact":{"id":"a","kind":"k","fromSeq":0,"toSeq":0,"data":null}}\n{"type":"message","message":{"role":"user","content":"x","id":"m2","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}',
    /line 4: a message after an artifact/,
  ],
])('refuses %s, naming the line, and writes nothing', (_, line, error) => {
  const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(
    file,
    '{"type":"session","id":"bad","metadata":{}}\n' +
      '{"type":"message","message":{"role":"user","content":"hi","id":"m1","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}\n' +
      `${line}\n`,
  );
  const target = join(dir, 'bad.db');
  const r = engram('--db', target, 'import', file);
  expect(r.code).not.toBe(0);
  expect(r.err).toMatch(error);
  expect(engram('--db', target, 'sessions', 'show', 'bad').code).not.toBe(0);
});

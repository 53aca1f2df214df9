import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermEmbedder } from '../longterm/embedder.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { groupMessages } from '../messages/units.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { openEpisodicMemory } from './episodic-memory.ts';
import { createHierarchicalMemory } from './hierarchical-memory.ts';
import { createRagMemory } from './rag-memory.ts';

const counter = createEstimateTokenCounter();
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dbPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-patterns-'));
  dirs.push(dir);
  return join(dir, 'p.db');
};
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content });
const call = (id: string): ModelMessage[] => [
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'lookup', input: {} }] },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: id, toolName: 'lookup', output: { type: 'text', value: 'ok' } },
    ],
  },
];

describe('openEpisodicMemory (seed 003)', () => {
  it('closes episodes with metadata and summaries, recalls the relevant one, and continues after a reopen', async () => {
    const path = dbPath();
    const scope = { tenant: 't', user: 'u' };
    let store = createSqliteStore({ path });
    let episodic = await openEpisodicMemory({ store, scope, series: 'help', counter });
    expect(await episodic.startNewEpisode()).toBeUndefined(); // an empty episode stays current
    await episodic.store([user('My printer jams on every page.'), assistant('Try cleaning the rollers.')]);
    const first = await episodic.startNewEpisode({ topic: 'printer' });
    expect(first).toMatchObject({ index: 1, messageCount: 2, metadata: { topic: 'printer' } });
    expect(first?.summary).toBe(
      'Episode 1: 2 messages\nStarted: My printer jams on every page.\nEnded: Try cleaning the rollers.',
    );
    await episodic.store([user('How do I reset my router password?'), assistant('Hold reset for 10 s.')]);
    await episodic.startNewEpisode({ topic: 'router' });
    await episodic.store(user('Back again about something else.'));
    store.close();

    store = createSqliteStore({ path });
    episodic = await openEpisodicMemory({ store, scope, series: 'help', counter });
    expect(episodic.current.sessionId).toBe('help/episode-3');
    expect((await episodic.current.read()).map((m) => m.content)).toEqual([
      'Back again about something else.',
    ]);
    expect((await episodic.episodes()).map((e) => e.metadata.topic)).toEqual(['printer', 'router']);
    expect(await episodic.summarizeEpisodes()).toHaveLength(2);
    const found = await episodic.recallEpisode('router password');
    expect(found?.info.index).toBe(2);
    expect((await found!.memory.read()).map((m) => m.content)).toEqual([
      'How do I reset my router password?',
      'Hold reset for 10 s.',
    ]);
    expect(await episodic.recallEpisode('volcano')).toBeUndefined();
    // Another user's series of the same name sees nothing.
    const other = await openEpisodicMemory({ store, scope: { tenant: 't', user: 'u2' }, series: 'help' });
    expect(await other.episodes()).toEqual([]);
    expect(await other.recallEpisode('router')).toBeUndefined();
    store.close();
  });

  it('rejects a bad series name', async () => {
    await expect(openEpisodicMemory({ series: 'no spaces allowed' })).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
    );
  });
});

describe('createHierarchicalMemory (seed 003)', () => {
  it('keeps important messages in core, moves the oldest 25 down past 50, and never splits a tool unit', async () => {
    const memory = createConversationMemory({ counter });
    const levels = createHierarchicalMemory({ memory });
    await levels.addMessageWithImportance(user('My name is Ana and I am allergic to nuts.'), 0.9);
    for (let i = 1; i < 50; i++) await levels.addMessageWithImportance(user(`chat ${i}`), 0.1);
    expect((await levels.levels()).episodic).toEqual([]);
    await levels.addMessageWithImportance(user('chat 50'), 0.1);
    const l = await levels.levels();
    expect(l.episodic).toHaveLength(25);
    expect(l.working).toHaveLength(26);
    expect(l.core.map((m) => m.content)).toEqual(['My name is Ana and I am allergic to nuts.']);
    const context = await levels.getContextForLlm();
    expect(context[0]?.content).toBe('My name is Ana and I am allergic to nuts.');
    expect(context).toHaveLength(27);
    await expect(levels.addMessageWithImportance(user('x'), 2)).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
    );
  });

  it('property: levels partition the log, working is at most workingLimit, and no level splits a tool unit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('tool' as const), fc.double({ min: 0, max: 1, noNaN: true })), {
          maxLength: 40,
        }),
        fc.integer({ min: 2, max: 10 }),
        async (steps, limit) => {
          const memory = createConversationMemory({ counter });
          const levels = createHierarchicalMemory({
            memory,
            workingLimit: limit,
            moveCount: Math.ceil(limit / 2),
          });
          let k = 0;
          for (const s of steps)
            if (s === 'tool') await memory.append(call(`c${k++}`));
            else await levels.addMessageWithImportance(user(`m${k++}`), s);
          const { core, working, episodic } = await levels.levels();
          const all = await memory.read();
          expect([...episodic, ...working].map((m) => m.id)).toEqual(all.map((m) => m.id));
          expect(working.length).toBeLessThanOrEqual(limit + 1);
          const units = (list: MemoryMessage[]) =>
            groupMessages(list).every((u) => u.pending.size === 0 && u.kind !== 'orphan');
          expect(units(working)).toBe(true);
          expect(units(episodic)).toBe(true);
          for (const m of core)
            expect((m.metadata?.importance as number) >= 0.7 || m.role !== 'user').toBe(true);
          const context = await levels.getContextForLlm();
          expect(new Set(context.map((m) => m.id)).size).toBe(context.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sync records messages as they move down, once, and recall finds them (durable marker on SQLite)', async () => {
    const path = dbPath();
    const scope = { tenant: 't' };
    let store = createSqliteStore({ path });
    const open = () => {
      const memory = createConversationMemory({ store, scope, sessionId: 's', counter });
      const longTerm = createLongTermMemory({ store, scope, session: 's' });
      return {
        memory,
        longTerm,
        levels: createHierarchicalMemory({ memory, longTerm, workingLimit: 4, moveCount: 2 }),
      };
    };
    let h = open();
    for (const text of ['The dog is called Rex.', 'It rains.', 'Tea is ready.', 'Bus at 9.', 'Done.'])
      await h.levels.addMessageWithImportance(user(text), 0.2);
    expect(await h.levels.sync()).toBe(2);
    expect(await h.levels.sync()).toBe(0);
    store.close();
    store = createSqliteStore({ path });
    h = open();
    await h.levels.addMessageWithImportance(user('Later.'), 0.2);
    await h.levels.addMessageWithImportance(user('Even later.'), 0.2);
    expect(await h.levels.sync()).toBe(2);
    const [hit] = await h.levels.recall('what is the dog called');
    expect(hit?.record.text).toBe('user: The dog is called Rex.');
    store.close();
  });
});

describe('createRagMemory (seed 003)', () => {
  const words = ['server', 'database', 'staging', 'lunch'];
  const embedder: LongTermEmbedder = {
    id: 'toy',
    batchSize: 16,
    maxChars: 500,
    async embed(texts) {
      return texts.map((t) => {
        const v = words.map((w) => (t.toLowerCase().includes(w) ? 1 : 0));
        if (/db-\d/.test(t)) v[1] = 1; // "db-7" is a database
        return v.some(Boolean) ? v : [0, 0, 0, 0.01];
      });
    },
  };

  it('adds messages with embeddings and retrieves the k most relevant messages from the log', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'r', counter });
    const rag = createRagMemory({ memory, embedding: embedder });
    const a = await rag.addWithEmbedding(user('Staging runs on db-7.'));
    await rag.addWithEmbedding(assistant('Lunch is at noon.'));
    await rag.addWithEmbedding(user('Production uses db-9 in Frankfurt.'));
    const relevant = await rag.retrieveRelevant('which database?', 2);
    expect(relevant).toHaveLength(2);
    expect(relevant.map((m) => m.content)).not.toContain('Lunch is at noon.');
    expect((await rag.retrieveRelevant('staging', 1))[0]?.id).toBe(a.id);
    // A deleted message is not returned; another session's index is not searched.
    await memory.delete(a.id);
    expect((await rag.retrieveRelevant('staging', 3)).map((m) => m.id)).not.toContain(a.id);
    const other = createRagMemory({ memory: createConversationMemory({ store, sessionId: 'r2', counter }) });
    expect(await other.retrieveRelevant('staging')).toEqual([]);
    await expect(rag.retrieveRelevant('x', 0)).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'INVALID_QUERY'),
    );
  });
});

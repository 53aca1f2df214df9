/**
 * Seed 001 (Forge's Go memory) translated call by call to engram: AddMessage → store/append, GetMessages → read,
 * GetRecent → recent, GetByRole → byRole, Prune → prune, Clear → clear, metadata filtering → find, Search →
 * search, DatabaseMemory → a SQLite store. Go's plain-text tool messages become AI SDK tool-call / tool-result
 * parts. Mapping and differences: docs/seeds.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { agent } from '../ai-sdk.ts';
import {
  type ConversationMemory,
  createConversationMemory,
  createEstimateTokenCounter,
  type ModelMessage,
  toMemoryMessage,
} from '../index.ts';
import { createSqliteStore } from '../sqlite.ts';
import { checkPairs } from '../testing.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** NewConversationMemory(), counting tokens as the seed does (about 4 characters per token). */
const newConversationMemory = (): ConversationMemory =>
  createConversationMemory({ counter: createEstimateTokenCounter({ charsPerToken: 4 }) });

/** The seed's multi-turn conversation; the `<tool>` markup becomes a tool call and its result. */
const turn1: ModelMessage[] = [
  { role: 'user', content: 'What is 5 + 3?' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'I need to calculate this...' },
      { type: 'tool-call', toolCallId: 'calc_1', toolName: 'calculator', input: { expression: '5 + 3' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'calc_1',
        toolName: 'calculator',
        output: { type: 'text', value: '8' },
      },
    ],
  },
  { role: 'assistant', content: '5 + 3 = 8' },
];

describe('seed 001: the Memory interface', () => {
  it('AddMessage / GetMessages: a multi-turn conversation in order, each message timestamped', async () => {
    const memory = newConversationMemory();
    const before = Date.now();
    // Turn 1
    for (const m of turn1) await memory.store(m);
    // Turn 2
    await memory.store({ role: 'user', content: 'Now multiply that by 2' });
    const messages = await memory.read();
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    for (const m of messages) expect(m.createdAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('AddMessage keeps a timestamp that is provided', async () => {
    const memory = newConversationMemory();
    const at = new Date('2024-01-15T10:30:00Z');
    const [stored] = await memory.append(toMemoryMessage({ role: 'user', content: 'hi' }, { createdAt: at }));
    expect(stored!.createdAt).toEqual(at);
  });

  it('GetMessages returns a copy: changing it does not change the memory', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    const copy = await memory.read();
    copy.pop();
    expect(() => {
      (copy[0] as { content: string }).content = 'changed';
    }).toThrow(TypeError); // stored messages are frozen
    expect((await memory.read()).length).toBe(4);
    expect((await memory.read())[0]!.content).toBe('What is 5 + 3?');
  });

  it('GetRecent(n): the n newest, oldest first; all of them when n ≥ len', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    expect((await memory.recent(2)).map((m) => m.content)).toEqual([turn1[2]!.content, '5 + 3 = 8']);
    expect(await memory.recent(10)).toEqual(await memory.read());
  });

  it('GetByRole: all user messages, all tool results, all assistant responses', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    expect((await memory.byRole('user')).map((m) => m.content)).toEqual(['What is 5 + 3?']);
    expect(await memory.byRole('tool')).toHaveLength(1);
    expect(await memory.byRole('assistant')).toHaveLength(2);
  });

  it('Clear removes all messages', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    expect(await memory.clear()).toBe(4);
    expect(await memory.read()).toEqual([]);
  });
});

describe('seed 001: token management', () => {
  it('Prune(maxTokens): removes the oldest messages until under the limit, keeping the system message', async () => {
    const memory = newConversationMemory();
    await memory.store({ role: 'system', content: 'You are a calculator.' });
    for (let round = 0; round < 10; round++) for (const m of turn1) await memory.store(m);
    const total = await memory.tokens();
    await memory.prune(Math.floor(total / 2));
    const left = await memory.read();
    expect(await memory.tokens()).toBeLessThanOrEqual(Math.floor(total / 2));
    expect(left[0]!.role).toBe('system');
    checkPairs(left); // whole units go: no tool result is left without its call
    expect(left.length).toBeLessThan(41);
  });

  it('Prune when the total is under the limit is a no-op', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    expect(await memory.prune(1_000_000)).toEqual([]);
    expect(await memory.read()).toHaveLength(4);
  });

  it("the seed's TestConversationMemory (adding, then pruning 101 messages)", async () => {
    const memory = newConversationMemory();
    // Test adding messages
    await memory.store({ role: 'user', content: 'Hello' });
    expect(await memory.read()).toHaveLength(1);
    // Test pruning
    for (let i = 0; i < 100; i++) await memory.store({ role: 'user', content: `Message ${i}` });
    // The seed prunes to 1000 tokens; its 101 short messages hold fewer than that at ~4 characters per token
    // (plus engram's per-message overhead), so nothing would go — in Go as well. 100 tokens makes it prune.
    await memory.prune(100);
    expect((await memory.read()).length).toBeLessThan(100);
    expect(await memory.tokens()).toBeLessThanOrEqual(100);
  });

  it('Monitor memory usage: message count and tokens, without reading the log', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    const stats = await memory.stats();
    expect(stats.count).toBe((await memory.read()).length);
    expect(stats.tokens).toBe(await memory.tokens());
    expect(stats.tokens).toBeGreaterThan(0);
  });
});

describe('seed 001: advanced features', () => {
  it('Tagging messages with metadata, and GetImportant as a metadata filter', async () => {
    const memory = newConversationMemory();
    await memory.append(
      toMemoryMessage(turn1[0]!, { metadata: { important: true, category: 'calculation' } }),
    );
    await memory.store({ role: 'user', content: 'small talk' });
    const important = await memory.find({ metadata: { important: true } });
    expect(important.map((m) => m.content)).toEqual(['What is 5 + 3?']);
    expect(important[0]!.metadata).toEqual({ important: true, category: 'calculation' });
  });

  it('Search(query): case-insensitive substring search', async () => {
    const memory = newConversationMemory();
    for (const m of turn1) await memory.store(m);
    expect((await memory.search('CALCULATE')).map((m) => m.role)).toEqual(['assistant']);
    expect(await memory.search('no such text')).toEqual([]);
  });

  it('thread-safe: concurrent stores are all kept, in call order', async () => {
    const memory = newConversationMemory();
    await Promise.all(Array.from({ length: 50 }, (_, i) => memory.store({ role: 'user', content: `m${i}` })));
    expect((await memory.read()).map((m) => m.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `m${i}`),
    );
  });
});

describe('seed 001: persistence (the "future" DatabaseMemory)', () => {
  it('a SQLite-backed memory survives a restart and can be shared by instances', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-seed001-'));
    dirs.push(dir);
    const path = join(dir, 'memory.db');
    const store = createSqliteStore({ path });
    const memory = createConversationMemory({ store, sessionId: 'agent-1' });
    for (const m of turn1) await memory.store(m);
    await store.close();

    const reopened = createSqliteStore({ path });
    const again = createConversationMemory({ store: reopened, sessionId: 'agent-1' });
    expect((await again.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect((await again.recent(1))[0]!.content).toBe('5 + 3 = 8');
    await reopened.close();
  });

  it('memory in the agent loop (executeIteration: system prompt + GetMessages → LLM → AddMessage)', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: '5 + 3 = 8' }]);
    const memory = createConversationMemory();
    await memory.store({ role: 'user', content: 'earlier question' });
    await memory.store({ role: 'assistant', content: 'earlier answer' });
    const r = await agent({
      name: 'calc',
      description: 'Adds',
      model,
      instructions: 'You add numbers.',
      memory,
    }).run('What is 5 + 3?').result;
    // The system prompt, then every message in memory (GetMessages), then the reply is stored (AddMessage).
    expect(prompts[0]!.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(r.text).toBe('5 + 3 = 8');
    expect((await memory.recent(1))[0]?.content).toEqual([{ type: 'text', text: '5 + 3 = 8' }]);
  });
});

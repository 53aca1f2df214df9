import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonSchema, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedPrompt, scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { topicEmbeddingModel, topicModelId } from '../../../test-support/topic-embedding-model.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { type CreateAgentOptions, createAgent } from './create-agent.ts';
import { modelContextWindow } from './model-context-window.ts';

const scope = { tenant: 'acme', user: 'ada' };
const report = `Quarterly report. ${'Revenue grew in every region; costs held flat. '.repeat(600)}`;
const tools = {
  fetch_report: tool({
    description: 'Fetches the quarterly report.',
    inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
    execute: async () => report,
  }),
};
const promptText = (prompt: RecordedPrompt | undefined) => JSON.stringify(prompt ?? []);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-memory-agent-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createAgent', () => {
  it('continues a conversation across store reopenings, cites a large tool result after its first use, and recalls earlier sessions', async () => {
    const path = join(dir, 'chat.db');
    const first = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'fetch_report', input: {} }] },
      { text: 'Revenue grew everywhere.' },
      { text: 'Noted, Ada.' },
    ]);
    let store = createSqliteStore({ path });
    const assistant = createAgent({ model: first.model, store, scope, tools });
    expect((await assistant.run('Read the quarterly report.').result).text).toBe('Revenue grew everywhere.');
    // The step right after the call sees the result in full.
    expect(promptText(first.prompts[1])).toContain('Revenue grew in every region');
    await assistant.run('My favourite colour is teal.').result;
    // A later step sees a citation in place of the 30 KB result.
    expect(promptText(first.prompts[1]).length).toBeGreaterThan(report.length);
    expect(promptText(first.prompts[2]).length).toBeLessThan(3_000);
    expect(promptText(first.prompts[2])).toMatch(/stored as content item \\"tr_\w+/);
    await store.close();

    // A new process: the same file, the same (default) session.
    store = createSqliteStore({ path });
    const second = scriptedLanguageModel([{ text: 'We read the report.' }]);
    await createAgent({ model: second.model, store, scope, tools }).run('Where did we leave off?').result;
    expect(promptText(second.prompts[0])).toContain('My favourite colour is teal.');

    // Another session of the same user: recall of what was said before.
    const third = scriptedLanguageModel([{ text: 'Teal.' }]);
    await createAgent({ model: third.model, store, scope, sessionId: 'chat-2' }).run(
      'What is my favourite colour?',
    ).result;
    expect(promptText(third.prompts[0])).toContain('<long_term_memory>');
    expect(promptText(third.prompts[0])).toContain('teal');
    await store.close();
  });

  it('keeps the context within maxTokens, and turns recall off with longTermMemory: false', async () => {
    const store = createMemoryStore();
    const script = scriptedLanguageModel(Array.from({ length: 30 }, (_, i) => ({ text: `answer ${i}` })));
    const options: CreateAgentOptions = {
      model: script.model,
      store,
      scope,
      maxTokens: 400,
      context: 'citations',
      longTermMemory: false,
    };
    const assistant = createAgent(options);
    for (let i = 0; i < 30; i++) await assistant.run(`question ${i}: ${'words '.repeat(30)}`).result;
    const last = promptText(script.prompts.at(-1));
    expect(last).toContain('question 29');
    expect(last).not.toContain('question 0:');
    expect(last).not.toContain('<long_term_memory>');
  });

  it('every prompt the model gets starts with the user, however far a long run outgrows the context', async () => {
    const page = tool({
      description: 'Reads the next page.',
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
      execute: async () => `A page of the report. ${'Figures by region and by quarter. '.repeat(60)}`,
    });
    for (const context of ['ladder', 'citations'] as const) {
      const steps = Array.from({ length: 14 }, () => ({ toolCalls: [{ toolName: 'read_page', input: {} }] }));
      const script = scriptedLanguageModel([...steps, { text: 'All pages read.' }]);
      const assistant = createAgent({
        model: script.model,
        store: createMemoryStore(),
        scope,
        maxTokens: 2_000,
        context,
        longTermMemory: false,
        tools: { read_page: page },
      });
      await assistant.run('Read the whole report, page by page.').result;
      expect(script.prompts.length, context).toBe(15);
      for (const [i, prompt] of script.prompts.entries())
        expect(prompt.find((m) => m.role !== 'system')?.role, `${context}, step ${i + 1}`).toBe('user');
    }
  });

  it('takes an embedding model for its long-term memory: records are embedded, recall finds by meaning', async () => {
    const store = createMemoryStore();
    const topics = topicEmbeddingModel();
    const longTermMemory = { embedding: topics.model };
    const first = scriptedLanguageModel([{ text: 'Noted.' }]);
    await createAgent({ model: first.model, store, scope, longTermMemory }).run('The staging server is db-7.')
      .result;
    // The run's records are embedded off the request path.
    await vi.waitFor(async () =>
      expect(await store.longTermRecords.missingEmbeddings(scope, topicModelId, 10)).toEqual([]),
    );
    expect(topics.calls()).toBeGreaterThan(0);
    const second = scriptedLanguageModel([{ text: 'db-7.' }]);
    await createAgent({ model: second.model, store, scope, sessionId: 'chat-2', longTermMemory }).run(
      'Which database do we use?', // no word in common with what was said: found by its vector
    ).result;
    expect(promptText(second.prompts[0])).toContain('<long_term_memory>');
    expect(promptText(second.prompts[0])).toContain('db-7');
  });

  it('rejects bad options with a typed error naming the option', () => {
    const { model } = scriptedLanguageModel([]);
    const store = createMemoryStore();
    const cases: [unknown, RegExp][] = [
      [null, /createAgent/],
      [{ model, scope }, /store/],
      [{ model, store }, /scope/],
      [{ model, store, scope, context: 'summaries' }, /context/],
      [{ model, store, scope, maxTokens: 0 }, /maxTokens/],
      [{ model, store, scope, maxTokens: '8k' }, /maxTokens/],
      [{ model, store, scope, longTermMemory: 'yes' }, /longTermMemory/],
      [{ model, store, scope, longTermMemory: { embeding: {} } }, /longTermMemory\.embeding/],
    ];
    for (const [options, message] of cases) {
      const error = (() => {
        try {
          createAgent(options as CreateAgentOptions);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(MemoryError);
      expect((error as MemoryError).message).toMatch(message);
    }
  });

  it('names what was given in its errors for any value: a BigInt, a cyclic object, a Symbol (hunt)', () => {
    // The texts were built with JSON.stringify (context) and String (maxTokens), which throw on such values: a raw
    // TypeError (Do not know how to serialize a BigInt) came out instead of the INVALID_ARGUMENT being built.
    const { model } = scriptedLanguageModel([]);
    const store = createMemoryStore();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: [string, unknown, RegExp][] = [
      ['context', 10n, /createAgent\(options\)\.context must be 'ladder' or 'citations', got 10n/],
      ['context', cyclic, /createAgent\(options\)\.context must be .*, got an object/],
      ['context', Symbol('c'), /createAgent\(options\)\.context must be .*, got Symbol\(c\)/],
      ['maxTokens', 10n, /createAgent\(options\)\.maxTokens must be an integer >= 1, got 10n/],
      ['maxTokens', Object.create(null), /createAgent\(options\)\.maxTokens must be .*, got an object/],
      ['maxTokens', Symbol('m'), /createAgent\(options\)\.maxTokens must be .*, got Symbol\(m\)/],
    ];
    for (const [key, value, message] of cases) {
      let error: unknown;
      try {
        createAgent({ model, store, scope, [key]: value } as unknown as CreateAgentOptions);
      } catch (e) {
        error = e;
      }
      expect({ key, value, error }).toEqual({
        key,
        value,
        error: expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
      });
    }
  });
});

describe('modelContextWindow', () => {
  it('knows widely used models by id prefix, with or without a gateway prefix, and nothing else', () => {
    expect(modelContextWindow('openai/gpt-4o-mini')).toBe(128_000);
    expect(modelContextWindow('gpt-4.1-mini')).toBe(1_047_576);
    expect(modelContextWindow('anthropic/claude-sonnet-4-5')).toBe(200_000);
    expect(modelContextWindow('GPT-5')).toBe(400_000);
    expect(modelContextWindow('o4-mini')).toBe(200_000);
    expect(modelContextWindow(scriptedLanguageModel([]).model)).toBeUndefined();
    expect(modelContextWindow('my-local-model')).toBeUndefined();
  });
});

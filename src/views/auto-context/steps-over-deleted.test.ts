import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../content/create-content-store.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './index.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
const text = (m: { content: unknown }) =>
  typeof m.content === 'string' ? m.content : JSON.stringify(m.content);

describe('AutoContextMemory after messages are deleted', () => {
  it('a chat rewound to before a summarized round sends no summary of what was deleted, in this process and the next', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const open = () => {
      const memory = createConversationMemory({ store, counter, sessionId: 'chat' });
      const content = createContentStore({ store, counter });
      const view = createAutoContextMemory({
        conversation: memory,
        content,
        maxTokens: 100_000,
        msgThreshold: 4,
        lastKeep: 2,
      });
      return { memory, view };
    };
    const { memory, view } = open();
    for (let r = 0; r < 5; r++) {
      await view.store({ role: 'user', content: `question ${r} about gazpacho` });
      await view.store({ role: 'assistant', content: `answer ${r} about gazpacho` });
      await view.read();
    }
    const steps = await view.steps();
    expect(steps.some((s) => s.summary)).toBe(true);
    // An edit of question 1: it and everything after it deleted, the new version stored.
    const entries = await memory.entries();
    const from = entries.findIndex((e) => text(e.message) === 'question 1 about gazpacho');
    for (const e of entries.slice(from).reverse()) await memory.delete(e.message.id);
    await view.store({ role: 'user', content: 'question 1, edited' });
    const out = (await view.read()).map(text).join('\n');
    expect(out).not.toMatch(/answer [1-4]|question [2-4]/);
    expect(out).toContain('question 0 about gazpacho');
    expect(out).toContain('question 1, edited');
    // The steps over what was deleted are gone from the log too: a new process reads the same.
    expect((await view.steps()).every((s) => s.toSeq < entries[from]!.seq)).toBe(true);
    const again = (await open().view.read()).map(text).join('\n');
    expect(again).toBe(out);
    await store.close();
  });

  it('a log that never lost a message costs no check', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const memory = createConversationMemory({ store, counter, sessionId: 'run' });
    const view = createAutoContextMemory({
      conversation: memory,
      content: createContentStore({ store, counter }),
      maxTokens: 100_000,
      msgThreshold: 4,
      lastKeep: 2,
    });
    for (let r = 0; r < 5; r++) {
      await view.store({ role: 'user', content: `question ${r}` });
      await view.store({ role: 'assistant', content: `answer ${r}` });
    }
    const reads: unknown[] = [];
    const entries = memory.entries.bind(memory);
    memory.entries = async (query) => {
      if (query?.fromSeq !== undefined && query.fromSeq === query.toSeq) reads.push(query);
      return entries(query);
    };
    await view.read();
    expect(reads).toEqual([]);
    await store.close();
  });
});

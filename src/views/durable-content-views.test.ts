import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { researchTrace } from '../../test-support/research-trace.ts';
import { sendToModel } from '../../test-support/send-to-model.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './auto-context/index.ts';
import { createCitationMemory } from './citation-memory.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
const dir = mkdtempSync(join(tmpdir(), 'engram-durable-views-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores = {
  memory: () => createMemoryStore(),
  sqlite: () => createSqliteStore({ path: join(dir, `v-${Math.random().toString(36).slice(2)}.db`) }),
  'json-file': () =>
    createJsonFileStore({ directory: join(dir, `j-${Math.random().toString(36).slice(2)}`) }),
};

/** Plays the trace through both views on a store; returns what each showed at the end. */
async function play(open: () => ReturnType<(typeof stores)[keyof typeof stores]>) {
  const store = open();
  const memory = createConversationMemory({
    store,
    counter,
    sessionId: 'run',
    scope: { tenant: 'acme', user: 'u1' },
  });
  const content = createContentStore({ store, counter, scope: { tenant: 'acme', user: 'u1' }, space: 'run' });
  const citations = createCitationMemory({ conversation: memory, content });
  const ladder = createAutoContextMemory({
    conversation: memory,
    content,
    maxTokens: 12_000,
    lastKeep: 4,
    msgThreshold: 8,
  });
  const { messages, facts } = researchTrace({ iterations: 6, pageChars: 12_000 });
  for (const m of messages) {
    await memory.store(m);
    await citations.read();
    const context = await ladder.read();
    if (m.role !== 'assistant') await sendToModel(context); // an assistant step waits for its tool results
  }
  const out = {
    citations: await citations.read(),
    ladder: await ladder.read(),
    steps: (await ladder.steps()).map((s) => s.step),
  };
  // Every cited item is in the store, whole.
  for (const id of new Set(JSON.stringify(out).match(/tr_[0-9a-f]{24}/g) ?? [])) {
    expect((await content.info(id)).id).toBe(id);
  }
  const page = await content.query({ text: 'access code vault 2' });
  expect(JSON.stringify(await Promise.all(page.items.map((i) => content.retrieve(i.id))))).toContain(
    facts[1]!.text,
  );
  await store.close();
  return out;
}

describe('citations and the ladder on durable stores', () => {
  it('give the same context on SQLite and json-file as in process, the same after a reopen', async () => {
    const reference = await play(stores.memory);
    expect(reference.steps.length).toBeGreaterThan(0);
    for (const name of ['sqlite', 'json-file'] as const) {
      const got = await play(stores[name]);
      const strip = (x: unknown) =>
        JSON.stringify(x)
          .replace(/"(id|createdAt)":"[^"]*"/g, '')
          .replace(/ctx_\w+/g, 'ctx')
          .replace(/tr_[0-9a-f]{24}/g, 'tr'); // ids are new each run
      expect(strip(got.citations), name).toBe(strip(reference.citations));
      expect(strip(got.ladder), name).toBe(strip(reference.ladder));
      expect(got.steps, name).toEqual(reference.steps);
    }
  });
});

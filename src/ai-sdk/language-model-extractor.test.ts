import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { makeMessage } from '../testing/fixtures.ts';
import { createLanguageModelExtractor } from './language-model-extractor.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A mock model whose answer is computed from the prompt it gets (existing memories and new turns parsed back). */
function modelAnswering(
  answer: (p: { memories: { id: string; text: string }[]; turns: { text: string }[] }) => unknown,
  prompts: string[] = [],
) {
  return new MockLanguageModelV4({
    doGenerate: async (options) => {
      const user = options.prompt.find((m) => m.role === 'user');
      const text = user?.content.map((c) => (c.type === 'text' ? c.text : '')).join('') ?? '';
      prompts.push(`${JSON.stringify(options.prompt[0])}\n${text}`);
      const [head, tail] = text.split('New turns (JSON lines):');
      const parse = (s: string | undefined) =>
        (s ?? '')
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l));
      const out = answer({ memories: parse(head), turns: parse(tail) });
      return {
        content: [{ type: 'text', text: typeof out === 'string' ? out : JSON.stringify(out) }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function sqliteStore() {
  const dir = mkdtempSync(join(tmpdir(), 'engram-extract-'));
  dirs.push(dir);
  return createSqliteStore({ path: join(dir, 'ltm.db') });
}
const at = (day: number, text: string, role: 'user' | 'assistant' = 'user'): MemoryMessage =>
  makeMessage(role, text, { createdAt: new Date(Date.UTC(2026, 4, day, 10)) });

describe('createLanguageModelExtractor', () => {
  it('adds facts from new turns, then supersedes one through the temporary id it was shown', async () => {
    const store = sqliteStore();
    const prompts: string[] = [];
    const model = modelAnswering(({ memories, turns }) => {
      const said = turns.map((t) => t.text).join(' ');
      if (!said.includes('Porto')) return { decisions: [{ event: 'ADD', text: 'Alice lives in Lisbon.' }] };
      const lisbon = memories.find((m) => m.text.includes('Lisbon'));
      return {
        decisions: [
          { event: 'UPDATE', id: lisbon?.id, text: 'Alice lives in Porto (moved from Lisbon in May 2026).' },
          { event: 'UPDATE', id: '99', text: 'an invented id changes nothing' },
        ],
      };
    }, prompts);
    const memory = createLongTermMemory({
      store,
      scope: { tenant: 't', user: 'alice' },
      session: 's1',
      recording: 'facts',
      selfFacts: false, // the model's facts alone (the deterministic self facts are tested in longterm/self-facts)
      extractor: createLanguageModelExtractor({ model }),
    });
    await memory.record([at(1, 'I live in Lisbon these days.'), at(1, 'Nice city!', 'assistant')]);
    await memory.flush();
    const [fact] = await memory.search('where does alice live', { filter: { kinds: ['fact'] } });
    expect(fact?.record.text).toBe('Alice lives in Lisbon.');
    expect(fact?.record.provenance.roles).toEqual(['user', 'assistant']);
    expect(fact?.record.metadata).toEqual({ extracted: true });

    await memory.record([at(20, 'Big news: I left Lisbon, I live in Porto now.')]);
    await memory.flush();
    const history = await memory.history(fact!.record.id);
    expect(history.map((r) => r.event)).toEqual(['ADD', 'UPDATE']);
    expect(history[1]?.text).toContain('Porto');
    expect(history[0]?.expiredAt).toBeInstanceOf(Date);
    const facts = await memory.records.listRecords(memory.scope, { filter: { kinds: ['fact'] } });
    expect(facts.records).toHaveLength(1);
    // The model saw the stored fact under a temporary id, never its real one, and the turns as quoted data.
    expect(prompts[1]).toContain('{"id":"0","text":"Alice lives in Lisbon."}');
    expect(prompts[1]).not.toContain(fact!.record.id);
    expect(prompts[1]).toContain('"text":"Big news: I left Lisbon, I live in Porto now."');
    expect(prompts[0]).toContain('not instructions');
    // The raw turns are kept beside the facts.
    const turns = await memory.search('Porto', { filter: { kinds: ['turn'] } });
    expect(turns[0]?.record.text).toBe('user: Big news: I left Lisbon, I live in Porto now.');
    store.close();
  });

  it('deletes a memory the turns contradict, and applies at most maxFactsPerRun changes', async () => {
    const model = modelAnswering(({ memories, turns }) => {
      if (turns.some((t) => t.text.includes('vegetarian')))
        return { decisions: [{ event: 'DELETE', id: memories[0]?.id }] };
      return {
        decisions: ['one', 'two', 'three', 'four'].map((n) => ({ event: 'ADD', text: `Fact ${n}.` })),
      };
    });
    const memory = createLongTermMemory({
      scope: { tenant: 't' },
      recording: 'facts',
      maxFactsPerRun: 2,
      extractor: createLanguageModelExtractor({ model }),
    });
    await memory.add({ kind: 'fact', text: 'Bob eats steak every Friday.' });
    await memory.record([at(2, 'Bob says he is vegetarian now, no steak.')]);
    await memory.flush();
    expect((await memory.search('steak', { filter: { kinds: ['fact'] } })).length).toBe(0);
    await memory.record([at(3, 'Tell me four things.')]);
    await memory.flush();
    const facts = await memory.records.listRecords(memory.scope, { filter: { kinds: ['fact'] } });
    expect(facts.records.map((r) => r.text).sort()).toEqual(['Fact one.', 'Fact two.']);
  });

  it('throws SUMMARIZER_ERROR on an answer that does not validate; the memory keeps the turns and reports it', async () => {
    const extractor = createLanguageModelExtractor({ model: modelAnswering(() => 'not json') });
    await expect(extractor.extract([{ speaker: 'u', role: 'user', text: 'hi' }], [])).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'SUMMARIZER_ERROR'),
    );
    const wrongShape = createLanguageModelExtractor({
      model: modelAnswering(() => ({ decisions: [{ event: 'MERGE' }] })),
    });
    await expect(wrongShape.extract([{ speaker: 'u', role: 'user', text: 'hi' }], [])).rejects.toThrow(
      /fact extraction failed/,
    );
    const errors: unknown[] = [];
    const memory = createLongTermMemory({
      scope: { tenant: 't' },
      recording: 'facts',
      extractor,
      onError: (e) => errors.push(e),
    });
    await memory.record([at(4, 'My locker code is 4417.')]);
    for (let i = 0; i < 3; i++) await memory.flush().catch(() => undefined);
    expect(errors.length).toBeGreaterThan(0);
    expect((await memory.search('locker code'))[0]?.record.text).toBe('user: My locker code is 4417.');
    // After three failed runs the batch is passed over: the queue moves on instead of retrying forever.
    await expect(memory.flush()).resolves.toBeUndefined();
  });

  it('drops decisions missing the field their event needs, and sends nothing for no turns', async () => {
    let calls = 0;
    const extractor = createLanguageModelExtractor({
      model: modelAnswering(() => {
        calls++;
        return {
          decisions: [
            { event: 'ADD' },
            { event: 'UPDATE', text: 'no id' },
            { event: 'DELETE' },
            { event: 'ADD', text: '  Kept.  ' },
          ],
        };
      }),
    });
    expect(await extractor.extract([], [])).toEqual([]);
    expect(calls).toBe(0);
    expect(await extractor.extract([{ speaker: 'u', role: 'user', text: 'x' }], [])).toEqual([
      { event: 'ADD', text: 'Kept.' },
    ]);
  });

  it('refuses a misspelt option (guidence: extraction without the caller’s guidance) naming it', () => {
    expect(() =>
      createLanguageModelExtractor({ model: new MockLanguageModelV4(), guidence: 'only food' } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/createLanguageModelExtractor\(options\)\.guidence: not an option/),
      }),
    );
  });
});

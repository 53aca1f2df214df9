import { describe, expect, it } from 'vitest';
import { createCountingCounter } from '../../test-support/counting-counter.ts';
import { call, memoryWith, result, say, system, texts, user } from '../../test-support/view-helpers.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { SummarizerInput } from './summarizer.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';

/** A deterministic summarizer that records its calls. */
function countingSummarizer() {
  const calls: SummarizerInput[] = [];
  const summarizer = async (input: SummarizerInput) => {
    calls.push(input);
    const covered = input.messages.map((m: MemoryMessage) => texts([m])[0]).join(',');
    return input.previousSummary ? `${input.previousSummary};${covered}` : covered;
  };
  return { calls, summarizer };
}

const turns = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => (i % 2 ? say(`a${from + i}`) : user(`q${from + i}`)));

describe('createSummarizingMemory', () => {
  it('returns the log unchanged while it fits', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith(turns(4));
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 10,
      keepRecent: 2,
      summarizer,
    });
    expect(texts(await view.read())).toEqual(['q0', 'a1', 'q2', 'a3']);
    expect(calls).toHaveLength(0);
    expect(await view.instructions()).toBeUndefined();
  });

  it('summarizes the older whole units, keeps system messages and the newest messages verbatim', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith([system('rules'), ...turns(6), call('c1'), result('c1'), say('done')]);
    const view = createSummarizingMemory({ conversation: memory, maxMessages: 6, keepRecent: 2, summarizer });
    const out = await view.read();
    // keepRecent 2 rounds up to the whole call unit (call + result) and the final answer.
    expect(texts(out)).toEqual([
      'rules',
      '[Summary of earlier conversation: q0,a1,q2,a3,q4,a5]',
      'tool-call:c1',
      'result of c1',
      'done',
    ]);
    expect(out[1]).toMatchObject({ role: 'user', id: 'summary_7' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.previousSummary).toBeUndefined();
    expect(texts(calls[0]!.messages)).toEqual(['q0', 'a1', 'q2', 'a3', 'q4', 'a5']);
    expect(texts(await memory.read())).toHaveLength(10); // the log is untouched
  });

  it('summarizes incrementally, only when the covered range grows by `step`, never on every read', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith(turns(10));
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 6,
      keepRecent: 4,
      step: 4,
      summarizer,
    });
    await view.read();
    expect(calls).toHaveLength(1);
    for (let i = 0; i < 5; i++) await view.read();
    expect(calls).toHaveLength(1);
    await view.store(turns(3, 10)); // covered range would grow by 3 < step
    expect((await view.read()).length).toBe(8);
    expect(calls).toHaveLength(1);
    await view.store(user('q13')); // now by 4
    const out = await view.read();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.previousSummary).toBe('q0,a1,q2,a3,q4,a5');
    expect(texts(calls[1]!.messages)).toEqual(['q6', 'a7', 'q8', 'a9']);
    expect(texts(out)).toEqual([
      '[Summary of earlier conversation: q0,a1,q2,a3,q4,a5;q6,a7,q8,a9]',
      'q10',
      'a11',
      'q12',
      'q13',
    ]);
  });

  it('persists the summary as an artifact, so a reopened session does not summarize again', async () => {
    const store = createMemoryStore();
    const first = countingSummarizer();
    const memory = createConversationMemory({ store, sessionId: 'ses_1' });
    await memory.append(turns(12));
    const before = await createSummarizingMemory({
      conversation: memory,
      maxMessages: 8,
      keepRecent: 4,
      summarizer: first.summarizer,
    }).read();
    const [artifact] = await store.listArtifacts(memory.scope, 'ses_1', 'summary');
    expect(artifact).toMatchObject({ id: 'summary_8', kind: 'summary', fromSeq: 1, toSeq: 8 });
    const second = countingSummarizer();
    const reopened = createConversationMemory({ store, sessionId: 'ses_1' });
    const view = createSummarizingMemory({
      conversation: reopened,
      maxMessages: 8,
      keepRecent: 4,
      summarizer: second.summarizer,
    });
    expect(await view.read()).toEqual(before);
    expect(second.calls).toHaveLength(0);
    expect(await view.summary()).toMatchObject({ toSeq: 8, messages: 8 });
  });

  it("with summaryRole 'instructions', gives the summary through instructions()", async () => {
    const { summarizer } = countingSummarizer();
    const memory = await memoryWith(turns(8));
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 4,
      keepRecent: 2,
      summaryRole: 'instructions',
      summarizer,
    });
    expect(texts(await view.read())).toEqual(['q6', 'a7']);
    expect(await view.instructions()).toBe('Summary of earlier conversation:\nq0,a1,q2,a3,q4,a5');
  });

  it("with summaryRole 'instructions', the messages still start with the user inside a long agent run", async () => {
    const { summarizer } = countingSummarizer();
    const run = [
      user('research'),
      ...Array.from({ length: 6 }, (_, i) => [call(`c${i}`), result(`c${i}`)]).flat(),
    ];
    const memory = await memoryWith(run);
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 6,
      keepRecent: 2,
      summaryRole: 'instructions',
      summarizer,
    });
    const out = await view.read();
    // The summary (through instructions()) covers the task too; it is sent again ahead of the kept steps.
    expect(texts(out)).toEqual(['research', 'tool-call:c5', 'result of c5']);
    expect(await view.instructions()).toMatch(/^Summary of earlier conversation:\nresearch,/);
    expect(view.lastAssembly()!.items[0]).toMatchObject({ why: expect.stringMatching(/opened the turn/) });
    // As a user message the summary leads, and the task is not repeated.
    const asUser = createSummarizingMemory({
      conversation: memory,
      maxMessages: 6,
      keepRecent: 2,
      summarizer,
    });
    expect((await asUser.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('throws SUMMARIZER_ERROR with the cause, and keeps the previous summary in force', async () => {
    let fail = false;
    const { calls, summarizer } = countingSummarizer();
    const flaky = async (input: SummarizerInput) => {
      if (fail) throw new Error('rate limited');
      return summarizer(input);
    };
    const memory = await memoryWith(turns(8));
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 4,
      keepRecent: 2,
      step: 2,
      summarizer: flaky,
    });
    await view.read();
    await view.store(turns(4, 8));
    fail = true;
    const error = await view.read().catch((e) => e);
    expect(error).toMatchObject({ code: 'SUMMARIZER_ERROR', cause: new Error('rate limited') });
    expect(error.message).toMatch(/^\[engram\] \[views\] the summarizer failed on 4 messages: rate limited/);
    fail = false;
    await view.read();
    expect(calls.at(-1)!.previousSummary).toBe('q0,a1,q2,a3,q4,a5');
    const empty = createSummarizingMemory({
      conversation: await memoryWith(turns(8)),
      maxMessages: 4,
      keepRecent: 2,
      summarizer: async () => ' ',
    });
    await expect(empty.read()).rejects.toMatchObject({ code: 'SUMMARIZER_ERROR' });
  });

  it('summarizes by tokens with maxTokens', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith(turns(6).concat([user('word '.repeat(200)), say('ok')]));
    const view = createSummarizingMemory({ conversation: memory, maxTokens: 100, keepRecent: 2, summarizer });
    const out = await view.read();
    expect(calls).toHaveLength(1);
    expect(out).toHaveLength(3);
  });

  it('ignores a summary whose messages were all deleted, and serializes concurrent reads', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith(turns(10));
    const view = createSummarizingMemory({ conversation: memory, maxMessages: 4, keepRecent: 2, summarizer });
    await Promise.all([view.read(), view.read(), view.read()]);
    expect(calls).toHaveLength(1);
    await memory.clear();
    await memory.store(user('fresh'));
    expect(texts(await view.read())).toEqual(['fresh']);
  });

  it('ignores a summary a chat edit reached into (its last message and every later one deleted): no text of the deleted messages is sent', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith(turns(10));
    const view = createSummarizingMemory({ conversation: memory, maxMessages: 6, keepRecent: 2, summarizer });
    await view.read();
    expect(calls).toHaveLength(1);
    const covered = calls[0]!.messages.map((m) => texts([m])[0]);
    // Rewound to before the third message (it and everything after it deleted), then the edit stored.
    const entries = await memory.entries();
    for (const e of entries.slice(2).reverse()) await memory.delete(e.message.id);
    await memory.store(user('edited'));
    const out = texts(await view.read());
    for (const text of covered.slice(2)) expect(out.join('\n')).not.toContain(text);
    expect(out.at(-1)).toBe('edited');
  });

  it('never summarizes a trailing in-flight call', async () => {
    const { calls, summarizer } = countingSummarizer();
    const memory = await memoryWith([...turns(8), call('c1', 'c2')]);
    const view = createSummarizingMemory({ conversation: memory, maxMessages: 3, keepRecent: 1, summarizer });
    const out = await view.read();
    expect(texts(out).at(-1)).toBe('tool-call:c1+tool-call:c2');
    expect(
      calls[0]!.messages.every(
        (m) => m.role !== 'assistant' || typeof m.content === 'string' || m.content[0]!.type !== 'tool-call',
      ),
    ).toBe(true);
  });

  it('rejects bad options', async () => {
    const memory = await memoryWith([]);
    const summarizer = async () => 's';
    expect(() => createSummarizingMemory({ conversation: memory, keepRecent: 0, summarizer })).toThrow(
      /keepRecent/,
    );
    expect(() =>
      createSummarizingMemory({ conversation: memory, keepRecent: 2, maxMessages: 0, summarizer }),
    ).toThrow(/maxMessages/);
    expect(() =>
      createSummarizingMemory({ conversation: memory, keepRecent: 2, step: 0, summarizer }),
    ).toThrow(/step/);
  });

  it('a session deleted and created again under a live view: no stale cache, no stale summary', async () => {
    const { summarizer } = countingSummarizer();
    const store = createMemoryStore();
    const memory = await memoryWith(turns(6), store);
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 4,
      keepRecent: 2,
      step: 1,
      summarizer,
    });
    const before = await view.read();
    expect(await view.summary()).toBeDefined();
    const stats = await memory.stats();
    await store.deleteSession(memory.scope, memory.sessionId);
    await store.createSession(memory.scope, { id: memory.sessionId });
    // The new log has the old one's lastSeq and count: only the log id tells them apart.
    await memory.store(turns(stats.lastSeq, 100).slice(0, 3));
    expect(texts(await view.read())).toEqual(['q100', 'a101', 'q102']);
    expect(await view.summary()).toBeUndefined();
    expect(before).not.toEqual(await view.read());
  });

  it("a reopened view takes the summary message's tokens from its artifact: nothing is counted", async () => {
    const { summarizer } = countingSummarizer();
    const store = createMemoryStore();
    const base = createTokenCounter({ encoding: 'o200k_base' });
    const counter = createCountingCounter(base);
    const first = createConversationMemory({ store, sessionId: 's', counter: base });
    for (const m of turns(12)) await first.store(m);
    const made = createSummarizingMemory({ conversation: first, maxTokens: 60, keepRecent: 2, summarizer });
    const before = await made.read();
    const shown = before.find((m) => m.id?.startsWith('summary_'))!;
    const [artifact] = (await first.listArtifacts('summary')).slice(-1);
    expect(artifact!.data).toMatchObject({ tokens: base.count(shown), encoding: 'o200k_base' });
    // Another process (a new conversation and view on the same session): the same messages, no count made.
    const conversation = createConversationMemory({ store, sessionId: 's', counter });
    const view = createSummarizingMemory({ conversation, maxTokens: 60, keepRecent: 2, summarizer });
    expect(await view.read()).toEqual(before);
    expect(counter.counts).toBe(0);
    // A summary stored without them (an earlier version) is counted once.
    await conversation.putArtifact({
      ...artifact!,
      data: { text: (artifact!.data as { text: string }).text, messages: 10 },
    });
    const older = createSummarizingMemory({
      conversation: createConversationMemory({ store, sessionId: 's', counter }),
      maxTokens: 60,
      keepRecent: 2,
      summarizer,
    });
    // (the rewritten artifact has a new time, which the summary message carries)
    const timeless = (list: MemoryMessage[]) => list.map(({ createdAt: _c, ...m }) => m);
    expect(timeless(await older.read())).toEqual(timeless(before));
    expect(counter.counts).toBe(1);
  });
});

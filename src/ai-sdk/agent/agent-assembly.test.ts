import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { providerInputTokens, scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { REPLY_PRIMING_TOKENS } from '../../tokens/token-counter.ts';
import type { AssemblyRecord } from '../../views/assembly/assembly-records.ts';
import { readAssemblyRecords } from '../../views/assembly/assembly-records.ts';
import { createAutoContextMemory } from '../../views/auto-context/auto-context-memory.ts';
import { createSummarizingMemory } from '../../views/summarizing-memory.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { createWorkingMemory } from '../../working/working-memory.ts';
import { agent } from './agent.ts';
import type { AgentEvent } from './agent-types.ts';

const counter = createTokenCounter();
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-assembly-'));
  dirs.push(dir);
  return join(dir, 'a.db');
};

const fetchPage = tool({
  description: 'Fetches a page.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) =>
    `<html><!-- ${url} -->${'<p>Lisbon dishes and their allergens, at length.</p>'.repeat(300)}</html>`,
});
const fetchCall = (url: string) => ({ toolCalls: [{ toolName: 'fetchPage', input: { url } }] });

const messageSources = new Set(['summary', 'citation', 'message', 'tool-result']);
const sumOf = (r: AssemblyRecord, pick: (s: string) => boolean) =>
  r.items.filter((i) => pick(i.source)).reduce((n, i) => n + i.tokens, 0);

async function collect(stream: AsyncIterable<AgentEvent>) {
  const out: AgentEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

describe('agent recordAssembly: one record per step, totals that add up', () => {
  it('on SQLite with AutoContextMemory, a content store, working memory and recall: every step matches the view and the provider', async () => {
    const store = createSqliteStore({ path: tempDb() });
    const scope = { tenant: 't', user: 'ada' };
    const conversation = createConversationMemory({ store, scope, sessionId: 's1', counter });
    const content = createContentStore({ store, scope, counter });
    const memory = createAutoContextMemory({
      conversation,
      content,
      maxTokens: 16_000,
      msgThreshold: 6,
      lastKeep: 4,
      minGainTokens: 0,
    });
    const longTerm = createLongTermMemory({ store, scope, session: 's1' });
    const workingMemory = createWorkingMemory({
      store,
      scope,
      template: '# Profile\n- Name: Ada\n- Allergy: peanuts',
    });
    const { model, prompts } = scriptedLanguageModel(
      [
        { text: 'Nice to meet you, Ada.' },
        fetchCall('https://food.example/a'),
        { text: 'Read it.' },
        fetchCall('https://food.example/b'),
        { text: 'Read that too.' },
        { text: 'You are Ada, allergic to peanuts.' },
      ],
      { countInput: (call) => providerInputTokens(counter, call) },
    );
    const assistant = agent({
      name: 'assistant',
      description: 'test',
      model,
      instructions: 'You are a helpful assistant. Use what you remember.',
      tools: { fetchPage },
      memory,
      contentStore: content,
      workingMemory,
      longTermMemory: { memory: longTerm, mode: 'static' },
      recordAssembly: true,
    });
    const events: AgentEvent[] = [];
    for (const prompt of [
      "Hi, I'm Ada and I'm allergic to peanuts.",
      'Please read https://food.example/a',
      'And https://food.example/b please',
      'What do you remember about me, Ada?',
    ]) {
      const run = assistant.run(prompt);
      events.push(...(await collect(run.stream)));
      await run.result;
    }
    const records = await readAssemblyRecords(store, scope, 's1');
    const stepEnds = events.filter((e) => e.type === 'agent-step-end');
    expect(records).toHaveLength(prompts.length);
    expect(stepEnds).toHaveLength(prompts.length);
    const sources = new Set(records.flatMap((r) => r.items.map((i) => i.source)));
    for (const s of ['instructions', 'tools', 'working-memory', 'message', 'tool-result', 'citation'])
      expect(sources, s).toContain(s);
    expect(sources).toContain('long-term'); // the last run recalls what the first ones recorded
    records.forEach((r, i) => {
      const end = stepEnds[i] as Extract<AgentEvent, { type: 'agent-step-end' }>;
      expect(r.agent).toBe('assistant');
      expect(r.step).toBe(end.step);
      expect(r.tokens).toBe(r.items.reduce((n, it) => n + it.tokens, 0));
      // The messages part is the view's own count (no system messages in this log), and the event's.
      expect(sumOf(r, (s) => messageSources.has(s))).toBe(r.viewTokens);
      expect(sumOf(r, (s) => messageSources.has(s))).toBe(end.context.messages);
      // The provider's count differs from the items' by the reply priming only.
      expect(r.provider?.unattributed).toBe(REPLY_PRIMING_TOKENS);
    });
    // A citation stands in for a result after its first use, and says what it dropped.
    const cited = records.find((r) => r.items.some((i) => i.source === 'citation'))!;
    expect(cited.dropped.some((d) => d.rule === 'first-use-expiry' && (d.tokens ?? 0) > 0)).toBe(true);
    // What was sent is kept whole: the instructions, the tool definitions (one JSON object a line, counted one by
    // one), the pinned memory, the recall block, and the citation that stood in for the result.
    const sent = (source: string) => records.flatMap((r) => r.items).find((i) => i.source === source)!;
    expect(sent('instructions').sent).toBe('You are a helpful assistant. Use what you remember.');
    const lines = sent('tools').sent!.split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { name: string }).name)).toContain('fetchPage');
    expect(sent('tools').tokens).toBe(lines.reduce((n, l) => n + counter.countText(l), 0));
    expect(sent('working-memory').sent).toContain('- Allergy: peanuts');
    const recall = sent('long-term');
    expect(recall.sent).toMatch(/^<long_term_memory>\n[\s\S]*\n<\/long_term_memory>$/);
    expect(recall.sent!.length).toBeGreaterThan(160);
    expect(recall.sent!.startsWith(recall.preview!)).toBe(true);
    expect(sent('citation').sent).toMatch(/tr_[0-9a-f]{24}/);
    store.close();
  });

  it('a token window leaves the oldest units out under the budget rule, system messages are not sent', async () => {
    const store = createSqliteStore({ path: tempDb() });
    const scope = { tenant: 't' };
    const conversation = createConversationMemory({ store, scope, sessionId: 'w', counter });
    await conversation.store({ role: 'system', content: 'A system message in the log.' });
    for (let i = 0; i < 40; i++) {
      await conversation.store({ role: 'user', content: `question ${i} ${'word '.repeat(40)}` });
      await conversation.store({ role: 'assistant', content: `answer ${i} ${'word '.repeat(40)}` });
    }
    const view = createTokenWindowMemory({ conversation, maxTokens: 1_000 });
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }], {
      countInput: (call) => providerInputTokens(counter, call),
    });
    const assistant = agent({
      name: 'a',
      description: 'd',
      model,
      memory: view,
      recordAssembly: { keep: 5 },
    });
    await assistant.run('one more').result;
    const [record] = await readAssemblyRecords(store, scope, 'w');
    expect(prompts).toHaveLength(1);
    const notSent = record!.dropped.filter((d) => d.rule === 'not-sent');
    expect(notSent).toHaveLength(1);
    // The view's count (read before the step): what was sent plus the system message the agent leaves out.
    expect(sumOf(record!, (s) => messageSources.has(s)) + (notSent[0]!.tokens ?? 0)).toBe(record!.viewTokens);
    expect(record!.budget).toBe(1_000);
    const budget = record!.dropped.find((d) => d.rule === 'budget')!;
    const sent = record!.items.filter((i) => i.messageId !== undefined).length;
    expect(budget.messages + sent + 1).toBe(82); // the whole log: system, 80 messages, the prompt
    expect(record!.provider?.unattributed).toBe(REPLY_PRIMING_TOKENS);
    store.close();
  });

  it('keeps the newest `keep` records of a session', async () => {
    const store = createSqliteStore({ path: tempDb() });
    const scope = { tenant: 't' };
    const conversation = createConversationMemory({ store, scope, sessionId: 'k', counter });
    const view = createTokenWindowMemory({ conversation, maxTokens: 10_000 });
    const { model } = scriptedLanguageModel([]);
    const assistant = agent({
      name: 'a',
      description: 'd',
      model,
      memory: view,
      recordAssembly: { keep: 3 },
    });
    // Retention trims in batches: past keep + 10 records, back down to the newest `keep`.
    for (let i = 0; i < 15; i++) await assistant.run(`turn ${i}`).result;
    const records = await readAssemblyRecords(store, scope, 'k');
    expect(records.map((r) => r.lastSeq)).toEqual([23, 25, 27, 29]);
    // Another tenant's session of the same id is not found.
    await expect(readAssemblyRecords(store, { tenant: 'other' }, 'k')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    store.close();
  });

  it('a summary the view sends as instructions reaches the model and is counted as a summary', async () => {
    const store = createSqliteStore({ path: tempDb() });
    const scope = { tenant: 't' };
    const conversation = createConversationMemory({ store, scope, sessionId: 'sum', counter });
    for (let i = 0; i < 10; i++) {
      await conversation.store({ role: 'user', content: `question ${i}` });
      await conversation.store({ role: 'assistant', content: `answer ${i}` });
    }
    const view = createSummarizingMemory({
      conversation,
      maxMessages: 6,
      keepRecent: 4,
      summaryRole: 'instructions',
      summarizer: async () => 'The user asked ten questions.',
    });
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }], {
      countInput: (call) => providerInputTokens(counter, call),
    });
    await agent({
      name: 'a',
      description: 'd',
      model,
      instructions: 'Be kind.',
      memory: view,
      recordAssembly: true,
    }).run('hi').result;
    const system = prompts[0]!.find((m) => m.role === 'system')!;
    expect(system.content).toBe(
      'Be kind.\n\nSummary of earlier conversation:\nThe user asked ten questions.',
    );
    const [record] = await readAssemblyRecords(store, scope, 'sum');
    const summary = record!.items.find((i) => i.source === 'summary')!;
    expect(summary).toMatchObject({ role: 'system', why: "the view's summary, sent in the instructions" });
    expect(summary.tokens).toBeGreaterThan(5);
    expect(record!.provider?.unattributed).toBe(REPLY_PRIMING_TOKENS);
    store.close();
  });

  it('another agent’s messages: items paired by id, its tool result not sent; a step ending in unanswered calls is recorded', async () => {
    const store = createSqliteStore({ path: tempDb() });
    const scope = { tenant: 't' };
    const conversation = createConversationMemory({ store, scope, sessionId: 'multi', counter });
    await conversation.store([
      { role: 'user', content: 'Plan a trip.' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'p1', toolName: 'search', input: { q: 'Lisbon' } }],
        agent: { from: 'planner' },
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'p1',
            toolName: 'search',
            output: { type: 'text', value: 'Lisbon is sunny.' },
          },
        ],
        agent: { from: 'planner' },
      },
      { role: 'assistant', content: 'I found Lisbon.', agent: { from: 'planner' } },
    ] as never);
    const view = createTokenWindowMemory({ conversation, maxTokens: 5_000 });
    const ask = tool({
      description: 'Asks the user (answered by the app).',
      inputSchema: z.object({ question: z.string() }),
    });
    const { model, prompts } = scriptedLanguageModel(
      [{ toolCalls: [{ toolName: 'ask', input: { question: 'When?' } }] }],
      {
        countInput: (call) => providerInputTokens(counter, call),
      },
    );
    const result = await agent({
      name: 'writer',
      description: 'd',
      model,
      tools: { ask },
      memory: view,
      recordAssembly: true,
    }).run('Write it up.').result;
    expect(result.pendingToolCalls).toHaveLength(1);
    const records = await readAssemblyRecords(store, scope, 'multi');
    expect(records).toHaveLength(prompts.length);
    const [record] = records;
    expect(
      record!.items.filter((i) => i.messageId !== undefined).map((i) => i.why.includes('attributed')),
    ).toEqual([
      false, // the user's request
      true, // the planner's call, as text
      true, // the planner's answer
      false, // this run's prompt
    ]);
    expect(record!.dropped.filter((d) => d.rule === 'not-sent').map((d) => d.why)).toEqual([
      "left out by the agent: another agent's tool result (its call reached this agent as text)",
    ]);
    expect(record!.provider?.unattributed).toBe(REPLY_PRIMING_TOKENS);
    store.close();
  });
});

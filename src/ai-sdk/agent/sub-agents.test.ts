import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import type { Scope } from '../../core/scope.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { expectMemoryError } from '../../testing/fixtures.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { agent } from './agent.ts';
import { runBranches } from './run-branches.ts';
import { subAgentTool } from './sub-agent-tool.ts';

const counter = createTokenCounter();

describe('sub-agents: an agent as a tool of another (seeds 003 and 004)', () => {
  it('runs the task in its own memory, attributed as the caller’s agent_call, and returns only its answer', async () => {
    const sub = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'noop', input: {} }] },
      { text: 'The answer is 42.' },
    ]);
    const researcher = agent({
      name: 'researcher',
      description: 'Finds answers',
      model: sub.model,
      tools: {
        noop: (await import('ai')).tool({
          description: 'does nothing',
          inputSchema: (await import('zod')).z.object({}),
          execute: async () => 'nothing',
        }),
      },
    });
    const lead = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'researcher', input: { task: 'What is the answer?' } }] },
      { text: 'Done: 42.' },
    ]);
    const memory = createConversationMemory({ counter });
    await memory.store({ role: 'user', content: 'parent-only secret history' });
    const subMemory = createConversationMemory({ counter });
    const parent = agent({
      name: 'lead',
      description: 'Leads',
      model: lead.model,
      tools: { researcher: subAgentTool(researcher, { caller: 'lead', memory: subMemory }) },
    });
    const r = await parent.run('Find the answer', undefined, { memory }).result;
    expect(r.text).toBe('Done: 42.');
    // The sub-agent's model saw the task as a request from the caller, and nothing of the caller's history.
    const subPrompt = JSON.stringify(sub.prompts[0]);
    expect(subPrompt).toContain('[Request from lead]: What is the answer?');
    expect(subPrompt).not.toContain('parent-only secret history');
    // The attribution is kept in the sub-agent's memory.
    expect((await subMemory.read())[0]).toMatchObject({
      role: 'user',
      agent: { from: 'lead', to: 'researcher', kind: 'call' },
    });
    // The caller got the answer as the tool result, not the sub-agent's internal tool calls.
    const leadPrompt = JSON.stringify(lead.prompts[1]);
    expect(leadPrompt).toContain('The answer is 42.');
    expect(leadPrompt).not.toContain('noop');
    expect((await memory.read()).map((m) => m.role)).toEqual([
      'user',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('isolated memory by default: each call starts empty', async () => {
    const sub = scriptedLanguageModel([{ text: 'first' }, { text: 'second' }]);
    const helper = agent({ name: 'helper', description: 'Helps', model: sub.model });
    const lead = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'helper', input: { task: 'task one' } }] },
      { toolCalls: [{ toolName: 'helper', input: { task: 'task two' } }] },
      { text: 'ok' },
    ]);
    await agent({
      name: 'lead',
      description: 'Leads',
      model: lead.model,
      tools: { helper: subAgentTool(helper, { caller: 'lead' }) },
    }).run('go').result;
    expect(JSON.stringify(sub.prompts[1])).not.toContain('task one');
  });

  it('isolated memories on a store live in the caller’s scope: another tenant neither lists nor reads them', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const acme: Scope = { tenant: 'acme', user: 'ada' };
    const globex: Scope = { tenant: 'globex', user: 'bob' };
    const subPrompts: string[] = [];
    for (const [scope, task] of [
      [acme, 'summarise the acme merger memo'],
      [globex, 'list the globex layoffs'],
    ] as const) {
      const sub = scriptedLanguageModel([{ text: 'done' }]);
      const helper = agent({ name: 'helper', description: 'Helps', model: sub.model });
      // Both callers' models name their tool call call_1_0, as a provider with short ids may.
      const lead = scriptedLanguageModel([
        { toolCalls: [{ toolName: 'helper', input: { task } }] },
        { text: 'ok' },
      ]);
      await agent({
        name: 'lead',
        description: 'Leads',
        model: lead.model,
        tools: { helper: subAgentTool(helper, { caller: 'lead', store, scope }) },
      }).run('go').result;
      subPrompts.push(JSON.stringify(sub.prompts[0]));
    }
    // globex's sub-agent saw its own task only, not acme's earlier one.
    expect(subPrompts[1]).toContain('globex layoffs');
    expect(subPrompts[1]).not.toContain('acme merger');
    for (const [scope, mine, theirs] of [
      [acme, 'merger', 'layoffs'],
      [globex, 'layoffs', 'merger'],
    ] as const) {
      const [session, ...more] = await store.listSessions({ tenant: scope.tenant });
      expect(more).toEqual([]);
      expect(session).toMatchObject({ id: 'lead/helper/call_1_0', scope });
      const found = async (text: string) => (await store.searchMessages(scope, { text })).length;
      expect([await found(mine), await found(theirs)]).toEqual([1, 0]);
    }
    expect(await store.listSessions({ tenant: 'default' })).toEqual([]);
    await store.close();
  });

  for (const mode of ['shared', 'snapshot', 'isolated'] as const) {
    it(`content store '${mode}': what the sub-agent sees of the caller's items and what it leaves there`, async () => {
      const content = createContentStore({ counter });
      const parentItem = await content.store({
        type: 'note',
        source: 'lead',
        content: 'parent note about zebras',
      });
      const sub = scriptedLanguageModel([
        { toolCalls: [{ toolName: 'query_memory', input: { text: 'zebras' } }] },
        {
          toolCalls: [
            { toolName: 'store_in_memory', input: { content: 'sub note about lions', type: 'note' } },
          ],
        },
        { text: 'stored' },
      ]);
      const worker = agent({ name: 'worker', description: 'Works', model: sub.model });
      const lead = scriptedLanguageModel([
        { toolCalls: [{ toolName: 'worker', input: { task: 'note it' } }] },
        { text: 'ok' },
      ]);
      await agent({
        name: 'lead',
        description: 'Leads',
        model: lead.model,
        tools: { worker: subAgentTool(worker, { caller: 'lead', content: { store: content, mode } }) },
      }).run('go').result;
      const sawParent = JSON.stringify(sub.prompts[1]).includes(parentItem);
      expect(sawParent).toBe(mode !== 'isolated');
      const sources = (await content.query({ text: 'lions' })).items.length;
      expect(sources).toBe(mode === 'shared' ? 1 : 0);
    });
  }

  it('runBranches: parallel branches on forks of the memory, merged by the caller’s rule', async () => {
    const memory = createConversationMemory({ counter });
    await memory.store({ role: 'user', content: 'shared history' });
    const a = scriptedLanguageModel([{ text: 'pro: fast' }]);
    const b = scriptedLanguageModel([{ text: 'con: costly' }]);
    const pro = agent({ name: 'pro', description: 'argues for', model: a.model });
    const con = agent({ name: 'con', description: 'argues against', model: b.model });
    const results = await runBranches({
      memory,
      branches: [
        { agent: pro, prompt: 'Argue for.' },
        { agent: con, prompt: 'Argue against.' },
      ],
    });
    expect(results.map((r) => r.result.text)).toEqual(['pro: fast', 'con: costly']);
    expect(JSON.stringify(a.prompts[0])).toContain('shared history');
    expect(JSON.stringify(b.prompts[0])).not.toContain('Argue for.');
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'shared history',
      'Argue for.',
      [{ type: 'text', text: 'pro: fast' }],
      'Argue against.',
      [{ type: 'text', text: 'con: costly' }],
    ]);
    const picky = createConversationMemory({ counter });
    await runBranches({
      memory: picky,
      branches: [{ agent: pro, prompt: 'again' }],
      merge: () => [{ role: 'assistant', content: 'only the verdict' }],
    });
    expect((await picky.read()).map((m) => m.content)).toEqual(['only the verdict']);
  });

  it('runBranches refuses a misspelt option (abortSignl: the branches could not be stopped) before any branch runs', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const pro = agent({ name: 'pro', description: 'argues for', model });
    const abortSignl = new AbortController().signal;
    const run = () =>
      runBranches({
        memory: createConversationMemory(),
        branches: [{ agent: pro, prompt: 'Go.' }],
        abortSignl,
      } as never);
    const error = await expectMemoryError(run, 'INVALID_ARGUMENT');
    expect(error.message).toMatch(/runBranches\(options\)\.abortSignl: not an option/);
    expect(prompts).toHaveLength(0);
  });

  it('subAgentTool refuses a misspelt option (maxAnswerChar: answers cut at the default 20,000) naming it', async () => {
    const sub = agent({ name: 'sub', description: 'helps', model: scriptedLanguageModel([]).model });
    const make = () => subAgentTool(sub, { caller: 'lead', maxAnswerChar: 500 } as never);
    const error = await expectMemoryError(make, 'INVALID_ARGUMENT');
    expect(error.message).toMatch(/subAgentTool\(options\)\.maxAnswerChar: not an option/);
    // Nested: a misspelt content mode was ignored and the caller's content store shared.
    const content = { store: createContentStore(), mod: 'isolated' };
    const nested = await expectMemoryError(
      () => subAgentTool(sub, { caller: 'lead', content } as never),
      'INVALID_ARGUMENT',
    );
    expect(nested.message).toMatch(/subAgentTool\(options\)\.content\.mod: not an option/);
  });

  it('runBranches refuses a misspelt key of a branch (promt) naming it, before any branch runs', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const pro = agent({ name: 'pro', description: 'argues for', model });
    const run = () =>
      runBranches({
        memory: createConversationMemory(),
        branches: [
          { agent: pro, prompt: 'Go.' },
          { agent: pro, promt: 'Again.' },
        ],
      } as never);
    const error = await expectMemoryError(run, 'INVALID_ARGUMENT');
    expect(error.message).toMatch(/runBranches\(options\)\.branches\[1\]\.promt: not an option/);
    expect(prompts).toHaveLength(0);
  });
});

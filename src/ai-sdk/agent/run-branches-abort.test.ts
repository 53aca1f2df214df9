import { jsonSchema, type ModelMessage, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import type { Agent, AgentResult } from './agent-types.ts';
import { type BranchResult, runBranches } from './run-branches.ts';

/** An agent whose runs report their result to `settled` (to know when a branch finished). */
const observed = (inner: Agent, settled: (result: AgentResult) => void): Agent => ({
  ...inner,
  name: inner.name,
  run: (prompt, context, options) => {
    const run = inner.run(prompt, context, options);
    void run.result.then(settled, () => undefined);
    return run;
  },
});

/**
 * Two branches over a memory holding one message: `fast` answers at once; `slow` looks something up (a stored
 * step), then the caller stops the whole call from inside its second lookup, once `fast` has finished.
 */
async function stoppedMidway() {
  const memory = createConversationMemory();
  await memory.store({ role: 'user', content: 'shared history' });
  const caller = new AbortController();
  let fastDone: () => void = () => undefined;
  const fastFinished = new Promise<void>((resolve) => {
    fastDone = resolve;
  });
  let lookups = 0;
  const lookup = tool({
    description: 'Looks something up',
    inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }),
    execute: async ({ q }) => {
      if (++lookups === 2) {
        await fastFinished;
        caller.abort();
      }
      return `found ${q}`;
    },
  });
  const slowModel = scriptedLanguageModel([
    { toolCalls: [{ toolName: 'lookup', input: { q: 'a' } }] },
    { toolCalls: [{ toolName: 'lookup', input: { q: 'b' } }] },
    { text: 'slow: never' },
  ]);
  const slow = agent({ name: 'slow', description: 'looks up', model: slowModel.model, tools: { lookup } });
  const fastModel = scriptedLanguageModel([{ text: 'fast: done' }]);
  const fast = observed(agent({ name: 'fast', description: 'answers', model: fastModel.model }), () =>
    fastDone(),
  );
  const branches = [
    { agent: slow, prompt: 'Look it up.' },
    { agent: fast, prompt: 'Answer.' },
  ];
  return { memory, caller, branches };
}

describe("runBranches: the caller's abortSignal", () => {
  it('merges the branches that finished and nothing of those it stopped (by default)', async () => {
    const { memory, caller, branches } = await stoppedMidway();
    const results = await runBranches({ memory, branches, abortSignal: caller.signal });
    expect(results.map((r) => [r.agent, r.result.finishReason])).toEqual([
      ['slow', 'aborted'],
      ['fast', 'stop'],
    ]);
    // Before: the stopped branch's prompt 'Look it up.' was merged as well, as if it had been answered.
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'shared history',
      'Answer.',
      [{ type: 'text', text: 'fast: done' }],
    ]);
  });

  it('a merge rule is given the finished branches only; it is not called when none finished', async () => {
    const { memory, caller, branches } = await stoppedMidway();
    const given: string[][] = [];
    const merge = (results: readonly BranchResult[]): ModelMessage[] => {
      given.push(results.map((r) => r.agent));
      return results.flatMap((r) => r.result.appended);
    };
    await runBranches({ memory, branches, abortSignal: caller.signal, merge });
    // Before: the stopped branch came in too, and this rule merged its prompt and its half-done lookup step.
    expect(given).toEqual([['fast']]);
    expect(JSON.stringify(await memory.read())).not.toContain('Look it up.');

    const before = await memory.read();
    const stopped = AbortSignal.abort();
    const none = await runBranches({ memory, branches, abortSignal: stopped, merge });
    expect(none.map((r) => r.result.finishReason)).toEqual(['aborted', 'aborted']);
    // Before: merge was called with both stopped branches and their prompts were stored.
    expect(given).toHaveLength(1);
    expect(await memory.read()).toEqual(before);
  });
});

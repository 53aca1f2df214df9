import { jsonSchema, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import { runBranches } from './run-branches.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runBranches: a failing branch cancels the others', () => {
  it('rejects with its error once the other branches stopped: none calls its model or tools afterwards', async () => {
    const memory = createConversationMemory();
    let runs = 0;
    const step = tool({
      description: 'One step of a long task',
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object' }),
      execute: async () => {
        runs++;
        await pause(20);
        return 'next';
      },
    });
    // A branch that would go on for 10 steps, each running the tool.
    const long = scriptedLanguageModel(
      Array.from({ length: 10 }, () => ({ toolCalls: [{ toolName: 'step', input: {} }] })),
    );
    const worker = agent({ name: 'worker', description: 'works', model: long.model, tools: { step } });
    const down = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error('provider down');
      },
    });
    const failing = agent({ name: 'failing', description: 'fails', model: down });
    await expect(
      runBranches({
        memory,
        branches: [
          { agent: worker, prompt: 'Work.' },
          { agent: failing, prompt: 'Fail.' },
        ],
      }),
    ).rejects.toThrow('provider down');
    const [ranThen, calledThen] = [runs, long.prompts.length];
    await pause(200);
    // Before: the worker went on after the call had failed (9 tool runs and model calls in all, not 1).
    expect([runs, long.prompts.length]).toEqual([ranThen, calledThen]);
    expect(calledThen).toBeLessThan(3);
    expect(await memory.read()).toEqual([]); // nothing merged
  });
});

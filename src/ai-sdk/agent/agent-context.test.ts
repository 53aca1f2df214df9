import { generateText, isStepCount, streamText, type ToolExecutionOptions, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { memoryPrepareStep } from '../memory-prepare-step.ts';
import { withMemory } from '../with-memory.ts';
import { agent } from './agent.ts';
import { subAgentTool } from './sub-agent-tool.ts';

const context = { userId: 'u-42', locale: 'fr' };

/** Tools that record the `options.context` they were called with: one untyped, one with a `contextSchema`. */
function recordingTools() {
  const seen: { plain: unknown[]; typed: unknown[] } = { plain: [], typed: [] };
  const plain = tool({
    description: 'Reads the context',
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }, options: ToolExecutionOptions<unknown>) => {
      seen.plain.push(options.context);
      return `plain ${q}`;
    },
  });
  const typed = tool({
    description: 'Needs a user id in its context',
    inputSchema: z.object({ q: z.string() }),
    contextSchema: z.object({ userId: z.string() }),
    execute: async ({ q }, { context: c }) => {
      seen.typed.push(c);
      return `typed ${q} for ${c.userId}`;
    },
  });
  return { seen, tools: { plain, typed } };
}
const bothCalled = {
  toolCalls: [
    { toolName: 'plain', input: { q: 'a' } },
    { toolName: 'typed', input: { q: 'b' } },
  ],
};

describe('agent.run(prompt, context): the context reaches the tools', () => {
  it('an untyped tool gets it as options.context; a tool with contextSchema gets it validated', async () => {
    const { seen, tools } = recordingTools();
    const { model } = scriptedLanguageModel([bothCalled, { text: 'done' }]);
    const a = agent({ name: 'a', description: 'd', model, tools });
    const run = a.run('go', context);
    const events = [];
    for await (const e of run.stream) events.push(e);
    const result = await run.result;
    expect(result.finishReason).toBe('stop');
    expect(seen.plain).toEqual([context]);
    expect(seen.typed).toEqual([{ userId: 'u-42' }]);
    expect(
      events.filter((e) => e.type === 'tool-result').map((e) => (e as { output: unknown }).output),
    ).toEqual(['plain a', 'typed b for u-42']);
  });

  it('a context a tool’s contextSchema refuses (or none) is INVALID_ARGUMENT before the model is called', async () => {
    for (const given of [{ userId: 42 }, undefined]) {
      const { seen, tools } = recordingTools();
      const { model, prompts } = scriptedLanguageModel([bothCalled, { text: 'done' }]);
      const a = agent({ name: 'a', description: 'd', model, tools });
      const error = await a.run('go', given).result.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), String(error)).toBe(true);
      expect(String(error)).toMatch(/contextSchema of tool "typed"/);
      expect(prompts).toHaveLength(0);
      expect(seen).toEqual({ plain: [], typed: [] });
    }
  });

  it('a sub-agent run as a tool gets the caller’s context for its own tools', async () => {
    const { seen, tools } = recordingTools();
    const sub = agent({
      name: 'sub',
      description: 'helper',
      model: scriptedLanguageModel([bothCalled, { text: 'sub done' }]).model,
      tools,
    });
    const lead = agent({
      name: 'lead',
      description: 'lead',
      model: scriptedLanguageModel([
        { toolCalls: [{ toolName: 'sub', input: { task: 'help' } }] },
        { text: 'lead done' },
      ]).model,
      tools: { sub: subAgentTool(sub, { caller: 'lead' }) },
    });
    expect((await lead.run('go', context).result).finishReason).toBe('stop');
    expect(seen.plain).toEqual([context]);
    expect(seen.typed).toEqual([{ userId: 'u-42' }]);
  });
});

describe('withMemory and memoryPrepareStep keep the AI SDK’s toolsContext', () => {
  for (const mode of ['generate', 'stream'] as const)
    it(`withMemory(settings).${mode} passes toolsContext to the tools`, async () => {
      const { seen, tools } = recordingTools();
      const { model } = scriptedLanguageModel([bothCalled, { text: 'done' }]);
      const toolsContext = { plain: context, typed: { userId: 'u-42' } };
      const a = withMemory(
        { model, tools, stopWhen: isStepCount(5), toolsContext },
        { memory: createConversationMemory() },
      );
      if (mode === 'generate') await a.generate({ prompt: 'go' });
      else {
        const s = await a.stream({ prompt: 'go' });
        await s.consumeStream();
        await a.settled();
      }
      expect(seen.plain).toEqual([context]);
      expect(seen.typed).toEqual([{ userId: 'u-42' }]);
    });

  it('memoryPrepareStep with generateText and streamText passes toolsContext', async () => {
    for (const call of ['generate', 'stream'] as const) {
      const { seen, tools } = recordingTools();
      const { model } = scriptedLanguageModel([bothCalled, { text: 'done' }]);
      const prepareStep = memoryPrepareStep({ view: createConversationMemory() });
      const toolsContext = { plain: context, typed: { userId: 'u-42' } };
      const settings = { model, tools, prompt: 'go', prepareStep, stopWhen: isStepCount(5), toolsContext };
      if (call === 'generate') await prepareStep.finish(await generateText(settings));
      else await prepareStep.finish({ responseMessages: await streamText(settings).responseMessages });
      expect(seen.plain).toEqual([context]);
      expect(seen.typed).toEqual([{ userId: 'u-42' }]);
    }
  });
});

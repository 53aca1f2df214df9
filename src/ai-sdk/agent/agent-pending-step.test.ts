import { type ModelMessage, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedLanguageModel, unansweredToolCalls } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';

const weather = tool({
  description: 'Weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => `sunny in ${city}`,
});
const ask = tool({ description: 'Ask the user', inputSchema: z.object({ question: z.string() }) });

/** The tool call ids of `messages` without a tool result after them, and the results without a call before. */
function brokenPairs(messages: readonly ModelMessage[]) {
  const calls = new Set<string>();
  const results = new Set<string>();
  const orphans: string[] = [];
  for (const m of messages) {
    if (typeof m.content === 'string') continue;
    for (const p of m.content) {
      if (p.type === 'tool-call') calls.add(p.toolCallId);
      if (p.type === 'tool-result') {
        if (!calls.has(p.toolCallId)) orphans.push(p.toolCallId);
        results.add(p.toolCallId);
      }
    }
  }
  return { unanswered: [...calls].filter((id) => !results.has(id)), orphans };
}

describe('agent: a step with a call no tool answers beside calls a tool answered', () => {
  it("hands back the answered calls' results in pendingStep, so storing it with the caller's results leaves no call without its result", async () => {
    const { model, prompts } = scriptedLanguageModel([
      {
        toolCalls: [
          { toolName: 'weather', input: { city: 'Paris' } },
          { toolName: 'ask', input: { question: 'Which hotel?' } },
        ],
      },
      { text: 'Booked.' },
    ]);
    const memory = createConversationMemory();
    const assistant = agent({ name: 'a', description: 'd', model, tools: { weather, ask } });
    const r = await assistant.run('Book a hotel in Paris', undefined, { memory }).result;
    expect(r.pendingToolCalls.map((c) => c.toolName)).toEqual(['ask']);
    // The weather tool ran: its result is part of the step handed back.
    expect(JSON.stringify(r.pendingStep)).toContain('sunny in Paris');

    // As documented: store pendingStep with the caller's results in one store call, then run again.
    const answer: ModelMessage = {
      role: 'tool',
      content: r.pendingToolCalls.map((c) => ({
        type: 'tool-result' as const,
        toolCallId: c.toolCallId,
        toolName: c.toolName,
        output: { type: 'text' as const, value: 'The Ritz' },
      })),
    };
    await memory.store([...r.pendingStep, answer]);
    expect(brokenPairs(await memory.read())).toEqual({ unanswered: [], orphans: [] });
    await assistant.run('Go on', undefined, { memory }).result;
    expect(unansweredToolCalls(prompts[1]!)).toEqual([]);
    expect(JSON.stringify(prompts[1])).toContain('sunny in Paris');
  });
});

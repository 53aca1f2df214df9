/**
 * A scripted OpenAI Agents SDK `Model` for the `engram/openai-agents` tests: it answers each request from the
 * items it was sent (the session's history plus the turn), so what it says shows what the session gave it.
 * The only mock in those tests; everything else is the SDK's own `run()` and a real store.
 */
import {
  Agent,
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  tool,
  Usage,
} from '@openai/agents-core';
import { z } from 'zod';

/** How the model answers: the output items for the request's input items. */
export type ScriptedResponder = (input: AgentInputItem[]) => AgentOutputItem[];

/** A `Model` answering with `respond`, recording the input of every request in `calls`. */
export interface ScriptedAgentsModel extends Model {
  /** The input items of each request, in order. */
  readonly calls: AgentInputItem[][];
}

/** Creates a {@link ScriptedAgentsModel}. */
export function scriptedAgentsModel(respond: ScriptedResponder): ScriptedAgentsModel {
  const calls: AgentInputItem[][] = [];
  let n = 0;
  return {
    calls,
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const input = typeof request.input === 'string' ? [userItem(request.input)] : request.input;
      calls.push(structuredClone(input));
      return { usage: new Usage(), output: respond(input), responseId: `resp_${++n}` };
    },
    // biome-ignore lint/correctness/useYield: the tests never stream; a streamed request is refused
    async *getStreamedResponse() {
      throw new Error('scriptedAgentsModel does not stream');
    },
  };
}

/** A user message item. */
export function userItem(text: string): AgentInputItem {
  return { type: 'message', role: 'user', content: text };
}

/** An assistant text message, as a model outputs it. */
export function assistantItem(text: string): AgentOutputItem {
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  };
}

/** The texts of the user messages among `items`, in order. */
export function userTexts(items: readonly AgentInputItem[]): string[] {
  return items.flatMap((item) =>
    'role' in item && item.role === 'user' && typeof item.content === 'string' ? [item.content] : [],
  );
}

/**
 * The weather agent's model: `weather in <city>` calls the `weather` tool, a tool result is reported back,
 * `what did I ask` lists the user's earlier questions from the history it was sent, anything else is echoed.
 */
export const weatherResponder: ScriptedResponder = (input) => {
  const last = input.at(-1) as Record<string, unknown> | undefined;
  if (last?.type === 'function_call_result') {
    const output = last.output as { text?: string } | string;
    return [assistantItem(`Forecast: ${typeof output === 'string' ? output : output.text}`)];
  }
  const asked = userTexts(input);
  const text = asked.at(-1) ?? '';
  const city = /weather in (\w+)/i.exec(text)?.[1];
  if (city) {
    return [
      {
        type: 'function_call',
        callId: `call_${city}_${asked.length}`,
        name: 'weather',
        arguments: JSON.stringify({ city }),
        status: 'completed',
      },
    ];
  }
  if (/what did I ask/i.test(text)) return [assistantItem(`You asked: ${asked.slice(0, -1).join(' | ')}`)];
  return [assistantItem(`You said: ${text}`)];
};

/** The weather tool of the tests: a short delay, so runs of two writers overlap. */
const weather = tool({
  name: 'weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    await new Promise((resolve) => setTimeout(resolve, 3 * city.length)); // runs of two writers overlap
    return `sunny and ${city.length + 15}°C in ${city}`;
  },
});
/** The weather agent of the tests, on a scripted model (an output guardrail that trips on forecasts when `guarded`). */
export const weatherAgent = (model: ScriptedAgentsModel, guarded = false) =>
  new Agent({
    name: 'weather',
    instructions: 'Answer weather questions with the weather tool.',
    model,
    tools: [weather],
    ...(guarded
      ? {
          outputGuardrails: [
            {
              name: 'no forecasts',
              execute: async ({ agentOutput }: { agentOutput: unknown }) => ({
                tripwireTriggered: String(agentOutput).startsWith('Forecast'),
                outputInfo: null,
              }),
            },
          ],
        }
      : {}),
  });

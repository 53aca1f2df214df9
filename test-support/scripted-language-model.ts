import { jsonSchema, type ModelMessage, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { REPLY_PRIMING_TOKENS, type TokenCounter } from '../src/tokens/token-counter.ts';

type LanguageModelV4CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];
type LanguageModelV4StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;
/** A prompt as the model receives it. */
export type RecordedPrompt = LanguageModelV4CallOptions['prompt'];

/** One scripted model reply: tool calls (finish reason `tool-calls`) or a text answer (`stop`). */
export type ScriptedReply = { toolCalls: { toolName: string; input: unknown }[] } | { text: string };

const usageOf = (input: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
});

/** What {@link scriptedLanguageModel} takes besides its replies. */
export interface ScriptedModelOptions {
  /** The input tokens the model reports for a call (`usage.inputTokens.total`). @default 1 */
  countInput?: (options: LanguageModelV4CallOptions) => number;
  /** The model's id (`modelContextWindow` knows well-known ones, e.g. `gpt-4o`). @default the mock's own */
  modelId?: string;
}

/**
 * Input tokens of a call counted the way a chat provider bills them, with `counter`: every prompt message (the
 * system prompt included) with its per-message framing, each function tool's definition (its name, description
 * and JSON schema as JSON text), and the reply priming. Scripted models report it, so tests can compare what
 * engram attributes with what a provider would say.
 */
export function providerInputTokens(counter: TokenCounter, options: LanguageModelV4CallOptions): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of options.prompt) total += counter.count(message as unknown as ModelMessage);
  for (const t of options.tools ?? []) {
    if (t.type !== 'function') continue;
    total += counter.countText(
      JSON.stringify({ name: t.name, description: t.description ?? '', parameters: t.inputSchema }),
    );
  }
  return total;
}

/**
 * A MockLanguageModelV4 that answers call i with `replies[i]` (then `done` text), for `generateText` and
 * `streamText` alike, and records every prompt it received. Tool call ids are `call_<call>_<index>`.
 * @example
 * const { model, prompts } = scriptedLanguageModel([{ toolCalls: [{ toolName: 'weather', input: { city: 'Paris' } }] }]);
 */
export function scriptedLanguageModel(replies: readonly ScriptedReply[], options: ScriptedModelOptions = {}) {
  const prompts: RecordedPrompt[] = [];
  const usage = (call: LanguageModelV4CallOptions) => usageOf(options.countInput?.(call) ?? 1);
  const next = (options: LanguageModelV4CallOptions) => {
    prompts.push(structuredClone(options.prompt));
    const n = prompts.length;
    const reply = replies[n - 1] ?? { text: 'done' };
    if ('text' in reply) {
      return { content: [{ type: 'text' as const, text: reply.text }], finishReason: 'stop' as const };
    }
    return {
      content: reply.toolCalls.map((c, i) => ({
        type: 'tool-call' as const,
        toolCallId: `call_${n}_${i}`,
        toolName: c.toolName,
        input: JSON.stringify(c.input),
      })),
      finishReason: 'tool-calls' as const,
    };
  };
  const model = new MockLanguageModelV4({
    ...(options.modelId ? { modelId: options.modelId } : {}),
    doGenerate: async (options) => {
      const { content, finishReason } = next(options);
      return {
        content,
        finishReason: { unified: finishReason, raw: undefined },
        usage: usage(options),
        warnings: [],
      };
    },
    doStream: async (options) => {
      const { content, finishReason } = next(options);
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      for (const part of content) {
        if (part.type === 'text') {
          parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: part.text });
          parts.push({ type: 'text-end', id: 't' });
        } else parts.push(part);
      }
      parts.push({
        type: 'finish',
        finishReason: { unified: finishReason, raw: undefined },
        usage: usage(options),
      });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
  return { model, prompts };
}

/** The tool calls in a recorded prompt that no tool result in the same prompt answers (ids). */
export function unansweredToolCalls(prompt: RecordedPrompt): string[] {
  const calls: string[] = [];
  const results = new Set<string>();
  for (const message of prompt) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' && !part.providerExecuted) calls.push(part.toolCallId);
      if (part.type === 'tool-result') results.add(part.toolCallId);
    }
  }
  return calls.filter((id) => !results.has(id));
}

/** A tool set with one `lookup(word)` tool whose result is long (about 60 tokens): a tool loop to test adapters with. */
export function lookupTools() {
  return {
    lookup: tool({
      description: 'Looks a word up.',
      inputSchema: jsonSchema<{ word: string }>({ type: 'object', properties: { word: { type: 'string' } } }),
      execute: async ({ word }) => `${word}: ${'a long definition '.repeat(20)}`,
    }),
  };
}

/** Messages as plain JSON (what a store keeps), for deep equality with what came back. */
export const plainJson = (messages: readonly ModelMessage[]) =>
  JSON.parse(JSON.stringify(messages)) as unknown;

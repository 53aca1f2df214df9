/**
 * What the examples share: the model (a real provider when a key is set and its AI SDK package is installed,
 * else a scripted MockLanguageModelV4), a recorder of every prompt the model is sent, and a per-step table of
 * those prompts by source against the naive history.
 */

import type { LanguageModel, LanguageModelMiddleware } from 'ai';
import { wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { createTokenCounter, type TokenCounter } from 'engram';
import { providerInputTokens } from '../../test-support/scripted-language-model.ts';

/** A language model object (not a gateway id string). */
export type ModelObject = Exclude<LanguageModel, string>;
type TransformParams = NonNullable<LanguageModelMiddleware['transformParams']>;
/** A prompt as the model receives it (AI SDK's provider-level prompt). */
export type SentPrompt = Parameters<TransformParams>[0]['params']['prompt'];
/** One message of a sent prompt. */
export type SentMessage = SentPrompt[number];

/** One reply of a scripted model: tool calls, or a text answer. */
export type ScriptedReply = { toolCalls: { toolName: string; input: unknown }[] } | { text: string };

const providerCounter = createTokenCounter({ encoding: 'o200k_base' });

/**
 * A scripted MockLanguageModelV4 (streaming): `decide` looks at the prompt it was sent and returns the reply,
 * so its answers come from what memory put in the prompt, deterministically. It reports the input tokens a chat
 * provider would bill for the call (o200k: every message with its framing, the tool definitions, the reply
 * priming), so recorded steps can be checked against a provider's count.
 */
export function scriptedModel(decide: (prompt: SentPrompt) => ScriptedReply): ModelObject {
  let calls = 0;
  return new MockLanguageModelV4({
    doStream: async (call) => {
      const { prompt } = call;
      calls++;
      const input = providerInputTokens(providerCounter, call);
      const usage = {
        inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      };
      const reply = decide(prompt);
      type Part =
        Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer P>
          ? P
          : never;
      const parts: Part[] = [{ type: 'stream-start', warnings: [] }];
      if ('text' in reply) {
        parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: reply.text });
        parts.push({ type: 'text-end', id: 't' });
      } else {
        reply.toolCalls.forEach((c, i) => {
          parts.push({
            type: 'tool-call',
            toolCallId: `call_${calls}_${i}`,
            toolName: c.toolName,
            input: JSON.stringify(c.input),
          });
        });
      }
      const unified = 'text' in reply ? ('stop' as const) : ('tool-calls' as const);
      parts.push({ type: 'finish', finishReason: { unified, raw: undefined }, usage });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}

/**
 * The real model when OPENAI_API_KEY or ANTHROPIC_API_KEY is set and `@ai-sdk/openai` / `@ai-sdk/anthropic`
 * is installed (`ENGRAM_EXAMPLE_MODEL` picks the model id), else undefined (with a note saying why).
 */
export async function realModel(): Promise<{ model: ModelObject; label: string } | undefined> {
  const providers = [
    { key: 'OPENAI_API_KEY', pkg: '@ai-sdk/openai', factory: 'openai', id: 'gpt-4o-mini' },
    { key: 'ANTHROPIC_API_KEY', pkg: '@ai-sdk/anthropic', factory: 'anthropic', id: 'claude-haiku-4-5' },
  ];
  for (const p of providers) {
    if (!process.env[p.key]) continue;
    try {
      const name = p.pkg; // a variable: the package is optional, and typechecking must not need it
      const mod = (await import(name)) as Record<string, (id: string) => ModelObject>;
      const id = process.env.ENGRAM_EXAMPLE_MODEL ?? p.id;
      return { model: mod[p.factory]!(id), label: `${p.pkg} ${id}` };
    } catch {
      console.log(`${p.key} is set but ${p.pkg} is not installed (npm install ${p.pkg}@^4).`);
    }
  }
  return undefined;
}

/** The real model when there is one, else the scripted one; says which. */
export async function exampleModel(
  decide: (prompt: SentPrompt) => ScriptedReply,
): Promise<{ model: ModelObject; label: string; scripted: boolean }> {
  const real = await realModel();
  if (real) return { ...real, scripted: false };
  return {
    model: scriptedModel(decide),
    label: 'scripted MockLanguageModelV4 (no OPENAI_API_KEY / ANTHROPIC_API_KEY)',
    scripted: true,
  };
}

/** Wraps a model so every prompt it is sent is handed to `onCall` first (AI SDK middleware). */
export function recordPrompts(
  model: ModelObject,
  onCall: (prompt: SentPrompt) => void | Promise<void>,
): ModelObject {
  return wrapLanguageModel({
    model,
    middleware: {
      transformParams: async ({ params }) => {
        await onCall(structuredClone(params.prompt));
        return params;
      },
    },
  });
}

/** All text of a message (text parts, tool inputs and outputs), for scripted decisions. */
export function textOf(message: SentMessage | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((p) => {
      if (p.type === 'text' || p.type === 'reasoning') return p.text;
      if (p.type === 'tool-call') return JSON.stringify(p.input);
      if (p.type === 'tool-result') {
        const o = p.output;
        return o.type === 'text' || o.type === 'error-text' ? o.value : JSON.stringify(o);
      }
      return '';
    })
    .join('\n');
}

/** The sources of what a model is sent. */
export const SOURCES = ['instructions', 'long-term', 'summaries', 'citations', 'recent'] as const;
export type Source = (typeof SOURCES)[number];

/**
 * Which source a message of the prompt comes from: the system prompt (instructions), the recalled
 * `<long_term_memory>` block, a summary the view wrote, a tool result shown as a citation, or a message as
 * stored (recent messages).
 */
export function sourceOf(message: SentMessage): Source {
  if (message.role === 'system') return 'instructions';
  const text = textOf(message);
  if (message.role === 'user' && text.startsWith('<long_term_memory>')) return 'long-term';
  if (
    text.includes('[Summary of earlier conversation:') ||
    /\[engram: [^\]]*? of messages \d+–\d+; call context_reload/.test(text)
  )
    return 'summaries';
  if (message.role === 'tool' && /\[engram: \S+ result stored as content item/.test(text)) return 'citations';
  return 'recent';
}

/** Tokens of a prompt by source. */
export function tokensBySource(counter: TokenCounter, prompt: SentPrompt): Record<Source, number> {
  const out = Object.fromEntries(SOURCES.map((s) => [s, 0])) as Record<Source, number>;
  for (const m of prompt) out[sourceOf(m)] += counter.count(m as Parameters<TokenCounter['count']>[0]);
  return out;
}

const num = (n: number) => n.toLocaleString('en-US');
const WIDTHS = [13, 10, 10, 10, 8] as const;

/** The header of the per-step table. */
export function tableHeader(): string {
  const head = SOURCES.map((s, i) => s.padStart(WIDTHS[i]!)).join('');
  return `  ${'step'.padEnd(6)}${head} │${'sent'.padStart(8)}${'naive'.padStart(9)}${'saved'.padStart(7)}`;
}

/** One row: tokens by source, their total, the naive history and the share saved. */
export function tableRow(label: string, bySource: Record<Source, number>, naive: number): string {
  const sent = SOURCES.reduce((sum, s) => sum + bySource[s], 0);
  const cells = SOURCES.map((s, i) => num(bySource[s]).padStart(WIDTHS[i]!)).join('');
  const saved = naive > 0 ? `${Math.round((1 - sent / naive) * 100)}%` : '';
  return `  ${label.padEnd(6)}${cells} │${num(sent).padStart(8)}${num(naive).padStart(9)}${saved.padStart(7)}`;
}

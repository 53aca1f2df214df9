import { generateText, type LanguageModel, Output } from 'ai';
import { z } from 'zod';
import { createCompactorRegistry } from '../content/compactors/index.ts';
import type { CompactOptions, CompactSummary, ContentCompactor } from '../content/content-compactor.ts';
import type { ContentItem } from '../content/content-item.ts';
import { serializeContent } from '../content/prepare-content-item.ts';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { checkLanguageModel } from './check-language-model.ts';

/** Options of {@link createLanguageModelCompactor}. */
export interface LanguageModelCompactorOptions {
  /** Any AI SDK language model. */
  model: LanguageModel;
  /** Used when the model fails, times out or answers badly. @default the built-in deterministic compactors */
  fallback?: ContentCompactor;
  /** Give up on the model after this long. @default 20,000 ms */
  timeoutMs?: number;
  /** Content characters sent to the model (head and tail when longer). @default 20,000 */
  maxInputChars?: number;
  /** Told of each failure before the fallback answers. */
  onError?: (error: unknown, item: ContentItem) => void;
}

const answerSchema = z.object({
  summary: z.string().min(1).max(4000),
  keyFacts: z.array(z.string().min(1).max(500)).max(12),
});

const instructions =
  'You compact a tool result for an AI agent that will see only your summary in its context (it can fetch the full ' +
  'result by id later). Given the agent’s task, return JSON: "summary" — 2–3 sentences on what the result is and ' +
  'what in it matters for the task; "keyFacts" — up to 8 short facts from it that the task may need (names, ' +
  'numbers, dates, codes, URLs), copied exactly. No preamble.';

function clipInput(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, Math.floor(max * 0.75));
  const tail = text.slice(text.length - Math.floor(max * 0.25));
  return `${head}\n[… ${text.length - head.length - tail.length} characters omitted …]\n${tail}`;
}

/**
 * Seed 004's LLM compaction as a {@link ContentCompactor}: asks a language model (AI SDK `generateText` with a
 * zod-validated structured output) for a goal-aware summary and key facts of an item. On any failure — an error,
 * invalid JSON, a timeout, an abort — it answers with the fallback compactor instead (and tells `onError`), so
 * a citation is never lost to a flaky model.
 * @example
 * const content = createContentStore({ store, summarizer: createLanguageModelCompactor({ model: openai('gpt-4o-mini') }) });
 */
export function createLanguageModelCompactor(options: LanguageModelCompactorOptions): ContentCompactor {
  checkOptions(options, 'createLanguageModelCompactor', 'ai-sdk');
  checkKnownKeys(
    options,
    { model: true, fallback: true, timeoutMs: true, maxInputChars: true, onError: true },
    'createLanguageModelCompactor',
    'ai-sdk',
  );
  checkLanguageModel(options.model, 'createLanguageModelCompactor(options).model', 'ai-sdk');
  const fallback = options.fallback ?? {
    name: 'default',
    matches: () => true,
    compact: (item, o) => createCompactorRegistry().compact(item, o),
  };
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxInput = options.maxInputChars ?? 20_000;
  return {
    name: 'llm',
    matches: () => true,
    async compact(item: ContentItem, o: CompactOptions): Promise<CompactSummary> {
      const max = o.maxChars ?? 600;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(o.abortSignal ? [o.abortSignal] : [])];
        const result = await generateText({
          model: options.model,
          instructions,
          prompt: [
            `Task: ${o.goal ?? '(not given)'}`,
            `Result of ${item.source} (${item.type}, ${item.size} bytes):`,
            clipInput(serializeContent(item.format, item.content), maxInput),
          ].join('\n\n'),
          output: Output.object({ schema: answerSchema }),
          abortSignal: AbortSignal.any(signals),
          maxRetries: 0,
        });
        const answer = answerSchema.parse(result.output);
        const facts = answer.keyFacts.map((f) => `- ${f}`).join('\n');
        const text = `${answer.summary}${facts ? `\nKey facts:\n${facts}` : ''}`;
        return { text: text.length > max ? `${text.slice(0, max - 1)}…` : text, compactor: 'llm' };
      } catch (error) {
        options.onError?.(error, item);
        return fallback.compact(item, o);
      }
    },
  };
}

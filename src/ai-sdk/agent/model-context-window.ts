import type { LanguageModel } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';

/**
 * Context windows (input + output tokens) of widely used models, by model id prefix, longest prefix first when
 * several match. Ids are matched without a gateway's `provider/` prefix and case-insensitively.
 */
const knownWindows: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ['gpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-5', 400_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
  ['claude-', 200_000],
  ['gemini-1.5-pro', 2_097_152],
  ['gemini-1.5-flash', 1_048_576],
  ['gemini-2', 1_048_576],
  ['gemini-3', 1_048_576],
  ['mistral-large', 128_000],
  ['llama-3.1', 128_000],
  ['llama-3.3', 128_000],
];

/** The id a model is known by: a gateway string's model part (`openai/gpt-4o` → `gpt-4o`), else `modelId`. */
function modelIdOf(model: LanguageModel): string {
  const id =
    typeof model === 'string' ? model : typeof model === 'object' && model !== null ? model.modelId : model;
  if (typeof id !== 'string')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'agent',
      message: 'modelContextWindow: model must be an AI SDK language model or a model id string',
    });
  return id.slice(id.lastIndexOf('/') + 1).toLowerCase();
}

/**
 * The context window of a well-known model (OpenAI GPT-4o / 4.1 / 5 and o-series, Anthropic Claude, Google Gemini,
 * Mistral Large, Llama 3.1 / 3.3), or undefined for any other model.
 * @example
 * modelContextWindow(openai('gpt-4o-mini')); // 128000
 */
export function modelContextWindow(model: LanguageModel): number | undefined {
  const id = modelIdOf(model);
  let best: readonly [string, number] | undefined;
  for (const entry of knownWindows)
    if (id.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  return best?.[1];
}

/**
 * What the blocks of README.md and docs/*.md import as `@ai-sdk/openai` and `@ai-sdk/anthropic` when `readme-blocks.test.ts` runs
 * them: every model is a scripted MockLanguageModelV4 (`ai/test`) that answers `done`, so no block needs a key
 * or the network. Provider tools (`anthropic.tools.memory_20250818`, …) are the real ones.
 */

import { anthropic as realAnthropic } from '@ai-sdk/anthropic';
import { openai as realOpenai } from '@ai-sdk/openai';
import type { MockLanguageModelV4 } from 'ai/test';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';

/** A scripted model in place of the one a block names (the model id is ignored). */
const scripted = (_modelId: string) => scriptedLanguageModel([]).model;

/** `openai(modelId)`: a scripted model; `openai.tools` are the provider's own. */
export const openai: ((modelId: string) => MockLanguageModelV4) & { tools: typeof realOpenai.tools } =
  Object.assign(scripted, { tools: realOpenai.tools });

/** `anthropic(modelId)`: a scripted model; `anthropic.tools` are the provider's own. */
export const anthropic: ((modelId: string) => MockLanguageModelV4) & { tools: typeof realAnthropic.tools } =
  Object.assign(scripted, { tools: realAnthropic.tools });

import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { stripExtras } from '../messages/to-model-message.ts';
import { dropUncalledResults } from '../messages/uncalled-results.ts';
import { groupUnits, sendableItems } from '../messages/units.ts';
import { validateMessageInputs } from '../messages/validate.ts';

/** What `generateText` / `streamText` take: system text as `instructions`, the rest as `messages`. */
export interface AiSdkPrompt {
  /** The system messages' text, joined with blank lines; undefined when there are none. */
  instructions: string | undefined;
  /** The other messages, without engram's extra fields. */
  messages: ModelMessage[];
}

/**
 * Turns a view's output into an AI SDK v7 prompt. v7 rejects a system message inside `messages`
 * (`InvalidPromptError`), so system messages — wherever they stand — move to `instructions`, in order,
 * after any `instructions` you pass. What a model refuses is left out: a tool result whose call is not in
 * `messages` before it (its call was deleted, never made, or is inside a summary), or a call without its result
 * before the newest turn (the newest may still wait for its results). An invalid message throws `InvalidMessageError` naming its index and field.
 * @example
 * const { instructions, messages } = toAiSdkPrompt(await view.read(), { instructions: 'You are terse.' });
 * await generateText({ model, instructions, messages });
 */
export function toAiSdkPrompt(
  messages: readonly (MemoryMessage | ModelMessage)[],
  options: { instructions?: string } = {},
): AiSdkPrompt {
  validateMessageInputs(messages);
  checkOptions(options, 'toAiSdkPrompt', 'ai-sdk');
  checkKnownKeys(options, { instructions: true }, 'toAiSdkPrompt', 'ai-sdk');
  if (options.instructions !== undefined && typeof options.instructions !== 'string') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'ai-sdk',
      message: `toAiSdkPrompt(options): instructions must be a string, got ${describeValue(options.instructions)}`,
    });
  }
  const system: string[] = options.instructions ? [options.instructions] : [];
  const rest: ModelMessage[] = [];
  for (const message of sendableItems(groupUnits(messages, { message: (m) => m }), (m) => m)) {
    if (message.role === 'system') system.push(message.content);
    else rest.push(stripExtras(message));
  }
  return {
    instructions: system.length > 0 ? system.join('\n\n') : undefined,
    messages: dropUncalledResults(rest),
  };
}

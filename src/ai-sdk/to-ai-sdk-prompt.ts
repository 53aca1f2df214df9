import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/message.ts';
import { toModelMessage } from '../messages/to-model-message.ts';

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
 * after any `instructions` you pass.
 * @example
 * const { instructions, messages } = toAiSdkPrompt(await view.read(), { instructions: 'You are terse.' });
 * await generateText({ model, instructions, messages });
 */
export function toAiSdkPrompt(
  messages: readonly (MemoryMessage | ModelMessage)[],
  options: { instructions?: string } = {},
): AiSdkPrompt {
  const system: string[] = options.instructions ? [options.instructions] : [];
  const rest: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') system.push(message.content);
    else rest.push('id' in message ? toModelMessage(message as MemoryMessage) : message);
  }
  return { instructions: system.length > 0 ? system.join('\n\n') : undefined, messages: rest };
}

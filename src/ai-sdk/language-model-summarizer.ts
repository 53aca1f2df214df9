import { generateText, type LanguageModel } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';
import { validateMessageInputs } from '../messages/validate.ts';
import type { Summarizer } from '../views/summarizer.ts';
import { checkInteger } from '../views/view-helpers.ts';
import { checkLanguageModel } from './check-language-model.ts';

/** Options of {@link createLanguageModelSummarizer}. */
export interface LanguageModelSummarizerOptions {
  /** Any AI SDK language model. */
  model: LanguageModel;
  /** The instructions for the summary. @default {@link defaultSummaryPrompt} */
  prompt?: string;
  /** Cap on the summary length. @default 1024 */
  maxOutputTokens?: number;
  /** Each tool input or output longer than this is shortened in the transcript. @default 2000 */
  maxPartCharacters?: number;
}

/** The default summary instructions. */
export const defaultSummaryPrompt =
  'You maintain the running summary of a conversation between a user and an AI assistant that uses tools. ' +
  'Rewrite the summary so it also covers the new messages. Keep facts, names, numbers, decisions, open ' +
  'questions, the user’s goals and preferences, and what tools returned that still matters. Drop small ' +
  'talk. Write plain prose or short bullet points, no preamble.';

/**
 * A {@link Summarizer} that asks a language model (via the AI SDK's `generateText`) to fold the new messages
 * into the previous summary. Errors of the model become `MemoryError` SUMMARIZER_ERROR with the cause.
 * @example
 * const summarizer = createLanguageModelSummarizer({ model: openai('gpt-4o-mini') });
 */
export function createLanguageModelSummarizer(options: LanguageModelSummarizerOptions): Summarizer {
  checkOptions(options, 'createLanguageModelSummarizer', 'ai-sdk');
  checkKnownKeys(
    options,
    { model: true, prompt: true, maxOutputTokens: true, maxPartCharacters: true },
    'createLanguageModelSummarizer',
    'ai-sdk',
  );
  checkLanguageModel(options.model, 'createLanguageModelSummarizer(options).model', 'ai-sdk');
  const limit = options.maxPartCharacters ?? 2000;
  return async ({ previousSummary, messages }) => {
    const prompt = [
      previousSummary ? `Summary so far:\n${previousSummary}` : 'There is no summary yet.',
      `New messages:\n${formatTranscript(messages, limit)}`,
      'Write the updated summary.',
    ].join('\n\n');
    try {
      const result = await generateText({
        model: options.model,
        instructions: options.prompt ?? defaultSummaryPrompt,
        prompt,
        maxOutputTokens: options.maxOutputTokens ?? 1024,
      });
      return result.text;
    } catch (error) {
      throw new MemoryError({
        code: 'SUMMARIZER_ERROR',
        component: 'views',
        message: `the summary model failed: ${errorReason(error)}`,
        cause: error,
      });
    }
  };
}

const shorten = (text: string, limit: number) =>
  text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;

const json = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * A plain-text transcript of messages for a summary prompt: one `role: text` block per message. An invalid message
 * throws `InvalidMessageError` naming its index and field.
 */
export function formatTranscript(messages: readonly MemoryMessage[], maxPartCharacters = 2000): string {
  validateMessageInputs(messages);
  checkInteger(maxPartCharacters, 'formatTranscript(messages, maxPartCharacters): maxPartCharacters', 0);
  return messages
    .map((m) => {
      const who = m.name ? `${m.role} (${m.name})` : m.role;
      if (typeof m.content === 'string') return `${who}: ${m.content}`;
      const parts: string[] = [];
      for (const part of m.content) {
        switch (part.type) {
          case 'text':
            parts.push(part.text);
            break;
          case 'tool-call':
            parts.push(`[called ${part.toolName}(${shorten(json(part.input), maxPartCharacters)})]`);
            break;
          case 'tool-result': {
            const o = part.output;
            const text = toolOutputText(o);
            const value = o.type === 'execution-denied' ? `denied${text ? `: ${text}` : ''}` : text;
            parts.push(
              `[${part.toolName} returned ${o.type === 'text' || o.type === 'json' ? '' : `${o.type} `}${shorten(value, maxPartCharacters)}]`,
            );
            break;
          }
          case 'tool-approval-response':
            parts.push(
              `[approval ${part.approved ? 'granted' : 'denied'}${part.reason ? `: ${part.reason}` : ''}]`,
            );
            break;
          case 'image':
          case 'file':
            parts.push(`[${part.type}]`);
            break;
          default:
            break; // reasoning, approval requests and custom parts add nothing a summary needs
        }
      }
      return `${who}: ${parts.join(' ')}`;
    })
    .join('\n');
}

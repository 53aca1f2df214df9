import type { UIMessage } from 'ai';
import { z } from 'zod';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { formatPath } from '../../messages/validate.ts';
import { readRequestBody } from './read-request-body.ts';

/** What a chat request asks: the chat and its new user message. */
export interface ChatRequest<M extends UIMessage = UIMessage> {
  /** The chat id (`useChat`'s `id`). */
  chatId: string;
  /** The new user message, or the chat's last assistant message continued (a tool approval answered). */
  message: M;
  /**
   * Whether the chat goes back to just before `message` first (`useChat`'s `regenerate()`, which sends the user
   * message again with `trigger: 'regenerate-message'`, and `sendMessage({ text, messageId })`, which sends an
   * edited message under its old id): a user message only.
   */
  rewind: boolean;
}

const newMessage = z.looseObject({ role: z.enum(['user', 'assistant']) });
const withMessage = z.looseObject({ id: z.string().min(1), message: z.looseObject({}) });
const withMessages = z.looseObject({ id: z.string().min(1), messages: z.array(z.unknown()).min(1) });
/** `useChat`'s request fields (`DefaultChatTransport`): why it sends, and the message it is about. */
const asked = z.looseObject({
  trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
  messageId: z.string().optional(),
});

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'chat', message });

/**
 * Reads a chat request's JSON body: `{ id, message }` (a transport that sends only the new message, see
 * `prepareSendMessagesRequest`) or `useChat`'s default `{ id, messages }`, whose last message is the new one: a
 * user message, or an assistant message (the chat's last, continued after a tool approval). With `trigger:
 * 'regenerate-message'`, or a `messageId` naming that user message (an edit), the request asks to rewind the chat
 * to before it (`rewind`). Throws `INVALID_ARGUMENT` saying what is wrong, `PAYLOAD_TOO_LARGE` for a body over
 * `maxBodyBytes` (refused as soon as it is known to be, see {@link readRequestBody}).
 */
export async function parseChatRequest<M extends UIMessage>(
  request: Request,
  maxBodyBytes: number,
): Promise<ChatRequest<M>> {
  const text = await readRequestBody(request, maxBodyBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw invalid(
      `the request body must be JSON: ${error instanceof Error ? error.message : describeValue(error)}`,
    );
  }
  const single = withMessage.safeParse(body);
  const many = single.success ? undefined : withMessages.safeParse(body);
  if (!single.success && !many?.success) {
    const issues = (many?.error ?? single.error).issues;
    throw invalid(
      `the request body must be { id, message } or { id, messages } with a non-empty chat id: ${issues
        .map((i) => `body${i.path.length > 0 ? `.${formatPath(i.path)}` : ''}: ${i.message}`)
        .join('; ')}`,
    );
  }
  const chatId = single.data?.id ?? many!.data!.id;
  const last: unknown = single.success ? single.data.message : many!.data!.messages.at(-1);
  if (!newMessage.safeParse(last).success)
    throw invalid(
      'the new message (body.message, or the last of body.messages) must be a user message, or an assistant message continuing the last one (a tool approval answered)',
    );
  const why = asked.safeParse(body);
  if (!why.success)
    throw invalid(
      `body.trigger must be 'submit-message' or 'regenerate-message' and body.messageId a string (useChat's request): ${why.error.issues
        .map((i) => `body.${formatPath(i.path)}: ${i.message}`)
        .join('; ')}`,
    );
  const message = last as M;
  const { trigger, messageId } = why.data;
  const rewind =
    message.role === 'user' &&
    (trigger === 'regenerate-message' || (messageId !== undefined && messageId === message.id));
  return { chatId, message, rewind };
}

import { isToolUIPart, type UIMessage } from 'ai';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** Tool states a call no longer leaves: it has its outcome. */
const settled = new Set(['output-available', 'output-error', 'output-denied']);

/**
 * Checks that `sent` (an assistant message a client sends back: a tool approval or a client-side tool's result
 * answered) continues the chat's last message `last`: `INVALID_ARGUMENT` unless it is that message (same id) and
 * an assistant message (a user message's id would have the question replaced); `CONFLICT` when the chat's version
 * has an outcome for a tool call that `sent` lacks or holds in another state: the message was continued since the
 * client read it (another tab answered first), and continuing this copy would run the call again or overwrite
 * what it did.
 */
export function checkContinuation(last: UIMessage | undefined, sent: UIMessage): void {
  if (last?.id !== sent.id)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'chat',
      message: `an assistant message can only continue the chat's last message; ${describeValue(sent.id)} is not it`,
    });
  if (last.role !== 'assistant')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'chat',
      message: `an assistant message can only continue the chat's last message when that is an assistant message; the last message ${describeValue(sent.id)} is a ${last.role} message`,
    });
  const sentStates = new Map(
    sent.parts.flatMap((part) => (isToolUIPart(part) ? [[part.toolCallId, part.state] as const] : [])),
  );
  for (const part of last.parts) {
    if (!isToolUIPart(part) || !settled.has(part.state) || sentStates.get(part.toolCallId) === part.state)
      continue;
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'chat',
      message: `message ${describeValue(sent.id)} was continued since the client read it: the chat holds tool call ${describeValue(part.toolCallId)} as ${part.state}, the message sent as ${sentStates.get(part.toolCallId) ?? 'missing'} (reload the chat)`,
    });
  }
}

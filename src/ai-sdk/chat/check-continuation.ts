import { isToolUIPart, type UIMessage } from 'ai';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';

/** Tool states a call no longer leaves: it has its outcome. */
const settled = new Set(['output-available', 'output-error', 'output-denied']);
/** Tool states a client answers (an approval answered, a client-side tool's result): what continues a reply. */
const answered = new Set(['approval-responded', ...settled]);

/**
 * Checks that `sent` (an assistant message a client sends back: a tool approval or a client-side tool's result
 * answered) continues the chat's last message `last`. `held` is the role of the chat's message with `sent`'s id
 * when that is not the last one (undefined when the chat does not hold it).
 *
 * - `INVALID_ARGUMENT` (bad input) unless `sent` is that message (same id) and an assistant message (a user
 *   message's id would have the question replaced), or an assistant message the chat holds earlier.
 * - `CONFLICT` (a stale copy: the client reloads the chat) when the chat moved on since the client read the
 *   message: it holds `sent` as an earlier assistant message (another tab sent a new message before this one
 *   answered), or its version has an outcome for a tool call that `sent` lacks or holds in another state (another
 *   tab answered first), so continuing this copy would run the call again or overwrite what it did.
 * - `CONFLICT` when the chat's version has no tool call waiting (an approval, a client-side tool's result): it
 *   was continued already (a client-side tool's result sent twice holds the states the chat holds, and continuing
 *   it again would call the model again and overwrite the first continuation), or there is nothing to continue.
 * - `CONFLICT` when `sent` answers none of the calls waiting: an unchanged resend (a retry, a reload that submits
 *   again) has nothing to continue, and the model is not called again; the message names what still waits.
 */
export function checkContinuation(
  last: UIMessage | undefined,
  sent: UIMessage,
  held?: MemoryMessage['role'],
): void {
  if (last !== undefined && last.id !== sent.id && held === 'assistant')
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'chat',
      message: `message ${describeValue(sent.id)} is no longer the chat's last message: the chat moved on since the client read it (its last message is now ${describeValue(last.id)}, a ${last.role} message), so ${answersOf(sent)} can no longer be answered (reload the chat)`,
    });
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
  const waiting = last.parts.flatMap((part) =>
    isToolUIPart(part) && (part.state === 'approval-requested' || part.state === 'input-available')
      ? [part]
      : [],
  );
  // Nothing waits: the message was continued already (a client-side tool's result sent twice has the states the
  // chat holds), or there is nothing to continue.
  if (waiting.length === 0)
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'chat',
      message: `message ${describeValue(sent.id)} has no tool call waiting for an answer: it was continued since the client read it, or there is nothing to continue; the model is not called (reload the chat)`,
    });
  if (!waiting.some((part) => answered.has(sentStates.get(part.toolCallId) ?? '')))
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'chat',
      message: `message ${describeValue(sent.id)} answers none of its waiting tool calls (sent again unanswered: nothing to continue, the model is not called): ${waiting
        .map(
          (part) =>
            `tool call ${describeValue(part.toolCallId)} still waits for ${
              part.state === 'approval-requested'
                ? `its approval ${describeValue(part.approval.id)}`
                : 'its result'
            }`,
        )
        .join('; ')}`,
    });
}

/** What `sent` answers, for a message: its answered tool calls (with their approvals), or the message itself. */
function answersOf(sent: UIMessage): string {
  const calls = sent.parts.flatMap((part) =>
    isToolUIPart(part) && answered.has(part.state)
      ? [
          `tool call ${describeValue(part.toolCallId)}${part.approval ? ` (approval ${describeValue(part.approval.id)})` : ''}`,
        ]
      : [],
  );
  return calls.length === 0 ? 'it' : `its answer to ${calls.join(', ')}`;
}

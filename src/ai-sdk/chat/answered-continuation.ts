import { isToolUIPart, type UIMessage } from 'ai';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** A tool part of a UI message (a call and what became of it). */
type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** What a client may answer a waiting call with, by the call's state: an approval asked, a client-side tool's result. */
const answers: Readonly<Record<string, ReadonlySet<string>>> = {
  'approval-requested': new Set(['approval-responded', 'output-denied', 'output-available', 'output-error']),
  'input-available': new Set(['output-available', 'output-error']),
};

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'chat', message });

/** A tool part's name, as its type gives it (`tool-remove`, or a dynamic tool's `toolName`). */
const nameOf = (part: ToolPart) =>
  part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);

/**
 * The stored call `stored` with the client's answer `sent` to it: its state, and the approval's decision (the
 * stored approval's id), the output or the error text that state carries. Its input, name and everything else are
 * the stored call's: a client answers what the model asked, it does not restate it. `INVALID_ARGUMENT` when the
 * answer names another approval than the one asked.
 */
function answer(stored: ToolPart, sent: ToolPart, at: string): ToolPart {
  const { output: _o, errorText: _e, approval: _a, ...call } = stored as ToolPart & Record<string, unknown>;
  const asked = stored.state === 'approval-requested' ? stored.approval : undefined;
  const decision =
    sent.state === 'approval-responded' || sent.state === 'output-denied' ? sent.approval : undefined;
  if (asked && decision && decision.id !== asked.id)
    throw invalid(
      `${at}: answers approval ${describeValue(decision.id)}, but tool call ${describeValue(stored.toolCallId)} waits for approval ${describeValue(asked.id)}`,
    );
  const approval =
    decision && asked
      ? {
          approval: {
            id: asked.id,
            approved: decision.approved,
            ...(decision.reason === undefined ? {} : { reason: decision.reason }),
          },
        }
      : asked
        ? { approval: asked }
        : {};
  if (sent.state === 'output-available')
    return { ...call, ...approval, state: sent.state, output: sent.output } as ToolPart;
  if (sent.state === 'output-error')
    return { ...call, ...approval, state: sent.state, errorText: sent.errorText } as ToolPart;
  return { ...call, ...approval, state: sent.state } as ToolPart;
}

/**
 * The continued message a chat runs and stores: the chat's stored version `last` of the message, with the answers
 * `sent` (what the client sent back) gives to the calls waiting in it — an approval's decision, a client-side
 * tool's output or error — and nothing else of the client's copy: its text, its other calls' inputs and outputs
 * and its metadata are the stored ones, so a client cannot rewrite what the model or a server-side tool said, nor
 * change the input of a call it approves. `INVALID_ARGUMENT` naming the part when `sent` holds a tool call the
 * stored message does not (the model never made it: it would run as if approved), or one under another tool's
 * name. `sent` has been checked to continue `last` ({@link checkContinuation}): same id, an assistant message.
 */
export function answeredContinuation<M extends UIMessage>(last: M, sent: M, what: string): M {
  const stored = new Map<string, ToolPart>();
  for (const part of last.parts) if (isToolUIPart(part)) stored.set(part.toolCallId, part);
  const answered = new Map<string, ToolPart>();
  sent.parts.forEach((part, index) => {
    if (!isToolUIPart(part)) return;
    const at = `${what}.parts[${index}]`;
    const call = stored.get(part.toolCallId);
    if (!call)
      throw invalid(
        `${at}: tool call ${describeValue(part.toolCallId)} is not in the chat's message ${describeValue(last.id)}: a client answers the calls the model made, it cannot add one`,
      );
    if (nameOf(call) !== nameOf(part))
      throw invalid(
        `${at}: tool call ${describeValue(part.toolCallId)} is a call of ${describeValue(nameOf(call))} in the chat's message, not of ${describeValue(nameOf(part))}`,
      );
    const allowed = answers[call.state];
    if (!allowed || part.state === call.state) return;
    if (!allowed.has(part.state))
      throw invalid(
        `${at}: tool call ${describeValue(part.toolCallId)} waits in the chat as ${call.state}; it is answered as ${[...allowed].join(', ')}, not ${describeValue(part.state)}`,
      );
    answered.set(part.toolCallId, answer(call, part, at));
  });
  const parts = last.parts.map((part) =>
    isToolUIPart(part) ? (answered.get(part.toolCallId) ?? part) : part,
  ) as M['parts'];
  return { ...last, parts };
}

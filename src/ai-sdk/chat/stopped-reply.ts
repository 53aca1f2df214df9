import { type FinishReason, isReasoningUIPart, isTextUIPart, isToolUIPart, type UIMessage } from 'ai';

/** The `errorText` a tool part gets when the stream stopped before its result. */
export const stoppedToolText =
  'The response stopped (the client disconnected) before this tool call returned.';

/**
 * A reply cut short, as the chat stores it: what was generated, with every tool call still waiting for its
 * input or result (`input-streaming`, `input-available`, and an approved call of a continued reply,
 * `approval-responded`: it was running or about to) turned into `output-error` with `errorText` (why it stopped:
 * {@link stoppedToolText} for a disconnect, `failedCallText` for a model call that failed), so
 * the chat never shows a call that runs forever, nor an approved call as not run yet (a resend would run it
 * again), nor holds one without an answer; a denied call of a continued reply whose denial the stream had not yet
 * given (`approval-responded`, not approved) turned into `output-denied`, as the AI SDK would have made it (the
 * model then reads the denial instead of a call left out); and every text or reasoning part still `streaming` marked `done`
 * (nothing more will come; the chat marks the message incomplete), so a reloaded chat does not render it as
 * still streaming.
 */
export function closeStoppedReply<M extends UIMessage>(reply: M, errorText: string = stoppedToolText): M {
  return {
    ...reply,
    parts: reply.parts.map((part) =>
      isToolUIPart(part) &&
      (part.state === 'input-streaming' ||
        part.state === 'input-available' ||
        (part.state === 'approval-responded' && part.approval.approved))
        ? { ...part, state: 'output-error', errorText }
        : (givenDenial(part) ??
          ((isTextUIPart(part) || isReasoningUIPart(part)) && part.state === 'streaming'
            ? { ...part, state: 'done' }
            : part)),
    ),
  };
}

/**
 * A tool part the user denied (`approval-responded`, not approved) whose denial the stream never gave, as the AI
 * SDK gives it (`output-denied`, the user's reason kept); undefined for any other part. Both a stopped reply
 * ({@link closeStoppedReply}) and a new message after one (`settledCalls`) give it.
 */
export function givenDenial<P extends UIMessage['parts'][number]>(part: P): P | undefined {
  return isToolUIPart(part) && part.state === 'approval-responded' && !part.approval.approved
    ? { ...part, state: 'output-denied' }
    : undefined;
}

/**
 * Whether a reply ended with parts that never finished: a text or reasoning part still `streaming`, a tool call
 * still waiting for its input or result. A stream that failed midway (a provider error) leaves such parts; the
 * UI stream's outcome still says `completed` then (its finish reason says `error` or `other`). A call with its
 * input (`input-available`) in a reply whose model stopped to call tools (`finishReason` `tool-calls`) is
 * finished: a tool without `execute`, whose result the client adds (`addToolOutput`).
 */
export function isUnfinished(reply: UIMessage, finishReason: FinishReason | undefined): boolean {
  return reply.parts.some(
    (part) =>
      ((isTextUIPart(part) || isReasoningUIPart(part)) && part.state === 'streaming') ||
      (isToolUIPart(part) &&
        (part.state === 'input-streaming' ||
          (part.state === 'input-available' && finishReason !== 'tool-calls'))),
  );
}

import { isReasoningUIPart, isTextUIPart, isToolUIPart, type UIMessage } from 'ai';

/** The `errorText` a tool part gets when the stream stopped before its result. */
export const stoppedToolText =
  'The response stopped (the client disconnected) before this tool call returned.';

/**
 * A reply cut short, as the chat stores it: what was generated, with every tool call still waiting for its
 * input or result (`input-streaming`, `input-available`) turned into `output-error` with
 * {@link stoppedToolText}, so the chat never shows a call that runs forever nor holds one without an answer, and
 * every text or reasoning part still `streaming` marked `done` (nothing more will come; the chat marks the
 * message incomplete), so a reloaded chat does not render it as still streaming.
 */
export function closeStoppedReply<M extends UIMessage>(reply: M): M {
  return {
    ...reply,
    parts: reply.parts.map((part) =>
      isToolUIPart(part) && (part.state === 'input-streaming' || part.state === 'input-available')
        ? { ...part, state: 'output-error', errorText: stoppedToolText }
        : (isTextUIPart(part) || isReasoningUIPart(part)) && part.state === 'streaming'
          ? { ...part, state: 'done' }
          : part,
    ),
  };
}

/**
 * Whether a reply ended with parts that never finished: a text or reasoning part still `streaming`, a tool call
 * still waiting for its input or result. A stream that failed midway (a provider error) leaves such parts; the
 * UI stream's outcome still says `completed` then.
 */
export function isUnfinished(reply: UIMessage): boolean {
  return reply.parts.some(
    (part) =>
      ((isTextUIPart(part) || isReasoningUIPart(part)) && part.state === 'streaming') ||
      (isToolUIPart(part) && (part.state === 'input-streaming' || part.state === 'input-available')),
  );
}

import { isToolUIPart, type UIDataTypes, type UIMessagePart, type UITools } from 'ai';

type Part = UIMessagePart<UIDataTypes, UITools>;

/**
 * What a reply's parts hold, kept as they grow: where each tool call's part is and how many reasoning parts there
 * are. A reply of thousands of parallel calls is read once, not once a result (a search of its parts for each
 * result, or a count of them for each reasoning part, made decoding it quadratic).
 */
export interface ReplyParts {
  /** The reply's parts, in order: push to it, or set a part at an index to one of the same kind and call id. */
  readonly parts: Part[];
  /** The index of the first tool part of call `toolCallId` (what `parts.findIndex` finds); -1 if none. */
  callAt(toolCallId: string): number;
  /** How many reasoning parts `parts` holds. */
  reasoningCount(): number;
}

/** A {@link ReplyParts} over `parts`, which it reads only as far as it grew since the last question. */
export function replyParts(parts: Part[]): ReplyParts {
  const calls = new Map<string, number>();
  let reasoning = 0;
  let read = 0;
  const catchUp = () => {
    for (; read < parts.length; read++) {
      const part = parts[read]!;
      if (part.type === 'reasoning') reasoning++;
      else if (isToolUIPart(part) && !calls.has(part.toolCallId)) calls.set(part.toolCallId, read);
    }
  };
  return {
    parts,
    callAt: (toolCallId) => {
      catchUp();
      return calls.get(toolCallId) ?? -1;
    },
    reasoningCount: () => {
      catchUp();
      return reasoning;
    },
  };
}

import { BadInputError } from '../bad-input-error.ts';

/** Pairs tool results with their calls while a conversation is read. */
export interface ToolCallTracker {
  /** Registers a call; a bad-input error at `where` when its id was used before. */
  call(id: string, toolName: string, where: string): void;
  /** Answers a call and returns its tool name; a bad-input error at `where` when no earlier call waits for it. */
  result(id: string, where: string): string;
}

/** A tracker in which a result must answer an earlier, still unanswered call of the same conversation. */
export function createToolCallTracker(): ToolCallTracker {
  const open = new Map<string, string>();
  const answered = new Set<string>();
  return {
    call(id, toolName, at) {
      if (open.has(id) || answered.has(id))
        throw new BadInputError(`${at}: tool call id "${id}" is used twice`);
      open.set(id, toolName);
    },
    result(id, at) {
      const name = open.get(id);
      if (name === undefined)
        throw new BadInputError(
          answered.has(id)
            ? `${at}: tool call "${id}" already has a result`
            : `${at}: tool result without its call (no earlier tool call "${id}")`,
        );
      open.delete(id);
      answered.add(id);
      return name;
    },
  };
}

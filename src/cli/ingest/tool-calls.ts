import { BadInputError } from '../bad-input-error.ts';

/**
 * Pairs tool calls and results while a conversation is read, by the rule the AI SDK applies to every prompt
 * (`MissingToolResultsError`): each result answers an earlier call, and each call a client runs is answered
 * before the next user or system message and before the conversation ends.
 */
export interface ToolCallTracker {
  /**
   * Registers a call at `where`; a bad-input error when its id was used before. A call the provider ran itself
   * (`providerExecuted`) needs no result.
   */
  call(id: string, toolName: string, where: string, options?: { providerExecuted?: boolean }): void;
  /** Answers a call and returns its tool name; a bad-input error at `where` when no earlier call waits for it. */
  result(id: string, where: string): string;
  /** Marks a call as awaiting the user's approval (an AI SDK `tool-approval-request`). */
  awaitApproval(id: string): void;
  /** A user or system message at `where`: a bad-input error naming each call still without its result. */
  turn(where: string): void;
  /**
   * The end of the conversation: a bad-input error naming each call still without its result, but for calls
   * awaiting approval (the in-flight step the next run continues by answering the approval).
   */
  end(): void;
}

/** A tracker in which a result must answer an earlier, still unanswered call of the same conversation. */
export function createToolCallTracker(): ToolCallTracker {
  const open = new Map<string, { toolName: string; at: string; required: boolean; approval?: true }>();
  const answered = new Set<string>();
  const unanswered = (before: string, atEnd = false) => {
    const missing = [...open].filter(([, c]) => c.required && !(atEnd && c.approval));
    if (missing.length === 0) return;
    const list = missing.map(([id, c]) => `${c.at}: tool call "${id}" (${c.toolName})`).join('; ');
    throw new BadInputError(
      `${list} has no tool result ${before} (every tool call needs its result before the next user or system message; an agent run on this session would throw MissingToolResultsError)`,
    );
  };
  return {
    call(id, toolName, at, options = {}) {
      if (open.has(id) || answered.has(id))
        throw new BadInputError(`${at}: tool call id "${id}" is used twice`);
      open.set(id, { toolName, at, required: options.providerExecuted !== true });
    },
    result(id, at) {
      const call = open.get(id);
      if (call === undefined)
        throw new BadInputError(
          answered.has(id)
            ? `${at}: tool call "${id}" already has a result`
            : `${at}: tool result without its call (no earlier tool call "${id}")`,
        );
      open.delete(id);
      answered.add(id);
      return call.toolName;
    },
    awaitApproval(id) {
      const call = open.get(id);
      if (call) call.approval = true;
    },
    turn: (at) => unanswered(`before ${at}`),
    end: () => unanswered('at the end of the conversation', true),
  };
}

/** The parts of an AI SDK / engram message the tracker reads. */
type Part = { type: string; toolCallId?: string; toolName?: string; providerExecuted?: boolean };

/**
 * Tracks one AI SDK (or engram) message: a user or system message is a turn; its `tool-call` and `tool-result`
 * parts are calls and results, `at(j)` naming part `j` for errors.
 */
export function trackMessage(
  tracker: ToolCallTracker,
  message: { role: string; content: string | readonly Part[] },
  where: string,
  at: (j: number) => string,
): void {
  if (message.role === 'user' || message.role === 'system') tracker.turn(where);
  if (typeof message.content === 'string') return;
  message.content.forEach((p, j) => {
    if (p.type === 'tool-call')
      tracker.call(p.toolCallId as string, p.toolName as string, at(j), {
        providerExecuted: p.providerExecuted === true,
      });
    if (p.type === 'tool-result') tracker.result(p.toolCallId as string, at(j));
    if (p.type === 'tool-approval-request') tracker.awaitApproval(p.toolCallId as string);
  });
}

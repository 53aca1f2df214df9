import type { ModelMessage } from 'ai';

type Part = Exclude<ModelMessage['content'], string>[number];

const partsOf = (message: ModelMessage): readonly Part[] =>
  typeof message.content === 'string' ? [] : (message.content as readonly Part[]);

/**
 * The contents of `after` (the messages of `before` with some parts filtered out, one for one, the parts
 * themselves unchanged) with what would break a pair removed too: a tool call goes with its results (and its
 * results with it), an approval request with its response, and an approval with the call it approves. The AI SDK's
 * `pruneMessages` decides a call and its result alike when their tool names agree; this makes it so whatever the
 * names say, so a pruned read never holds a result without its call.
 */
export function keepPairsWhole(
  before: readonly ModelMessage[],
  after: readonly ModelMessage[],
): ModelMessage['content'][] {
  const callOfApproval = new Map<string, string>();
  for (const message of before)
    for (const part of partsOf(message))
      if (part.type === 'tool-approval-request') callOfApproval.set(part.approvalId, part.toolCallId);
  const deadCalls = new Set<string>();
  const deadApprovals = new Set<string>();
  before.forEach((message, i) => {
    const kept = new Set(partsOf(after[i]!));
    for (const part of partsOf(message)) {
      if (kept.has(part)) continue;
      if (part.type === 'tool-call' || part.type === 'tool-result') deadCalls.add(part.toolCallId);
      else if (part.type === 'tool-approval-request' || part.type === 'tool-approval-response')
        deadApprovals.add(part.approvalId);
    }
  });
  if (deadCalls.size === 0 && deadApprovals.size === 0) return after.map((m) => m.content);
  const alive = (part: Part): boolean => {
    switch (part.type) {
      case 'tool-call':
      case 'tool-result':
        return !deadCalls.has(part.toolCallId);
      case 'tool-approval-request':
      case 'tool-approval-response': {
        const call = callOfApproval.get(part.approvalId);
        return !deadApprovals.has(part.approvalId) && (call === undefined || !deadCalls.has(call));
      }
      default:
        return true;
    }
  };
  return after.map((message) =>
    typeof message.content === 'string'
      ? message.content
      : ((message.content as Part[]).filter(alive) as ModelMessage['content']),
  );
}

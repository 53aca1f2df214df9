import type { MessageIssue } from '../core/errors/invalid-message-error.ts';

/**
 * The repeated tool call ids of a message: a second tool call with the id of an earlier tool call, or a second
 * tool result with the id of an earlier tool result, each named by its path (`content[2].toolCallId`). Provider
 * APIs refuse both, and engram keys what it keeps of a result (its content item, its citation) by message and
 * tool call id. A call and its result in one message (a provider-executed tool's) are not a repeat.
 */
export function repeatedToolCallIds(message: { content: unknown }): MessageIssue[] {
  const { content } = message;
  if (!Array.isArray(content)) return [];
  const issues: MessageIssue[] = [];
  const first = { 'tool-call': new Map<string, number>(), 'tool-result': new Map<string, number>() };
  for (const [index, part] of content.entries()) {
    const type = (part as { type?: unknown } | null)?.type;
    if (type !== 'tool-call' && type !== 'tool-result') continue;
    const id = (part as { toolCallId: string }).toolCallId;
    const seen = first[type];
    const earlier = seen.get(id);
    if (earlier === undefined) seen.set(id, index);
    else
      issues.push({
        path: `content[${index}].toolCallId`,
        problem: `repeats the ${type === 'tool-call' ? 'tool call' : 'tool result'} id ${JSON.stringify(id)} of content[${earlier}]: each ${type === 'tool-call' ? 'call' : 'result'} of a message needs its own id`,
      });
  }
  return issues;
}

import type { FinishReason, ModelMessage, ToolContent } from 'ai';

/** What a tool call of a step that failed before its result came answers. */
export const failedCallText =
  'not run to the end: the model call failed before this tool call had its result';

/**
 * The response messages of a run, closed for storing: when the run ended with an error (`finishReason` `'error'`,
 * a provider stream that failed mid-step), its last step may hold tool calls without results (the error came
 * after a tool-call part, before the tool's result): each is answered with an error result saying so, in the
 * step's tool message (one added after it when it has none), so no call is stored without its result. A call
 * waiting for an approval is left as it is (its answer comes later), and so is every call of a run that ended
 * otherwise (a tool without `execute` waits for its result). The messages are not changed in place.
 */
export function closeFailedStep(
  messages: readonly ModelMessage[],
  finishReason: FinishReason | undefined,
): ModelMessage[] {
  if (finishReason !== 'error') return [...messages];
  const at = messages.findLastIndex((m) => m.role === 'assistant');
  const assistant = messages[at];
  if (assistant === undefined || typeof assistant.content === 'string') return [...messages];
  const waiting = new Set<string>();
  const calls: { toolCallId: string; toolName: string }[] = [];
  for (const part of assistant.content) {
    if (part.type === 'tool-approval-request') waiting.add(part.toolCallId);
    if (part.type === 'tool-call' && !part.providerExecuted) calls.push(part);
  }
  const answered = new Set<string>();
  for (const m of messages.slice(at + 1))
    if (m.role === 'tool')
      for (const part of m.content) if (part.type === 'tool-result') answered.add(part.toolCallId);
  const open = calls.filter((c) => !answered.has(c.toolCallId) && !waiting.has(c.toolCallId));
  if (open.length === 0) return [...messages];
  const results: ToolContent = open.map((c) => ({
    type: 'tool-result',
    toolCallId: c.toolCallId,
    toolName: c.toolName,
    output: { type: 'error-text', value: failedCallText },
  }));
  const tool = messages.findIndex((m, i) => i > at && m.role === 'tool');
  if (tool === -1) return [...messages, { role: 'tool', content: results }];
  const out = [...messages];
  const found = out[tool] as Extract<ModelMessage, { role: 'tool' }>;
  out[tool] = { ...found, content: [...found.content, ...results] };
  return out;
}

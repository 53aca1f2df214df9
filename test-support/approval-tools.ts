/** Test-only: a tool that asks before it runs, and the messages of an AI SDK v7 tool approval. */
import { jsonSchema, type ModelMessage, tool } from 'ai';
import { expect } from 'vitest';

/** A tool set with one `remove(path)` tool that needs approval; `removed` lists the paths it removed. */
export function removeTool() {
  const removed: string[] = [];
  const tools = {
    remove: tool({
      inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } }),
      needsApproval: true,
      execute: async ({ path }) => {
        removed.push(path);
        return { removed: path };
      },
    }),
  };
  return { tools, removed };
}

/** The approval request the last message holds (a run that stopped for approval leaves it last). */
export function approvalRequest(messages: readonly ModelMessage[]): {
  approvalId: string;
  toolCallId: string;
} {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || typeof last.content === 'string') throw new Error('no approval request');
  const part = last.content.find((p) => p.type === 'tool-approval-request');
  if (part?.type !== 'tool-approval-request') throw new Error('no approval request');
  return part;
}

/** The tool message answering an approval request (a denial gives the reason "keep it"). */
export const approvalAnswer = (approvalId: string, approved: boolean): ModelMessage => ({
  role: 'tool',
  content: [
    {
      type: 'tool-approval-response',
      approvalId,
      approved,
      ...(approved ? {} : { reason: 'keep it' }),
    },
  ],
});

/** Each message as `role:part types` (`role` for text content), for readable assertions on a log. */
export const partTypes = (messages: readonly ModelMessage[]) =>
  messages.map((m) =>
    typeof m.content === 'string' ? m.role : `${m.role}:${m.content.map((p) => p.type).join('|')}`,
  );

/** What a stored tool message holding the `execution-denied` result of a denial ({@link approvalAnswer}) matches. */
export const deniedResult = (toolCallId: string) => [
  expect.objectContaining({
    type: 'tool-result',
    toolCallId,
    output: expect.objectContaining({ type: 'execution-denied', reason: 'keep it' }),
  }),
];

import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { approvalAnswer } from '../../test-support/approval-tools.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { newInput } from './approval-continuation.ts';

const request = (approvalId: string): ModelMessage => ({
  role: 'assistant',
  content: [
    { type: 'tool-call', toolCallId: `call-${approvalId}`, toolName: 'remove', input: { path: 'x' } },
    { type: 'tool-approval-request', approvalId, toolCallId: `call-${approvalId}` },
  ],
});
/** `n` user/assistant exchanges: more assistant messages than one page of the backward search. */
const chat = (n: number): ModelMessage[] =>
  Array.from({ length: n }, (_, i): ModelMessage[] => [
    { role: 'user', content: `q${i}` },
    { role: 'assistant', content: `a${i}` },
  ]).flat();

describe('newInput: what a call answering approvals stores', () => {
  it('the answers alone when the log holds every request, however far back (pages of the log)', async () => {
    const conversation = createConversationMemory();
    await conversation.store([{ role: 'user', content: 'go' }, request('a1'), ...chat(70), request('a2')]);
    const history = (await conversation.read()).slice(0, 3); // any history: it is not stored
    const answers: ModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: 'a1', approved: true },
        { type: 'tool-approval-response', approvalId: 'a2', approved: false },
      ],
    };
    expect(await newInput(conversation, [...history, answers])).toEqual([answers]);
  });

  it('the whole input when a request is not in the log, when the last message answers nothing, or alone', async () => {
    const conversation = createConversationMemory();
    await conversation.store([{ role: 'user', content: 'go' }, request('a1'), ...chat(70)]);
    const both: ModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: 'a1', approved: true },
        { type: 'tool-approval-response', approvalId: 'elsewhere', approved: true },
      ],
    };
    const input = [request('elsewhere'), both];
    expect(await newInput(conversation, input)).toBe(input);
    const results: ModelMessage[] = [
      request('a1'),
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-a1',
            toolName: 'remove',
            output: { type: 'text', value: 'ok' },
          },
        ],
      },
    ];
    expect(await newInput(conversation, results)).toBe(results);
    const alone = [approvalAnswer('a1', true)];
    expect(await newInput(conversation, alone)).toBe(alone);
  });
});

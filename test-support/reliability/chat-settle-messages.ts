/** The chat of the chat settle crash test (`chat-settle-child.ts`): what it holds, and the message sent next. */
import type { UIMessage } from 'ai';

/** The chat's user message. */
export const asking: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'remove a.txt' }] };

/** The chat's reply, its `remove` call waiting for approval (as a `respond` turn stores it). */
export const waiting: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: 'step-start' },
    { type: 'text', text: 'Removing. ', state: 'done' },
    {
      type: 'tool-remove',
      toolCallId: 'call-1',
      state: 'approval-requested',
      input: { path: 'a.txt' },
      approval: { id: 'approval-1' },
    },
  ],
};

/** The new message the user sends instead of answering. */
export const next: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'never mind' }] };

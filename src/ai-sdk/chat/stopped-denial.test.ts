import { randomUUID } from 'node:crypto';
import { streamText, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  answerApproval,
  approvalAsked,
  post,
  streamedMessage,
  streamingModel,
  textParts,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { settledCalls } from './settle-waiting-calls.ts';
import { closeStoppedReply } from './stopped-reply.ts';

const removePart = (m: UIMessage | undefined) => m?.parts.find((p) => p.type === 'tool-remove');

/** A chat whose reply holds a denial the stream was cut short before giving: `approval-responded`, not approved. */
async function deniedNotGiven(reason?: string) {
  const chats = createChatStore({ store: createMemoryStore(), scope: { tenant: 't', user: randomUUID() } });
  const { asked } = await approvalAsked(chats, 'Removing. ');
  const denied = answerApproval(asked, false);
  const part = removePart(denied) as { approval: { reason?: string } };
  if (reason !== undefined) part.approval.reason = reason;
  return { chats, asked, denied };
}

describe('a denial a stopped reply had not given yet', () => {
  it('closeStoppedReply: the denied call becomes output-denied (the reason kept), as the AI SDK would have made it; the model reads the denial', async () => {
    const { chats, asked, denied } = await deniedNotGiven('Not that file.');
    const closed = closeStoppedReply(denied);
    expect(removePart(closed)).toMatchObject({
      state: 'output-denied',
      approval: { approved: false, reason: 'Not that file.' },
    });
    // An approved call still becomes an error, as before; everything else is unchanged.
    expect(removePart(closeStoppedReply(answerApproval(asked, true)))).toMatchObject({
      state: 'output-error',
    });
    await chats.update('c', closed, { incomplete: true });
    const log = await chats.conversation('c').read();
    // The model side holds the call with its denial, not a call left out.
    expect(log.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(log[2]!.content).toContainEqual({
      type: 'tool-result',
      toolCallId: 'call-1',
      toolName: 'remove',
      output: { type: 'error-text', value: 'Not that file.' },
    });
    await sendToModel(log);
    expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), closed]);
  });

  it('a new message after a reply stored with such a denial (by an earlier engram) gives it: output-denied, the reason kept, the model reads it', async () => {
    const { chats, denied } = await deniedNotGiven();
    await chats.update('c', denied, { incomplete: true });
    // Stored so, the model side leaves the call out.
    expect((await chats.conversation('c').read()).map((m) => m.role)).toEqual(['user', 'assistant']);
    const { model, prompts } = streamingModel((call) => textParts([`Next ${call}.`]));
    const handler = createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
    const next = await streamedMessage(await handler(post({ id: 'c', message: user('u2', 'never mind') })));
    const settled = settledCalls(denied)!;
    expect(removePart(settled)).toMatchObject({ state: 'output-denied', approval: { approved: false } });
    expect((removePart(settled) as { approval: { reason?: string } }).approval.reason).toBeUndefined();
    expect(await chats.load('c')).toEqual([
      user('u1', 'remove a.txt'),
      settled,
      user('u2', 'never mind'),
      next,
    ]);
    // The model reads the call with its denial (the AI SDK's text for a denial without a reason).
    expect(prompts[0]).toContainEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'remove',
          output: { type: 'error-text', value: 'Tool call execution denied.' },
        },
      ],
    });
    await sendToModel(await chats.conversation('c').read());
  });
});

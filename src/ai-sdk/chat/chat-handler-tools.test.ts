import { jsonSchema, streamText, tool, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  answerApproval,
  approvalAsked,
  callParts,
  post,
  postThenDisconnect,
  stored,
  streamedMessage,
  streamingModel,
  textParts,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { stoppedToolText } from './stopped-reply.ts';

const pathInput = jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } });

describe('createChatHandler: client-side tools and approvals cut short', () => {
  it('a client-side tool (no execute): the call waits for the client, stored as streamed; its result continues the reply', async () => {
    const chats = createChatStore({ store: createSqliteStore({ path: ':memory:' }) });
    const { model, prompts } = streamingModel((call) =>
      call === 0 ? callParts('pick', { path: 'a.txt' }, 'Pick one. ') : textParts(['Picked.']),
    );
    const tools = { pick: tool({ inputSchema: pathInput }) }; // runs in the browser (onToolCall + addToolOutput)
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    const asked = await streamedMessage(await handler(post({ id: 'c', message: user('u1', 'pick') })));
    expect(asked!.parts.find((p) => p.type === 'tool-pick')).toMatchObject({ state: 'input-available' });
    await chats.idle();
    // What a reload shows is what the client has: the call waiting for its result, not a failed call.
    const [, waiting] = await chats.messages('c');
    expect(waiting!.message).toEqual(asked);
    expect(waiting!.incomplete).toBe(false);
    await sendToModel(await chats.conversation('c').read()); // the waiting call is not on the model side

    // The client answers (addToolOutput) and sends the message again: the reply goes on with the result.
    const answered = {
      ...asked!,
      parts: asked!.parts.map((p) =>
        p.type === 'tool-pick' ? { ...p, state: 'output-available', output: 'a.txt' } : p,
      ),
    } as UIMessage;
    const done = await streamedMessage(
      await handler(post({ id: 'c', messages: [user('u1', 'pick'), answered] })),
      answered,
    );
    await chats.idle();
    expect(await chats.load('c')).toEqual([user('u1', 'pick'), done]);
    expect(prompts[1]!.at(-1)).toMatchObject({ role: 'tool', content: [{ toolCallId: 'call-1' }] });
    await sendToModel(await chats.conversation('c').read());
  });

  it('an approved tool still running when the client disconnects is stored as output-error, not as approved and not run', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel((call) =>
      call === 0 ? callParts('remove', { path: 'a.txt' }, 'Removing. ') : textParts(['Removed.']),
    );
    let runs = 0;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const tools = {
      remove: tool({
        inputSchema: pathInput,
        needsApproval: true,
        execute: async (_input, { abortSignal }) => {
          runs++;
          started();
          await new Promise((resolve) => abortSignal?.addEventListener('abort', resolve));
          return { removed: true };
        },
      }),
    };
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'remove a.txt') }))).text();
    const [, asked] = await stored(chats, 'c', 2);
    const approved = {
      ...asked!,
      parts: asked!.parts.map((p) =>
        p.type === 'tool-remove' && p.state === 'approval-requested'
          ? { ...p, state: 'approval-responded', approval: { id: p.approval.id, approved: true } }
          : p,
      ),
    } as UIMessage;
    await postThenDisconnect(handler, { id: 'c', messages: [user('u1', 'remove a.txt'), approved] }, running);
    await chats.idle();
    const [, reply] = await chats.messages('c');
    // The tool ran (or was running): the chat must not say "approved, not run yet", which a resend would run again.
    expect(reply!.message.parts.find((p) => p.type === 'tool-remove')).toMatchObject({
      state: 'output-error',
      errorText: stoppedToolText,
      approval: { approved: true },
    });
    expect(reply!.incomplete).toBe(true);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']); // the model sees the call answered
    await sendToModel(log);
    expect(runs).toBe(1);
  });

  it('two tabs answer one approval at once: the first continues the reply, the second (stale) is a 409 and changes nothing', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { handler, prompts, removed, asked } = await approvalAsked(chats, 'Removing. ', 2);
    const answer = (approved: boolean) => answerApproval(asked, approved);
    const history = (m: UIMessage) => ({ id: 'c', messages: [user('u1', 'remove a.txt'), m] });
    const [first, second] = await Promise.all([
      handler(post(history(answer(true)))),
      handler(post(history(answer(false)))),
    ]);
    const done = await streamedMessage(first, answer(true));
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    // The same stale message sent again later (a tab that did not reload) is refused too.
    expect((await handler(post(history(answer(true))))).status).toBe(409);
    await chats.idle();
    expect(removed).toEqual(['a.txt']); // ran once
    expect(prompts).toHaveLength(2);
    expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), done]);
    expect(done!.parts.find((p) => p.type === 'tool-remove')).toMatchObject({ state: 'output-available' });
  });

  it("a client-side tool result that fails the chat store's tool schema is a 400 before the model runs, not a reply lost at the end", async () => {
    const tools = {
      pick: tool({
        inputSchema: z.object({ path: z.string() }),
        outputSchema: z.object({ picked: z.string() }),
      }),
    };
    const chats = createChatStore({ store: createMemoryStore(), tools });
    const { model, prompts } = streamingModel((call) =>
      call === 0 ? callParts('pick', { path: 'a.txt' }) : textParts(['Thanks.']),
    );
    const onStoreError = vi.fn();
    const handler = createChatHandler({
      chats,
      onStoreError,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    const asked = await streamedMessage(await handler(post({ id: 'c', message: user('u1', 'pick') })));
    await chats.idle();
    const bad = {
      ...asked!,
      parts: asked!.parts.map((p) =>
        p.type === 'tool-pick' ? { ...p, state: 'output-available', output: 123 } : p,
      ),
    } as UIMessage;
    const response = await handler(post({ id: 'c', messages: [user('u1', 'pick'), bad] }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'INVALID_MESSAGE',
      message: expect.stringMatching(/body\.message/),
    });
    await chats.idle();
    expect(prompts).toHaveLength(1);
    expect(onStoreError).not.toHaveBeenCalled();
    expect(await chats.load('c')).toEqual([user('u1', 'pick'), asked]);
  });
});

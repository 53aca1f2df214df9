import { randomUUID } from 'node:crypto';
import { jsonSchema, streamText, tool, type UIMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answerApproval,
  approvalAsked,
  callParts,
  post,
  streamedMessage,
  streamingModel,
  textParts,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { settledCalls, unansweredApprovalReason, unansweredCallError } from './settle-waiting-calls.ts';

let pg: TestDatabase | undefined;
afterAll(async () => {
  await pg?.drop();
});
const stores: { name: string; open: () => Promise<MemoryStoreV1 & { close?: () => Promise<void> }> }[] = [
  { name: 'memory', open: async () => createMemoryStore() },
  { name: 'sqlite', open: async () => createSqliteStore({ path: ':memory:' }) },
  {
    name: 'postgres',
    open: async () => {
      pg ??= await createTestSchema('engram_chat_stale');
      return createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 });
    },
  },
];

/** The error a refused request answers with. */
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

/** The approval id of the call waiting in `asked`. */
const approvalId = (asked: UIMessage) => {
  const part = asked.parts.find((p) => p.type === 'tool-remove');
  if (part?.type !== 'tool-remove' || part.state !== 'approval-requested')
    throw new Error('no approval waits');
  return part.approval.id;
};

describe.each(stores)('approvals answered late, resent or from a stale tab, on $name', ({ open }) => {
  /** A chat store of its own (the PostgreSQL schema is the file's): a scope per test. */
  const chatStore = (store: MemoryStoreV1) =>
    createChatStore({ store, scope: { tenant: 't', user: randomUUID() } });
  /** A chat whose reply asks to run `remove` (with `text` before the call, when given), over a fresh store. */
  async function waitingForApproval(text: string | undefined) {
    const store = await open();
    const chats = chatStore(store);
    return { store, chats, ...(await approvalAsked(chats, text)) };
  }

  it.each([
    ['text and the call', 'Removing. '],
    ['only the call', undefined],
  ])(
    'tab A sends a new message while an approval waits (a reply of %s): the approval is denied (the user moved on); tab B answering it then is a 409 naming it, nothing changes',
    async (_, text) => {
      const { store, chats, handler, prompts, removed, asked } = await waitingForApproval(text);
      try {
        // Tab A does not answer: it sends a new message (useChat's body: the whole chat, the approval unanswered).
        const next = user('u2', 'never mind, list the files');
        const reply = await streamedMessage(
          await handler(post({ id: 'c', messages: [user('u1', 'remove a.txt'), asked, next] })),
        );
        await chats.idle();
        // The user moved on: the waiting approval is denied before the new message is stored. The model reads the
        // call with its outcome (the denial's reason), never a call without its result (MissingToolResultsError),
        // and a reload shows the call denied, not approval buttons that could only be refused.
        const denied = settledCalls(asked)!;
        const call = denied.parts.find((p) => p.type === 'tool-remove');
        expect(call).toMatchObject({
          state: 'output-denied',
          approval: { id: approvalId(asked), approved: false, reason: unansweredApprovalReason },
        });
        const sent = prompts[1]!;
        const callAt = sent.findIndex(
          (m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'tool-call'),
        );
        expect(sent[callAt + 1]).toMatchObject({
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'remove' }],
        });
        expect(JSON.stringify(sent[callAt + 1])).toContain(unansweredApprovalReason);
        expect(sent.at(-1)).toEqual({
          role: 'user',
          content: [{ type: 'text', text: 'never mind, list the files' }],
        });
        await sendToModel(await chats.conversation('c').read());
        const chat = [user('u1', 'remove a.txt'), denied, next, reply];
        expect(await chats.load('c')).toEqual(chat);

        // Tab B (still showing the approval as the chat's last message) answers it.
        const stale = await handler(
          post({ id: 'c', messages: [user('u1', 'remove a.txt'), answerApproval(asked, true)] }),
        );
        expect(stale.status).toBe(409);
        const error = await errorOf(stale);
        expect(error.code).toBe('CONFLICT');
        expect(error.message).toContain(JSON.stringify(asked.id));
        expect(error.message).toContain(JSON.stringify(approvalId(asked)));
        expect(error.message).toMatch(/no longer the chat's last message/);
        expect(error.message).toContain(JSON.stringify(reply!.id)); // the chat's last message now
        expect(error.message).toMatch(/reload the chat/);
        await chats.idle();
        expect(removed).toEqual([]); // the tool did not run
        expect(prompts).toHaveLength(2);
        expect(await chats.load('c')).toEqual(chat); // nothing dropped, nothing added

        // The chat goes on: the next message's model sees no call without its result.
        await (await handler(post({ id: 'c', message: user('u3', 'thanks') }))).text();
        await chats.idle();
        expect(prompts).toHaveLength(3);
        await sendToModel(await chats.conversation('c').read());
        expect((await chats.load('c')).map((m) => m.id).slice(0, 5)).toEqual([
          'u1',
          asked.id,
          'u2',
          reply!.id,
          'u3',
        ]);
      } finally {
        await chats.idle();
        await store.close?.();
      }
    },
  );

  it('tab A regenerates the reply while its approval waits, then tab B answers it: a 400 (the chat no longer holds that reply), nothing changes', async () => {
    const { store, chats, handler, prompts, removed, asked } = await waitingForApproval('Removing. ');
    try {
      const fresh = await streamedMessage(
        await handler(
          post({ id: 'c', messages: [user('u1', 'remove a.txt')], trigger: 'regenerate-message' }),
        ),
      );
      await chats.idle();
      const chat = await chats.load('c');
      expect(chat.map((m) => m.id)).toEqual(['u1', fresh!.id]);
      const stale = await handler(
        post({ id: 'c', messages: [user('u1', 'remove a.txt'), answerApproval(asked, true)] }),
      );
      expect(stale.status).toBe(400);
      expect((await errorOf(stale)).code).toBe('INVALID_ARGUMENT');
      await chats.idle();
      expect(removed).toEqual([]);
      expect(prompts).toHaveLength(2);
      expect(await chats.load('c')).toEqual(chat);
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });

  it('an unchanged resend of a reply waiting for approval is a 409 naming the approval: the model is not called, nothing is stored; the answer then continues it', async () => {
    const { store, chats, handler, prompts, removed, asked } = await waitingForApproval('Removing. ');
    try {
      const history = (m: UIMessage) => ({ id: 'c', messages: [user('u1', 'remove a.txt'), m] });
      // A retry, or a reload that submits again, with the approval still unanswered; twice.
      for (const body of [history(asked), { id: 'c', message: asked }]) {
        const resent = await handler(post(body));
        expect(resent.status).toBe(409);
        const error = await errorOf(resent);
        expect(error.code).toBe('CONFLICT');
        expect(error.message).toContain(JSON.stringify(asked.id));
        expect(error.message).toContain(JSON.stringify(approvalId(asked)));
        expect(error.message).toMatch(/still waits for its approval/);
      }
      await chats.idle();
      expect(prompts).toHaveLength(1);
      expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), asked]);
      expect((await chats.lastMessage('c'))!.incomplete).toBe(false);

      // The approval still works: the answered copy continues the reply, the tool runs once.
      const done = await streamedMessage(
        await handler(post(history(answerApproval(asked, true)))),
        answerApproval(asked, true),
      );
      await chats.idle();
      expect(removed).toEqual(['a.txt']);
      expect(prompts).toHaveLength(2);
      expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), done]);
      await sendToModel(await chats.conversation('c').read());
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });

  /** A chat whose reply waits for a client-side tool's result (`pick`, no execute), over a fresh store. */
  async function waitingForResult() {
    const store = await open();
    const chats = chatStore(store);
    const { model, prompts } = streamingModel((call) =>
      call === 0 ? callParts('pick', { path: 'a.txt' }) : textParts([`Picked ${call}.`]),
    );
    const tools = {
      pick: tool({
        inputSchema: jsonSchema<{ path: string }>({
          type: 'object',
          properties: { path: { type: 'string' } },
        }),
      }),
    };
    const handler = createChatHandler({
      chats,
      respond: ({ messages, abortSignal }) => streamText({ model, tools, messages, abortSignal }),
    });
    const asked = await streamedMessage(await handler(post({ id: 'c', message: user('u1', 'pick') })));
    await chats.idle();
    return { store, chats, handler, prompts, asked: asked! };
  }

  it('a new message while a client-side tool waits for its result ends the call in an error the model reads; a late result is a 409', async () => {
    const { store, chats, handler, prompts, asked } = await waitingForResult();
    try {
      const next = user('u2', 'forget it');
      const reply = await streamedMessage(await handler(post({ id: 'c', message: next })));
      await chats.idle();
      const settled = settledCalls(asked)!;
      expect(settled.parts.find((p) => p.type === 'tool-pick')).toMatchObject({
        state: 'output-error',
        errorText: unansweredCallError,
      });
      expect(await chats.load('c')).toEqual([user('u1', 'pick'), settled, next, reply]);
      expect(JSON.stringify(prompts[1])).toContain(unansweredCallError);
      await sendToModel(await chats.conversation('c').read());
      // The client's result, sent late: the chat moved on.
      const late = {
        ...asked,
        parts: asked.parts.map((p) =>
          p.type === 'tool-pick' ? { ...p, state: 'output-available', output: 'a.txt' } : p,
        ),
      } as UIMessage;
      const refused = await handler(post({ id: 'c', messages: [user('u1', 'pick'), late] }));
      expect(refused.status).toBe(409);
      await chats.idle();
      expect(prompts).toHaveLength(2);
      expect(await chats.load('c')).toEqual([user('u1', 'pick'), settled, next, reply]);
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });

  it('with an agent too: a new message while an approval waits denies it before the run, whose model reads the outcome', async () => {
    const { store, chats, asked } = await waitingForApproval(undefined);
    try {
      const { model, prompts } = streamingModel((call) => textParts([`Listed ${call}.`]));
      const withAgent = createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) });
      const next = user('u2', 'never mind, list the files');
      await (await withAgent(post({ id: 'c', message: next }))).text();
      await chats.idle();
      const chat = await chats.load('c');
      expect(chat.slice(0, 3)).toEqual([user('u1', 'remove a.txt'), settledCalls(asked), next]);
      expect(chat).toHaveLength(4);
      expect(JSON.stringify(prompts[0])).toContain(unansweredApprovalReason);
      await sendToModel(await chats.conversation('c').read());
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });

  it('a new message the handler refuses (bad input, or an id the chat holds) leaves the waiting approval as it was', async () => {
    const { store, chats, handler, prompts, asked } = await waitingForApproval(undefined);
    try {
      // An id the chat holds: a resent user message is refused, and nothing is denied.
      const resent = await handler(post({ id: 'c', message: user('u1', 'remove a.txt') }));
      expect(resent.status).toBe(409);
      // A message useChat could not have sent: refused as bad input, nothing denied.
      const bad = await handler(
        post({ id: 'c', message: { id: 'u9', role: 'user', parts: [{ type: 'text' }] } }),
      );
      expect(bad.status).toBe(400);
      await chats.idle();
      expect(prompts).toHaveLength(1);
      expect(await chats.load('c')).toEqual([user('u1', 'remove a.txt'), asked]);
      // The approval still waits, and its answer continues the reply.
      await (
        await handler(post({ id: 'c', messages: [user('u1', 'remove a.txt'), answerApproval(asked, false)] }))
      ).text();
      await chats.idle();
      expect(prompts).toHaveLength(2);
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });

  it('an unchanged resend of a reply waiting for a client-side tool result is a 409 too: the model is not called', async () => {
    const { store, chats, handler, prompts, asked } = await waitingForResult();
    try {
      const resent = await handler(post({ id: 'c', messages: [user('u1', 'pick'), asked] }));
      expect(resent.status).toBe(409);
      const error = await errorOf(resent);
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toMatch(/tool call "call-1" still waits for its result/);
      await chats.idle();
      expect(prompts).toHaveLength(1);
      expect(await chats.load('c')).toEqual([user('u1', 'pick'), asked]);
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });

  it("a client-side tool's result sent twice (a retry, a second tab) continues the reply once: the second is a 409", async () => {
    const { store, chats, handler, prompts, asked } = await waitingForResult();
    try {
      const result = {
        ...asked,
        parts: asked.parts.map((p) =>
          p.type === 'tool-pick' ? { ...p, state: 'output-available', output: 'a.txt' } : p,
        ),
      } as UIMessage;
      // As sent: JSON, read before the stream continues `result` in place.
      const body = JSON.stringify({ id: 'c', messages: [user('u1', 'pick'), result] });
      const done = await streamedMessage(await handler(post(body)), result);
      await chats.idle();
      expect(await chats.load('c')).toEqual([user('u1', 'pick'), done]);
      // The same request again (stale: without the continuation), then the client's continued copy sent again.
      for (const again of [body, { id: 'c', messages: [user('u1', 'pick'), done] }]) {
        const response = await handler(post(again));
        expect(response.status).toBe(409);
        const error = await errorOf(response);
        expect(error.code).toBe('CONFLICT');
        expect(error.message).toContain(JSON.stringify(asked.id));
        expect(error.message).toMatch(/reload the chat/);
      }
      await chats.idle();
      expect(prompts).toHaveLength(2); // the model answered the result once
      expect(await chats.load('c')).toEqual([user('u1', 'pick'), done]); // the first continuation is kept
    } finally {
      await chats.idle();
      await store.close?.();
    }
  });
});

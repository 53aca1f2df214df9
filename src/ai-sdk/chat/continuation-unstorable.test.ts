import { describe, expect, it } from 'vitest';
import { answerApproval, approvalAsked, post } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatStore } from './chat-store.ts';

/** The raw body text of `{ id: 'c', message }` with `"__INF__"` replaced by 1e400 (JSON.parse gives Infinity). */
const withInfinity = (message: unknown) => JSON.stringify({ id: 'c', message }).replace('"__INF__"', '1e400');

describe('a continued approval the chat store cannot store (hunt)', () => {
  it('metadata holding 1e400: refused with a 400 before the approved tool runs, like a new message is', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { handler, removed, asked } = await approvalAsked(chats);
    const before = await chats.messages('c');
    const approved = { ...answerApproval(asked, true), metadata: { n: '__INF__' } };
    const response = await handler(post(withInfinity(approved)));
    const body = await response.text();
    await chats.idle();
    const after = await chats.messages('c');
    // A new user message with the same metadata is a 400 INVALID_ARGUMENT (chat-handler-malformed.test.ts);
    // the continued one must be refused the same way, before the model or the tool runs, or be stored.
    const observed = {
      status: response.status,
      removed: [...removed],
      lastPartStates: after.at(-1)?.message.parts.map((p) => ('state' in p ? p.state : p.type)),
    };
    // The approval still waits in the chat, so the client answers it again: the tool runs a second time.
    await (await handler(post({ id: 'c', message: answerApproval(asked, true) }))).text();
    await chats.idle();
    expect({ ...observed, removedAfterRetry: removed, body: body.slice(0, 120) }).toEqual({
      status: 400,
      removed: [],
      lastPartStates: before.at(-1)?.message.parts.map((p) => ('state' in p ? p.state : p.type)),
      removedAfterRetry: ['a.txt'],
      body: expect.stringContaining('INVALID_ARGUMENT'),
    });
  });
});

import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { answerApproval, approvalAsked, post, user } from '../../../test-support/chat-handler-rig.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatStore } from './chat-store.ts';

/** A steering-message part (a user note inside an assistant message) holding a file whose url is no URL. */
const steering = {
  type: 'steering-message',
  id: 's1',
  parts: [{ type: 'file', mediaType: 'image/png', url: 'not a url' }],
};

describe('a steering-message part with a file URL that is no URL (hunt)', () => {
  it('chats.append: INVALID_MESSAGE naming the part, not a raw TypeError; the chat unchanged', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    await chats.append('c', [user('u1', 'q')]);
    const reply = {
      id: 'a1',
      role: 'assistant',
      parts: [{ type: 'text', text: 'r' }, steering],
    } as UIMessage;
    const error = await chats.append('c', [reply]).catch((e: unknown) => e);
    expect({
      memoryError: MemoryError.isInstance(error),
      what: String(error).slice(0, 160),
    }).toEqual({ memoryError: true, what: expect.stringMatching(/INVALID_MESSAGE|parts\[1\]/) });
    expect(await chats.load('c')).toEqual([user('u1', 'q')]);
  });

  it('a continued approval carrying it: a 400 JSON error, not a thrown TypeError', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { handler, removed, asked } = await approvalAsked(chats);
    const answered = answerApproval(asked, true);
    const sent = { ...answered, parts: [...answered.parts, steering] } as UIMessage;
    const outcome = await handler(post({ id: 'c', message: sent })).then(
      async (r) => `status ${r.status}: ${(await r.text()).slice(0, 120)}`,
      (e: unknown) =>
        `thrown ${MemoryError.isInstance(e) ? 'MemoryError' : 'raw'}: ${String(e).slice(0, 120)}`,
    );
    await chats.idle();
    expect({ outcome, removed }).toEqual({ outcome: expect.stringMatching(/^status 400/), removed: [] });
  });
});

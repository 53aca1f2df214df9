import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { handlerRig, post, stored, texts, user } from '../../../test-support/chat-handler-rig.ts';

const roles = (messages: UIMessage[]) => messages.map((m) => [m.id, m.role, texts(m)]);

describe.each([
  { name: 'agent()', withAgent: true },
  { name: 'respond', withAgent: false },
])('a regenerate or an edit, with $name', ({ withAgent }) => {
  it('an edit the store refuses (too large) leaves the chat as it was: the old message and its reply stay', async () => {
    const { chats, handler } = handlerRig(withAgent, 2_000);
    await (await handler(post({ id: 'c', message: user('u1', 'q1') }))).text();
    const before = await stored(chats, 'c', 2);
    const edited = user('u1', 'x'.repeat(5_000));
    const response = await handler(
      post({ id: 'c', messages: [edited], trigger: 'submit-message', messageId: 'u1' }),
    );
    // The message is stored before the response starts, on both paths: a 413.
    expect(response.status).toBe(413);
    await chats.idle();
    expect(await chats.load('c')).toEqual(before);
  });

  it('edited twice, then regenerated: each replaces the message and drops what followed; a plain resend of its id is a 409', async () => {
    const { chats, handler, prompts } = handlerRig(withAgent, 2_000);
    await (await handler(post({ id: 'c', message: user('u1', 'q1') }))).text();
    await stored(chats, 'c', 2);
    await (await handler(post({ id: 'c', message: user('u2', 'q2') }))).text();
    await stored(chats, 'c', 4);
    for (const words of ['q2, better', 'q2, best']) {
      const edit = post({
        id: 'c',
        messages: [user('u2', words)],
        trigger: 'submit-message',
        messageId: 'u2',
      });
      await (await handler(edit)).text();
      await stored(chats, 'c', 4);
    }
    const again = post({ id: 'c', messages: [user('u2', 'q2, best')], trigger: 'regenerate-message' });
    await (await handler(again)).text();
    const now = await stored(chats, 'c', 4);
    expect(roles(now).slice(0, 3)).toEqual([
      ['u1', 'user', 'q1'],
      [now[1]!.id, 'assistant', 'answer 0'],
      ['u2', 'user', 'q2, best'],
    ]);
    expect(texts(now[3])).toBe('answer 4');
    // The model saw the chat rewound: the first answer, then the edited question alone.
    expect(prompts[4]!.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(JSON.stringify(prompts[4])).not.toContain('answer 3');
    // The message is held under a later version's id: a resend without a rewind is still a duplicate.
    const resend = await handler(post({ id: 'c', message: user('u2', 'q2 once more') }));
    expect(resend.status).toBe(409);
    // Nothing but the chat's messages is left in the log.
    const entries = (await chats.messages('c')).flatMap((m) => m.entryIds);
    expect((await chats.conversation('c').entries()).map((e) => e.message.id)).toEqual(entries);
  });
});

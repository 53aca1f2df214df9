import { streamText, type UIMessage } from 'ai';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { post, streamingModel, textParts, user } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';

/** A value of the wrong type anywhere. */
const junk = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);
/** Mostly `good`, sometimes junk. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 8 }, { arbitrary: junk, weight: 1 });
/** URLs without a network fetch: data:, and strings that are no URL. */
const url = fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:broken', 'not a url', '');
const part = fc.oneof(
  {
    arbitrary: fc.record({ type: fc.constant('text'), text: mostly(fc.string({ maxLength: 8 })) }),
    weight: 6,
  },
  fc.record({
    type: fc.constantFrom('file', 'reasoning-file'),
    mediaType: mostly(fc.constantFrom('image/png', '')),
    url: mostly(url),
  }),
  {
    arbitrary: fc.record(
      {
        type: fc.constantFrom('tool-x', 'dynamic-tool', 'data-x', 'step-start', 'source-url', 'weird'),
        toolName: fc.constant('x'),
        toolCallId: mostly(fc.constantFrom('k', 'z')),
        state: fc.constantFrom(
          'input-available',
          'approval-requested',
          'approval-responded',
          'output-available',
          'output-error',
          'output-denied',
          'bogus',
        ),
        input: mostly(fc.constant({})),
        output: junk,
        errorText: fc.string({ maxLength: 4 }),
        data: junk,
        approval: mostly(fc.record({ id: fc.constantFrom('ap', 'zz'), approved: mostly(fc.boolean()) })),
      },
      { requiredKeys: ['type'] },
    ),
    weight: 3,
  },
  junk,
);
const message = fc.record(
  {
    id: mostly(fc.constantFrom('u1', 'a1', 'u2', '')),
    role: mostly(fc.constantFrom('user', 'assistant', 'system')),
    parts: mostly(fc.array(part, { minLength: 1, maxLength: 3 })),
    metadata: junk,
  },
  { requiredKeys: ['id', 'role', 'parts'] },
);
/** useChat's request body, its fields right, wrong or missing. */
const body = fc.record(
  {
    id: mostly(fc.constantFrom('c', '')),
    message: mostly(message),
    messages: mostly(fc.array(message, { minLength: 1, maxLength: 2 })),
    trigger: mostly(fc.constantFrom('submit-message', 'regenerate-message')),
    messageId: mostly(fc.constantFrom('u1', 'a1', 'u2')),
  },
  { requiredKeys: [] },
);

/** The chat each case starts from: a question and a reply waiting for a tool approval. */
const start: UIMessage[] = [
  user('u1', 'q'),
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'r' },
      { type: 'tool-x', toolCallId: 'k', state: 'approval-requested', input: {}, approval: { id: 'ap' } },
    ],
  },
];

it('property: any request body is answered 200, 400 or 409 (never a throw, a 500 or a store error), and a refused one writes nothing', async () => {
  await fc.assert(
    fc.asyncProperty(body, async (request) => {
      const chats = createChatStore({ store: createMemoryStore() });
      await chats.append('c', start);
      const { model } = streamingModel(() => textParts(['ok']));
      const storeErrors: unknown[] = [];
      const handler = createChatHandler({
        chats,
        onStoreError: (error) => storeErrors.push(error),
        respond: ({ messages }) => streamText({ model, messages }),
      });
      const response = await handler(post(request));
      await response.text();
      await chats.idle();
      expect([200, 400, 409]).toContain(response.status);
      expect(storeErrors).toEqual([]);
      if (response.status !== 200) expect(await chats.load('c')).toEqual(start);
    }),
    { numRuns: 400 },
  );
});

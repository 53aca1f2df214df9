import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createEngramStore } from '../langgraph/engram-store.ts';
import { createSessions } from '../session/sessions.ts';
import { createConversationMemory } from './conversation-memory.ts';

/**
 * Only a missing option takes its default: a null store was silently an in-process one (nothing durable), a null
 * scope the default tenant, a null session id a new random one; a store or counter without the methods the log
 * calls failed with a raw TypeError at the first call.
 */
describe('createConversationMemory refuses at creation what it cannot use', () => {
  for (const [name, options, message] of [
    ['a null store', { store: null }, 'createConversationMemory(options).store must not be null'],
    [
      'a store without the log methods',
      { store: {} },
      'createConversationMemory(options).store must be an object',
    ],
    ['a null scope', { scope: null }, 'createConversationMemory(options).scope must not be null'],
    [
      'a null session id',
      { sessionId: null },
      'createConversationMemory(options).sessionId must not be null',
    ],
    ['a number as session id', { sessionId: 5 }, 'session id must be a non-empty string'],
    ['a null counter', { counter: null }, 'createConversationMemory(options).counter must not be null'],
    [
      'a counter without countText',
      { counter: { count: () => 1 } },
      'counter must be an object with countText()',
    ],
  ] as const)
    it(name, () => {
      expect(() => createConversationMemory(options as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(message) }),
      );
    });

  it('createSessions and createEngramStore refuse a null scope', () => {
    for (const make of [
      () => createSessions({ store: createMemoryStore(), scope: null } as never),
      () => createEngramStore({ store: createMemoryStore(), scope: null } as never),
    ])
      expect(make).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining('(options).scope must not be null'),
        }),
      );
  });

  it('every option left out still takes its default', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'user', content: 'hi' });
    expect(memory.scope).toEqual({ tenant: 'default' });
    expect((await memory.read()).length).toBe(1);
  });
});

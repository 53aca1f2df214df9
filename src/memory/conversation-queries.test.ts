import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from './conversation-memory.ts';

/** find, byRole and tail refuse a bad filter with a typed error instead of answering another question. */
const refused = (pattern: RegExp) => (e: unknown) =>
  MemoryError.hasCode(e, 'INVALID_ARGUMENT') && pattern.test((e as Error).message);

async function conversation() {
  const memory = createConversationMemory({ store: createMemoryStore(), sessionId: 'chat' });
  await memory.store([
    { role: 'user', content: 'a' },
    { role: 'assistant', content: 'b' },
    { role: 'user', content: 'c' },
  ]);
  return memory;
}

describe('conversation memory queries check their arguments', () => {
  it('find: a misspelt key, a wrong type, an invalid date, a bad role or limit is INVALID_ARGUMENT', async () => {
    const memory = await conversation();
    const cases: [unknown, RegExp][] = [
      [{ role: 'user' }, /find\(options\)\.role: not an option of find/],
      [{ since: 'yesterday' }, /find\(filter\)\.since must be a valid Date/],
      [{ until: new Date('nope') }, /find\(filter\)\.until must be a valid Date/],
      [{ roles: 'user' }, /find\(filter\)\.roles must be an array/],
      [{ roles: ['usr'] }, /find\(filter\)\.roles\[0\] must be 'system', 'user', 'assistant' or 'tool'/],
      [{ limit: -1 }, /find\(filter\)\.limit must be an integer >= 0/],
      [{ limit: 'x' }, /find\(filter\)\.limit must be an integer >= 0/],
      [{ metadata: null }, /find\(options\)\.metadata must not be null/],
      [{ agent: 5 }, /find\(filter\)\.agent must be a string/],
    ];
    for (const [filter, message] of cases)
      await expect(memory.find(filter as never)).rejects.toSatisfy(refused(message));
    expect(await memory.find({ roles: ['user'], limit: 1 })).toMatchObject([{ content: 'a' }]);
    expect((await memory.read()).length).toBe(3);
  });

  it('byRole: a role that is not a message role is INVALID_ARGUMENT, not an empty answer', async () => {
    const memory = await conversation();
    for (const role of ['usr', 'User', 5, null])
      await expect(memory.byRole(role as never)).rejects.toSatisfy(refused(/byRole\(role\)/));
    expect((await memory.byRole('user')).map((m) => m.content)).toEqual(['a', 'c']);
  });

  it('tail: a misspelt key or a bad count is INVALID_ARGUMENT, not the whole log or nothing', async () => {
    const memory = await conversation();
    const cases: [unknown, RegExp][] = [
      [{ maxMessage: 1 }, /tail\(options\)\.maxMessage: not an option/],
      [{ maxMessages: -1 }, /tail\(options\)\.maxMessages must be/],
      [{ maxMessages: 1.5 }, /tail\(options\)\.maxMessages must be/],
      [{ maxMessages: '2' }, /tail\(options\)\.maxMessages must be/],
      [{ minTokens: 'x' }, /tail\(options\)\.minTokens must be/],
      [{ minTokens: Number.NaN }, /tail\(options\)\.minTokens must be/],
      [{ minTokens: -5 }, /tail\(options\)\.minTokens must be/],
    ];
    for (const [options, message] of cases)
      await expect(memory.tail(options as never)).rejects.toSatisfy(refused(message));
    expect((await memory.tail({ maxMessages: 2 })).map((e) => e.message.content)).toEqual(['b', 'c']);
    expect((await memory.tail({ maxMessages: Number.POSITIVE_INFINITY })).length).toBe(3);
  });

  it('entries: a misspelt key is INVALID_ARGUMENT, not the whole log', async () => {
    const memory = await conversation();
    await expect(memory.entries({ fromseq: 2 } as never)).rejects.toSatisfy(
      refused(/fromseq: not an option/),
    );
    expect((await memory.entries({ fromSeq: 2 })).map((e) => e.message.content)).toEqual(['b', 'c']);
  });
});

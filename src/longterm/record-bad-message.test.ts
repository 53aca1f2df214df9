/**
 * `record([ok, bad])` where the second message's text (or name) cannot be stored in a record (a NUL, a lone
 * surrogate): the error named `records[0].context` (the first turn's record, whose context holds its neighbour's
 * text) or `records[1].text`, records the caller never made. It now names the message and its field. A valid
 * message whose text is cut (16,384 characters) between the halves of a surrogate pair was refused the same way;
 * the cut now keeps the pair whole.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import type { LongTermMemoryOptions } from './long-term-memory-options.ts';

const ok = { role: 'user' as const, content: 'I live in Paris' };
const memoryOf = (options: Partial<LongTermMemoryOptions> = {}) =>
  createLongTermMemory({ scope: { tenant: 't', user: 'u' }, session: 's', ...options });

/** `record(messages)` rejects with INVALID_ARGUMENT naming `path`, and no record is written. */
async function refusedNaming(
  messages: unknown[],
  path: string,
  options: Partial<LongTermMemoryOptions> = {},
) {
  const memory = memoryOf(options);
  const error = await memory.record(messages as MemoryMessage[]).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
  const { message } = error as Error;
  expect(message).toContain(`${path} must be well-formed text without NUL`);
  expect(message).not.toContain('records[');
  expect(await memory.search('Paris')).toEqual([]);
}

describe('record: a message a record cannot store is named by its index and field', () => {
  it('a NUL in the second message names messages[1].content', async () => {
    await refusedNaming([ok, { role: 'assistant', content: 'a\u0000b' }], 'messages[1].content');
  });

  it('a lone surrogate in a text part names the part; the index follows the message', async () => {
    const bad = {
      role: 'user',
      content: [
        { type: 'text', text: 'fine' },
        { type: 'text', text: 'a\uD800b' },
      ],
    };
    await refusedNaming([ok, ok, bad], 'messages[2].content[1].text');
  });

  it('a NUL in the name (the speaker, written into the text) names messages[1].name', async () => {
    await refusedNaming([ok, { role: 'user', name: 'a\u0000', content: 'hi' }], 'messages[1].name');
  });

  it('tool output is checked when tool messages are recorded, and left alone when they are not', async () => {
    const tool = {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'x', output: { type: 'text', value: 'a\u0000' } },
      ],
    };
    await refusedNaming([ok, tool], 'messages[1].content[0].output', {
      roles: ['user', 'assistant', 'tool'],
    });
    const memory = memoryOf();
    await memory.record([ok, tool as never]);
    expect((await memory.search('Paris')).map((h) => h.record.kind)).toContain('turn');
  });

  it('a valid text cut between the halves of a surrogate pair is recorded, the pair left out whole', async () => {
    const memory = memoryOf();
    const long = `${'word '.repeat(3276)}abc😀 end`; // 16,383 characters, then the pair
    expect(long.charCodeAt(16_383)).toBe(0xd83d);
    await memory.record([ok, { role: 'assistant', content: long }]);
    const turns = (await memory.search('word')).filter((h) => h.record.kind === 'turn');
    const text = turns.find((h) => h.record.text.startsWith('assistant:'))?.record.text;
    expect(text?.endsWith('abc')).toBe(true);
    expect(text?.isWellFormed()).toBe(true);
  });

  /** The error of `record(messages)` on `memory`. */
  const errorOf = (memory: ReturnType<typeof memoryOf>, messages: unknown[]) =>
    memory.record(messages as MemoryMessage[]).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
  const said = (id: string, content: string) =>
    ({ id, role: 'user', content, createdAt: new Date(Date.UTC(2026, 0, 1)) }) as MemoryMessage;

  it('one id for two messages of other content names the second message (messages[1].id), not a record', async () => {
    const memory = memoryOf();
    const error = await errorOf(memory, [said('m1', 'I live in Oslo'), said('m1', 'I live in Rome')]);
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(error?.message).toContain('messages[1].id');
    expect(error?.message).not.toContain('records[');
    expect(await memory.search('Oslo Rome')).toEqual([]);
    // The same message twice is recorded once, as before.
    await memory.record([said('m2', 'I live in Oslo'), said('m2', 'I live in Oslo')]);
    expect((await memory.search('Oslo')).filter((h) => h.record.kind === 'turn')).toHaveLength(1);
  });

  it('an id recorded before with other content names the message (messages[1].id), not a record', async () => {
    const memory = memoryOf();
    await memory.record([said('m1', 'I live in Oslo')]);
    const error = await errorOf(memory, [said('m0', 'Hello'), said('m1', 'I live in Rome')]);
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(error?.message).toContain('messages[1].id');
    expect(error?.message).not.toContain('records[');
    expect(await memory.search('Rome Hello')).toEqual([]);
  });
});

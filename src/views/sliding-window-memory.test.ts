import { describe, expect, it } from 'vitest';
import {
  call,
  createCountingStore,
  memoryWith,
  result,
  say,
  system,
  texts,
  user,
} from '../../test-support/view-helpers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';

describe('createSlidingWindowMemory', () => {
  it('returns the whole log when it fits', async () => {
    const memory = await memoryWith([user('a'), say('b')]);
    const view = createSlidingWindowMemory({ conversation: memory, windowSize: 5 });
    expect(texts(await view.read())).toEqual(['a', 'b']);
  });

  it('keeps the newest messages, never starting on a tool result whose call is out of the window', async () => {
    const memory = await memoryWith([
      user('q1'),
      call('c1', 'c2'),
      result('c1'),
      result('c2'),
      say('done'),
      user('q2'),
      say('a2'),
    ]);
    // The 4 newest messages would start on result('c2'): the whole call unit is dropped instead, and the prompt
    // starts with the user message that opened the turn (q1) rather than with the assistant's 'done'.
    expect(texts(await createSlidingWindowMemory({ conversation: memory, windowSize: 4 }).read())).toEqual([
      'q1',
      'done',
      'q2',
      'a2',
    ]);
    expect(texts(await createSlidingWindowMemory({ conversation: memory, windowSize: 3 }).read())).toEqual([
      'q2',
      'a2',
    ]);
    expect(texts(await createSlidingWindowMemory({ conversation: memory, windowSize: 7 }).read())).toEqual([
      'q1',
      'tool-call:c1+tool-call:c2',
      'result of c1',
      'result of c2',
      'done',
      'q2',
      'a2',
    ]);
  });

  it('keeps system messages wherever they are and counts them toward the window', async () => {
    const memory = await memoryWith([
      system('rules'),
      user('q1'),
      say('a1'),
      system('late'),
      user('q2'),
      say('a2'),
    ]);
    const out = await createSlidingWindowMemory({ conversation: memory, windowSize: 4 }).read();
    expect(texts(out)).toEqual(['rules', 'late', 'q2', 'a2']);
  });

  it('returns the newest unit whole when it alone exceeds the window', async () => {
    const memory = await memoryWith([user('q'), call('a', 'b', 'c'), result('a'), result('b'), result('c')]);
    const out = await createSlidingWindowMemory({ conversation: memory, windowSize: 2 }).read();
    expect(out).toHaveLength(4);
    expect(out[0]!.role).toBe('assistant');
  });

  it('keeps a trailing in-flight call and drops an unanswered call in the middle', async () => {
    const memory = await memoryWith([user('q1'), call('x'), result('x'), user('q2'), call('y')]);
    expect(texts(await createSlidingWindowMemory({ conversation: memory, windowSize: 10 }).read())).toEqual([
      'q1',
      'tool-call:x',
      'result of x',
      'q2',
      'tool-call:y',
    ]);
    const [, , tool] = await memory.read();
    await memory.delete(tool!.id);
    await memory.store(result('y'));
    expect(texts(await createSlidingWindowMemory({ conversation: memory, windowSize: 10 }).read())).toEqual([
      'q1',
      'q2',
      'tool-call:y',
      'result of y',
    ]);
  });

  it('follows appends and deletes of system messages between reads', async () => {
    const memory = await memoryWith([system('s1'), user('q1')]);
    const view = createSlidingWindowMemory({ conversation: memory, windowSize: 10 });
    expect(texts(await view.read())).toEqual(['s1', 'q1']);
    await view.store([system('s2'), say('a1')]);
    expect(texts(await view.read())).toEqual(['s1', 'q1', 's2', 'a1']);
    const [s1] = await memory.read();
    await memory.delete(s1!.id);
    expect(texts(await view.read())).toEqual(['q1', 's2', 'a1']);
  });

  it('delegates store() and appended() and never changes the log', async () => {
    const memory = await memoryWith([user('old')]);
    const view = createSlidingWindowMemory({ conversation: memory, windowSize: 1 });
    await view.store(user('new'));
    await view.store([say('reply')]);
    expect(texts(await view.read())).toEqual(['reply']);
    expect(texts(await view.appended())).toEqual(['new', 'reply']);
    expect(texts(await memory.read())).toEqual(['old', 'new', 'reply']);
  });

  it('reads only the newest part of a long log', async () => {
    const { store, reads } = createCountingStore();
    const memory = await memoryWith([system('rules')], store);
    const batch = [];
    for (let i = 0; i < 3000; i++) batch.push(i % 2 ? say(`a${i}`) : user(`q${i}`));
    await memory.append(batch);
    const view = createSlidingWindowMemory({ conversation: memory, windowSize: 20 });
    await view.read();
    reads.length = 0;
    await view.store(user('next'));
    const out = await view.read();
    expect(out).toHaveLength(20);
    expect(reads.reduce((n, r) => n + r.entries, 0)).toBeLessThan(60);
  });

  it('rejects a bad windowSize', () => {
    const memory = { stats: async () => ({}) } as never;
    for (const windowSize of [0, -1, 1.5, Number.NaN]) {
      expect(() => createSlidingWindowMemory({ conversation: memory, windowSize })).toThrow(MemoryError);
    }
  });

  it('a session deleted and created again under a live view: the view shows the new log only', async () => {
    const store = createMemoryStore();
    const memory = await memoryWith([system('old rules'), user('old question')], store);
    const view = createSlidingWindowMemory({ conversation: memory, windowSize: 10 });
    expect(texts(await view.read())).toEqual(['old rules', 'old question']);
    await store.deleteSession(memory.scope, memory.sessionId);
    await store.createSession(memory.scope, { id: memory.sessionId });
    // Only appends, as far as lastSeq and count can tell: the log id tells the two logs apart.
    await memory.store([user('new 1'), say('new 2'), user('new 3')]);
    expect(texts(await view.read())).toEqual(['new 1', 'new 2', 'new 3']);
  });
});

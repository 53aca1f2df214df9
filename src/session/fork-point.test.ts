import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inProcessStores } from '../../test-support/in-process-stores.ts';
import { groupMessages, isUnitComplete } from '../messages/units.ts';
import { createSessions } from './sessions.ts';

const call = (id: string): ModelMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName: 'weather', input: { city: 'Oslo' } }],
});
const result = (id: string): ModelMessage => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'weather', output: { type: 'text', value: '3°' } },
  ],
});
const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const reply = (text: string): ModelMessage => ({ role: 'assistant', content: text });

describe.each(inProcessStores)('sessions.fork never splits a tool call from its result (%s)', (_, open) => {
  it('a point between a call and its results moves past them; one before a user message stays', async () => {
    const store = open();
    const sessions = createSessions({ store });
    const log = await sessions.create({ id: 'c' });
    // 1 user, 2 two calls, 3 and 4 their results, 5 the reply's text, 6 user
    await log.store([
      user('weather?'),
      {
        role: 'assistant',
        content: [...(call('t1').content as never[]), ...(call('t2').content as never[])],
      },
      result('t1'),
      result('t2'),
      reply('3° in Oslo'),
      user('thanks'),
    ]);
    const at2 = await sessions.fork('c', { atSeq: 2, id: 'b2' });
    expect((await at2.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    const at3 = await sessions.fork('c', { atSeq: 3, id: 'b3' });
    expect((await at3.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    const byId = await sessions.fork('c', { atMessageId: (await log.read())[1]!.id, id: 'b-id' });
    expect(await byId.read()).toHaveLength(4);
    const at5 = await sessions.fork('c', { atSeq: 5, id: 'b5' });
    expect(await at5.read()).toHaveLength(5);
    const at1 = await sessions.fork('c', { atSeq: 1, id: 'b1' });
    expect(await at1.read()).toHaveLength(1);
    await store.close?.();
  });

  it('property: every fork of a log of whole exchanges holds whole exchanges only', async () => {
    const exchange = fc.oneof(
      fc.constant('talk' as const),
      fc.integer({ min: 1, max: 3 }).map((n) => ({ calls: n })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(exchange, { minLength: 1, maxLength: 8 }), fc.nat(), async (plan, pick) => {
        const store = open();
        const sessions = createSessions({ store });
        const log = await sessions.create({ id: 'c' });
        const messages: ModelMessage[] = [];
        plan.forEach((step, i) => {
          messages.push(user(`q${i}`));
          if (step === 'talk') messages.push(reply(`r${i}`));
          else {
            const ids = Array.from({ length: step.calls }, (_, k) => `t${i}_${k}`);
            messages.push({ role: 'assistant', content: ids.flatMap((id) => call(id).content as never[]) });
            for (const id of ids) messages.push(result(id));
            messages.push(reply(`r${i}`));
          }
        });
        await log.store(messages);
        const atSeq = 1 + (pick % messages.length);
        const branch = await sessions.fork('c', { atSeq, id: 'b' });
        const read = await branch.read();
        expect(read.length).toBeGreaterThanOrEqual(atSeq);
        for (const unit of groupMessages(read))
          expect(isUnitComplete(unit) && unit.kind !== 'orphan').toBe(true);
        await store.close?.();
      }),
      { numRuns: 60 },
    );
  });
});

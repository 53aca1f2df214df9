import { type BaseMessage, SystemMessage, trimMessages } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScriptedConversation } from '../../src/testing/scripted-conversation.ts';
import { toLangChain } from '../peer-messages.ts';
import { boundedTail } from './bounded-tail.ts';
import { createPrefixSumCounter } from './trim-counters.ts';

const history = createScriptedConversation({ seed: 5, messages: 300 }).flatMap((m, i) =>
  toLangChain(m, `m${i}`),
);

const trim = (messages: BaseMessage[], tokenCounter: (m: BaseMessage[]) => number, maxTokens: number) =>
  trimMessages(messages, {
    maxTokens,
    strategy: 'last',
    startOn: 'human',
    includeSystem: true,
    tokenCounter,
  });

/** Type and id per position (trimMessages leaves a hole when only the system message fits: kept as a hole). */
const ids = (messages: readonly (BaseMessage | undefined)[]) =>
  messages.map((m) => (m ? `${m.getType()}:${m.id}` : 'hole'));

describe('boundedTail', () => {
  it('gives trimMessages the same output as the whole history, at any length and budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: history.length }),
        fc.integer({ min: 50, max: 60_000 }),
        fc.boolean(),
        async (n, budget, withSystem) => {
          const prefix = createPrefixSumCounter();
          const system = new SystemMessage({ id: 'system', content: 'You are a careful research agent.' });
          const list = [...(withSystem ? [system] : []), ...history.slice(0, n)];
          prefix.add(list);
          const tail = boundedTail(list, prefix, budget);
          expect(tail.length).toBeLessThanOrEqual(list.length);
          const whole = await trim(list, prefix.tokenCounter, budget);
          expect(ids(await trim(tail, prefix.tokenCounter, budget))).toEqual(ids(whole));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the leading system message and only the newest messages within the budget', () => {
    const prefix = createPrefixSumCounter();
    prefix.add(history);
    const tail = boundedTail(history, prefix, 5_000);
    const counts = tail.map((m) => prefix.countOf(m.id!)!);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5_000);
    expect(tail.at(-1)).toBe(history.at(-1));
    const before = history[history.length - tail.length - 1]!;
    expect(prefix.countOf(before.id!)! + counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(5_000);
  });
});

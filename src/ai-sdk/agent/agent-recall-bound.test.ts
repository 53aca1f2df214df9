import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RecordedPrompt, scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { agent } from './agent.ts';

const bpe = createTokenCounter({ encoding: 'o200k_base' });
let bounds = 0;
/** The counter, its lower bound calls counted. */
const bounded: TokenCounter = {
  encoding: bpe.encoding,
  countText: (text) => bpe.countText(text),
  count: (message) => bpe.count(message),
  atLeast: (text) => {
    bounds++;
    return bpe.atLeast?.(text) ?? 0;
  },
};
/** The same counter without its lower bound. */
const unbounded: TokenCounter = {
  encoding: bpe.encoding,
  countText: (text) => bpe.countText(text),
  count: (message) => bpe.count(message),
};

/** The recall block of a prompt: its user message holding `<long_term_memory>`. */
const recallBlock = (prompt: RecordedPrompt | undefined) =>
  JSON.stringify(
    (prompt ?? []).find((m) => JSON.stringify(m.content).includes('<long_term_memory>')) ?? null,
  );

const words = ['garden', 'roses', 'water', 'tulips', 'sun', 'Lisbon', 'fish', '1987', 'naïve', '—', 'x'];

describe('agent recall through the kept counts', () => {
  it("property: the block agent() sends is the same with the counter's lower bound (atLeast) as without it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 60 }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 10, max: 600 }),
        async (notes, recallTokens) => {
          const blocks: string[] = [];
          for (const counter of [bounded, unbounded]) {
            // Each its own memory: a run records itself in it.
            const longTerm = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
            await longTerm.record(
              notes.map(
                (w, i) =>
                  ({
                    id: `n${i}`,
                    role: i % 2 ? 'assistant' : 'user',
                    content: `garden ${w.join(' ')}`,
                    createdAt: new Date(Date.UTC(2023, 4, 1 + (i % 28))),
                  }) as MemoryMessage,
              ),
            );
            const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
            const a = agent({
              name: 'a',
              description: 'd',
              model,
              memory: createConversationMemory({ counter }),
              longTermMemory: { memory: longTerm, recallTokens, mode: 'static' },
            });
            await a.run('what about the garden roses and the Lisbon fish?').result;
            blocks.push(recallBlock(prompts[0]));
          }
          expect(blocks[0]).toEqual(blocks[1]);
        },
      ),
      { numRuns: 40 },
    );
    expect(bounds).toBeGreaterThan(0); // the bound reached packing (4a5d57a)
  });
});

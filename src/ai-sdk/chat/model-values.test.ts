import type { ModelMessage, UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { canonicalJson } from '../../messages/canonical-json.ts';
import { createChatStore } from './chat-store.ts';
import { modelValues } from './encode-ui-message.ts';
import { type RefKey, refValue, resultCallId } from './stored-ui-message.ts';

/** The first version's search, kept as the oracle: a walk of every model item for each value. */
function findEqualByWalk(
  model: readonly ModelMessage[],
  key: RefKey,
  value: unknown,
  callId: string | undefined,
): [number, number] | undefined {
  for (const [entry, message] of model.entries()) {
    if (typeof message.content === 'string') continue;
    for (const [content, item] of message.content.entries()) {
      if (callId !== undefined && resultCallId(item) !== callId) continue;
      const found = refValue(message, content, key);
      if (found !== undefined && (key === 'output' ? canonicalJson(found) : found) === value)
        return [entry, content];
    }
  }
  return undefined;
}

const word = fc.constantFrom('alpha', 'bravo', 'charlie', 'https://x.example/a', 'data:text/plain,hi');
const callId = fc.constantFrom('c1', 'c2', 'c3');
const output = fc.oneof(
  fc.record({
    type: fc.constant('json' as const),
    value: fc.oneof(word, fc.record({ a: word, b: fc.nat(3) })),
  }),
  fc.record({ type: fc.constant('text' as const), value: word }),
);
const item = fc.oneof(
  fc.record({ type: fc.constantFrom('text' as const, 'reasoning' as const), text: word }),
  fc.record({
    type: fc.constant('file' as const),
    data: fc.record({ type: fc.constant('url' as const), url: word }),
    mediaType: fc.constant('text/plain'),
  }),
  fc.record({
    type: fc.constant('tool-result' as const),
    toolCallId: callId,
    toolName: fc.constant('t'),
    output,
  }),
);
const message = fc.oneof(
  fc.record({
    role: fc.constant('user' as const),
    content: fc.oneof(word, fc.array(item, { maxLength: 4 })),
  }),
  fc.record({ role: fc.constant('assistant' as const), content: fc.array(item, { maxLength: 4 }) }),
  fc.record({ role: fc.constant('tool' as const), content: fc.array(item, { maxLength: 4 }) }),
);
const query = fc.record({
  key: fc.constantFrom<RefKey>('text', 'url', 'output'),
  value: fc.oneof(
    word,
    output.map((o) => canonicalJson(o.value)),
  ),
  callId,
});

describe('modelValues: where the model side holds a value, read once per message', () => {
  it('property: finds what a walk of every item finds, first place first', () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 6 }),
        fc.array(query, { maxLength: 12 }),
        (model, queries) => {
          const values = modelValues(model as ModelMessage[]);
          for (const q of queries) {
            const id = q.key === 'output' ? q.callId : undefined;
            expect(values.find(q.key, q.value, id)).toEqual(
              findEqualByWalk(model as ModelMessage[], q.key, q.value, id),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a user message of 64,000 distinct long text parts is stored and loads back whole (n² item parses before: 16,000 took 17-26 s)', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const parts = Array.from({ length: 64_000 }, (_, i) => ({
      type: 'text' as const,
      text: `${i}`.padStart(64, 'x'),
    }));
    const message: UIMessage = { id: 'u1', role: 'user', parts };
    await chats.append('c', [message]);
    expect(await chats.load('c')).toEqual([message]);
  }, 60_000);
});

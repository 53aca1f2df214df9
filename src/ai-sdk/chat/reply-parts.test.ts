import { isToolUIPart, type UIDataTypes, type UIMessagePart, type UITools } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createChatStore } from './chat-store.ts';
import { replyParts } from './reply-parts.ts';

type Part = UIMessagePart<UIDataTypes, UITools>;

/** The first version's answers: a search of every part for each result, a count of them for each reasoning part. */
const callAtBefore = (parts: Part[], toolCallId: string) =>
  parts.findIndex((p) => isToolUIPart(p) && p.toolCallId === toolCallId);
const reasoningBefore = (parts: Part[]) => parts.filter((p) => p.type === 'reasoning').length;

const ids = fc.constantFrom('a', 'b', 'c', 'd');
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.constant({ type: 'step-start' } as Part),
  fc.constant({ type: 'reasoning', text: 'r', state: 'done' } as Part),
  fc.constant({ type: 'text', text: 't', state: 'done' } as Part),
  ids.map((id) => ({ type: 'tool-lookup', toolCallId: id, state: 'input-available', input: {} }) as Part),
  ids.map(
    (id) =>
      ({ type: 'dynamic-tool', toolName: 'x', toolCallId: id, state: 'input-available', input: {} }) as Part,
  ),
);
/** What decoding does to a reply: push parts, answer a call (its part replaced in place), ask. */
const op = fc.oneof(
  part.map((p) => ({ push: p })),
  ids.map((id) => ({ answer: id })),
  ids.map((id) => ({ ask: id })),
  fc.constant({ count: true as const }),
);

describe('replyParts', () => {
  it('finds what a search of the parts finds and counts what a count of them counts, as the parts grow', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const parts: Part[] = [];
        const reply = replyParts(parts);
        for (const o of ops) {
          if ('push' in o) parts.push(o.push);
          else if ('answer' in o) {
            const at = reply.callAt(o.answer);
            expect(at).toBe(callAtBefore(parts, o.answer));
            const call = parts[at];
            if (call && isToolUIPart(call))
              parts[at] = { ...call, state: 'output-available', output: 1 } as Part;
          } else if ('ask' in o) expect(reply.callAt(o.ask)).toBe(callAtBefore(parts, o.ask));
          else expect(reply.reasoningCount()).toBe(reasoningBefore(parts));
        }
      }),
    );
  });

  it('a chat store loads a reply of 50,000 parallel tool calls and their results (a search per result took ~20 s)', async () => {
    const n = 50_000;
    const store = createMemoryStore();
    const chats = createChatStore({ store });
    await chats.conversation('c').store([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: Array.from({ length: n }, (_, i) => ({
          type: 'tool-call' as const,
          toolCallId: `c${i}`,
          toolName: 'get',
          input: { i },
        })),
      },
      {
        role: 'tool',
        content: Array.from({ length: n }, (_, i) => ({
          type: 'tool-result' as const,
          toolCallId: `c${n - 1 - i}`,
          toolName: 'get',
          output: { type: 'text' as const, value: `r${n - 1 - i}` },
        })),
      },
    ]);
    const [, reply] = await chats.load('c');
    const calls = reply!.parts.filter(isToolUIPart);
    expect(calls).toHaveLength(n);
    expect(calls.every((p, i) => p.state === 'output-available' && p.output === `r${i}`)).toBe(true);
  }, 30_000);
});

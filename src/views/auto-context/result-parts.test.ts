import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolResultPart } from '../../content/cite-tool-results.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createAutoContextMemory } from './auto-context-memory.ts';
import type { ReplacedOutput } from './ladder-artifacts.ts';
import { resultParts } from './result-parts.ts';

/** The first version's lookup: a search of the message's parts for each result. */
function partBefore(message: MemoryMessage, toolCallId: string): ToolResultPart | undefined {
  if (typeof message.content === 'string') return undefined;
  return message.content.find(
    (p): p is ToolResultPart => p.type === 'tool-result' && p.toolCallId === toolCallId,
  );
}

const ids = fc.constantFrom('a', 'b', 'c', 'd');
const part = fc.oneof(
  ids.map((id) => ({
    type: 'tool-result',
    toolCallId: id,
    toolName: 't',
    output: { type: 'text', value: id },
  })),
  ids.map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 't', input: {} })),
  fc.constant({ type: 'text', text: 'x' }),
);
const message = fc.oneof(
  fc.constant({ role: 'user', content: 'text' }),
  fc.array(part, { maxLength: 12 }).map((content) => ({ role: 'tool', content })),
) as unknown as fc.Arbitrary<MemoryMessage>;

describe('resultParts', () => {
  it('gives for each call id the part a search of the message finds (the first), and none for other ids', () => {
    fc.assert(
      fc.property(message, (m) => {
        const parts = resultParts(m);
        for (const id of ['a', 'b', 'c', 'd', 'e']) expect(parts.get(id)).toBe(partBefore(m, id));
      }),
    );
  });

  it("groups outputs by entry as the first version's filter of every output for each entry did", () => {
    const output = fc.record({ seq: fc.integer({ min: 1, max: 5 }), toolCallId: ids, text: fc.string() });
    fc.assert(
      fc.property(fc.array(output, { maxLength: 20 }), (outputs: ReplacedOutput[]) => {
        const bySeq = Map.groupBy(outputs, (o) => o.seq);
        for (let seq = 0; seq <= 6; seq++)
          expect(bySeq.get(seq) ?? []).toEqual(outputs.filter((o) => o.seq === seq));
      }),
    );
  });

  it("AutoContext looks at each of a tool message's 30,000 results once (a search per result took ~25 s)", async () => {
    const n = 30_000;
    const calls = Array.from({ length: n }, (_, i) => ({
      type: 'tool-call' as const,
      toolCallId: `c${i}`,
      toolName: 'get',
      input: { i },
    }));
    const conversation = createConversationMemory({ sessionId: 's' });
    await conversation.store([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: calls },
      {
        role: 'tool',
        content: calls.map((c, i) => ({
          type: 'tool-result' as const,
          toolCallId: c.toolCallId,
          toolName: 'get',
          output: { type: 'text' as const, value: `result ${i} `.repeat(10) },
        })),
      },
      { role: 'assistant', content: 'done' },
    ]);
    const view = createAutoContextMemory({ conversation, content: createContentStore(), maxTokens: 5000 });
    const read = await view.read();
    // Every result is looked at (and found too short to cite), then the call and its results are summarized.
    expect((await view.steps()).map((s) => [s.step, s.fromSeq, s.toSeq])).toEqual([
      ['summarize-rounds', 2, 3],
    ]);
    expect(read.map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
  }, 60_000);
});

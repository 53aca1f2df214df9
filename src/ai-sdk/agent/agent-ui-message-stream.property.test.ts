import { readUIMessageStream, tool, type UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type StreamPart, streamingModel, usage } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { decodeUIMessages } from '../chat/decode-ui-messages.ts';
import { agent } from './agent.ts';
import { agentUIMessageStream } from './agent-ui-message-stream.ts';

const tools = {
  echo: tool({ inputSchema: z.object({ v: z.string() }), execute: async ({ v }) => ({ echoed: v }) }),
  fail: tool({
    inputSchema: z.object({ v: z.string() }),
    execute: async ({ v }): Promise<string> => {
      throw new Error(`failed on ${v}`);
    },
  }),
};

type Block =
  | { kind: 'text' | 'reasoning'; text: string }
  | { kind: 'call'; tool: 'echo' | 'fail'; v: string };
const word = fc.string({ minLength: 1, maxLength: 8 });
const block: fc.Arbitrary<Block> = fc.oneof(
  fc.record({ kind: fc.constantFrom('text' as const, 'reasoning' as const), text: word }),
  fc.record({
    kind: fc.constant('call' as const),
    tool: fc.constantFrom('echo' as const, 'fail' as const),
    v: word,
  }),
);
/** A model call's blocks, no two text (or reasoning) blocks in a row (the run's events do not separate those). */
const stepBlocks = fc
  .array(block, { minLength: 1, maxLength: 4 })
  .filter((blocks) => blocks.every((b, i) => i === 0 || b.kind === 'call' || b.kind !== blocks[i - 1]!.kind));

function streamOf(blocks: readonly Block[], step: number): StreamPart[] {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  let calls = 0;
  for (const [i, b] of blocks.entries()) {
    if (b.kind === 'call') {
      const toolCallId = `s${step}-c${calls++}`;
      parts.push({ type: 'tool-call', toolCallId, toolName: b.tool, input: JSON.stringify({ v: b.v }) });
      continue;
    }
    const id = `${b.kind}-${i}`;
    parts.push(
      { type: `${b.kind}-start`, id },
      { type: `${b.kind}-delta`, id, delta: b.text },
      { type: `${b.kind}-end`, id },
    );
  }
  const unified = calls > 0 ? 'tool-calls' : 'stop';
  parts.push({ type: 'finish', finishReason: { unified, raw: undefined }, usage });
  return parts;
}

describe('agentUIMessageStream (property)', () => {
  it('for random multi-step runs, the streamed message is the stored reply as the log decodes it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepBlocks, { minLength: 1, maxLength: 3 }), async (steps) => {
        // Every step after the last scripted one answers in text, so the run ends.
        const { model } = streamingModel((call) =>
          streamOf(steps[call] ?? [{ kind: 'text', text: 'done' }], call),
        );
        const memory = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
        const run = agent({ name: 'a', description: 'd', model, tools }).run('go', undefined, { memory });
        let streamed: UIMessage | undefined;
        for await (const m of readUIMessageStream({ stream: agentUIMessageStream(run, { messageId: 'r' }) }))
          streamed = m;
        await run.result;
        const [, reply] = decodeUIMessages(await memory.read()).map((m) => m.message);
        expect(streamed).toEqual({ ...reply, id: 'r' });
      }),
      { numRuns: 40 },
    );
  });
});

import { simulateReadableStream, type ToolResultPart, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  postThenDisconnect,
  type StreamPart,
  untilAbortedTool,
  usage,
  user,
} from '../../../test-support/chat-handler-rig.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { stoppedCallText } from './stopped-step.ts';

/** A step calling `fast` (call `f`) and `slow` (call `s`). */
const twoCalls: StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-call', toolCallId: 'f', toolName: 'fast', input: JSON.stringify({ n: 2 }) },
  { type: 'tool-call', toolCallId: 's', toolName: 'slow', input: JSON.stringify({ q: 'x' }) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
];

describe('a stopped step of agent() in the chat handler', () => {
  it("stores a result that had arrived as the tool's toModelOutput makes it, as a finished step would", async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const model = new MockLanguageModelV4({
      doStream: async () => ({ stream: simulateReadableStream({ chunks: twoCalls }) }),
    });
    const { slow, running } = untilAbortedTool();
    const shapes: unknown[] = [];
    const fast = tool({
      inputSchema: z.object({ n: z.number() }),
      execute: async ({ n }) => ({ squared: n * n }),
      toModelOutput: ({ toolCallId, input, output }) => {
        shapes.push({ toolCallId, input, output });
        return { type: 'text', value: `squared: ${output.squared}` };
      },
    });
    const assistant = agent({ name: 'a', description: 'd', model, tools: { fast, slow } });
    const handler = createChatHandler({ chats, agent: assistant });
    // Disconnects once `slow` runs and `fast`'s result has gone out.
    const after = running.then(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
    await postThenDisconnect(handler, { id: 'c', message: user('u1', 'square 2 and 3') }, after);
    await chats.turn('c', async () => undefined);
    const log = await chats.conversation('c').read();
    expect(log.map((m) => [m.role, m.metadata?.stopped])).toEqual([
      ['user', undefined],
      ['assistant', true],
      ['tool', true],
    ]);
    const results = log[2]!.content as ToolResultPart[];
    expect(results.map((r) => [r.toolCallId, r.output])).toEqual([
      ['f', { type: 'text', value: 'squared: 4' }],
      ['s', { type: 'error-text', value: stoppedCallText }],
    ]);
    expect(shapes).toEqual([{ toolCallId: 'f', input: { n: 2 }, output: { squared: 4 } }]);
    const [, reply] = await chats.messages('c');
    expect(reply!.incomplete).toBe(true);
    await sendToModel(log);
  });
});

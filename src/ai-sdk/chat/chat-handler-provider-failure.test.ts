import { streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { post, type StreamPart, streamingModel, user } from '../../../test-support/chat-handler-rig.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { failedCallText } from '../failed-step.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';
import { stoppedToolText } from './stopped-reply.ts';

/** A step whose provider fails after the model began a call of `lookup` (its input still streaming). */
const failingMidCall: StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-input-start', id: 'call-1', toolName: 'lookup' },
  { type: 'tool-input-delta', id: 'call-1', delta: '{"q":' },
  { type: 'error', error: new Error('overloaded') },
];

describe('a respond chat whose provider fails mid-step', () => {
  it("stores the cut call's error as the model call failing, not as a disconnect", async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model } = streamingModel(() => failingMidCall);
    const lookup = tool({ inputSchema: z.object({ q: z.string() }), execute: async () => 'found' });
    const handler = createChatHandler({
      chats,
      // onError: the provider error is this test's own; the SDK would print it.
      respond: ({ messages, abortSignal }) =>
        streamText({ model, tools: { lookup }, messages, abortSignal, onError: () => undefined }),
    });
    await (await handler(post({ id: 'c', message: user('u1', 'look it up') }))).text();
    await chats.idle();
    const [, reply] = await chats.messages('c');
    const call = reply!.message.parts.find((p) => p.type === 'tool-lookup');
    // Before: "The response stopped (the client disconnected) before this tool call returned." — no client left.
    expect(call).toMatchObject({ state: 'output-error', errorText: failedCallText });
    expect(JSON.stringify(await chats.conversation('c').read())).not.toContain(stoppedToolText);
    expect(reply!.incomplete).toBe(true);
  });
});

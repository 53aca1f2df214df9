import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callParts,
  post,
  postThenDisconnect,
  textParts,
  untilAbortedStream,
  user,
  weatherStepParts,
  weatherTool,
} from '../../../test-support/chat-handler-rig.ts';
import { rideStores } from '../../../test-support/ride-stores.ts';
import type { RecordedPrompt } from '../../../test-support/scripted-language-model.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { agent } from '../agent/agent.ts';
import { createChatHandler } from './chat-handler.ts';
import { createChatStore } from './chat-store.ts';

const stores = rideStores('engram_chat_between');
const dir = mkdtempSync(join(tmpdir(), 'engram-chat-between-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stores.cleanup();
});

/**
 * A model whose first call asks for `weather` (a step that finishes); its second call resolves `between` and
 * streams nothing until the run is aborted (the client went away between the two steps); later calls answer.
 * Records each call's prompt.
 */
function stoppedBetweenModel(stoppedCall = 1) {
  const prompts: RecordedPrompt[] = [];
  let reached!: () => void;
  const between = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt, abortSignal }) => {
      prompts.push(structuredClone(prompt));
      const call = prompts.length - 1;
      if (call !== stoppedCall) {
        const parts =
          call === 0 && stoppedCall === 1 ? callParts('weather', { city: 'Oslo' }) : textParts(['Clear.']);
        return { stream: simulateReadableStream({ chunks: parts }) };
      }
      reached();
      return { stream: untilAbortedStream(abortSignal) };
    },
  });
  return { model, prompts, between };
}

/** The stored chat after a reply stopped between its steps, then the next turn: checked on `store`. */
async function stopBetweenSteps(store: MemoryStoreV1): Promise<void> {
  const chats = createChatStore({ store });
  const { model, prompts, between } = stoppedBetweenModel();
  let replies = 0;
  const handler = createChatHandler({
    chats,
    agent: agent({ name: 'assistant', description: 'weather', model, tools: { weather: weatherTool } }),
    generateMessageId: () => `reply-${replies++}`,
  });
  await postThenDisconnect(handler, { id: 'c', message: user('u1', 'Weather in Oslo?') }, between);
  await chats.turn('c', async () => undefined);
  expect(prompts).toHaveLength(2);
  // Marked incomplete, with exactly the finished step's parts (nothing added, no extra message).
  const stored = await chats.messages('c');
  expect(stored.map((m) => [m.message.id, m.incomplete])).toEqual([
    ['u1', false],
    ['reply-0', true],
  ]);
  expect(stored[1]!.message.parts).toEqual(weatherStepParts);
  expect(await chats.load('c')).toEqual(stored.map((m) => m.message));
  const last = await chats.lastMessage('c');
  expect(last).toEqual(stored[1]);
  // The log holds the prompt and the finished step only: nothing for the model to read but what it wrote.
  const log = await chats.conversation('c').read();
  expect(log.map((m) => [m.id, m.role])).toEqual([
    ['u1', 'user'],
    ['reply-0', 'assistant'],
    ['reply-0#1', 'tool'],
  ]);
  await sendToModel(log);
  // The next turn: the model reads the finished step (its call and result) before the new question, nothing else.
  const response = await handler(post({ id: 'c', message: user('u2', 'And tomorrow?') }));
  await response.text();
  await chats.turn('c', async () => undefined);
  expect(prompts).toHaveLength(3);
  expect(prompts[2]!.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  expect(prompts[2]![1]!.content).toEqual([
    expect.objectContaining({ type: 'tool-call', toolCallId: 'call-1', toolName: 'weather' }),
  ]);
  expect((await chats.messages('c')).map((m) => [m.message.id, m.incomplete])).toEqual([
    ['u1', false],
    ['reply-0', true],
    ['u2', false],
    ['reply-1', false],
  ]);
}

describe('a run of agent() stopped between two steps, in the chat handler', () => {
  it('stopped before its first step generated anything: no reply is stored (none to mark); the next prompt is valid', async () => {
    const chats = createChatStore({ store: createMemoryStore() });
    const { model, prompts, between } = stoppedBetweenModel(0);
    const handler = createChatHandler({
      chats,
      agent: agent({ name: 'assistant', description: 'weather', model, tools: { weather: weatherTool } }),
    });
    await postThenDisconnect(handler, { id: 'c', message: user('u1', 'Weather in Oslo?') }, between);
    await chats.turn('c', async () => undefined);
    expect(await chats.messages('c')).toEqual([
      { message: user('u1', 'Weather in Oslo?'), incomplete: false, entryIds: ['u1'] },
    ]);
    const response = await handler(post({ id: 'c', message: user('u2', 'Hello?') }));
    await response.text();
    await chats.turn('c', async () => undefined);
    // Two user messages in a row: what every provider takes (the AI SDK sends them as they are).
    expect(prompts[1]!.map((m) => m.role)).toEqual(['user', 'user']);
    expect((await chats.messages('c')).map((m) => [m.message.id, m.incomplete])).toEqual([
      ['u1', false],
      ['u2', false],
      [expect.any(String), false],
    ]);
  });

  it('memory store: the reply keeps the finished step and reads back incomplete', async () => {
    await stopBetweenSteps(createMemoryStore());
  });

  it('json-file store: the same', async () => {
    const store = createJsonFileStore({ directory: join(dir, 'json') });
    try {
      await stopBetweenSteps(store);
    } finally {
      await store.close();
    }
  });

  it('SQLite: the same', async () => {
    await stores.sqlite((store) => stopBetweenSteps(store));
  });

  it('PostgreSQL: the same', async () => {
    await stores.postgres(({ store }) => stopBetweenSteps(store));
  });
});

/**
 * Child script of the chat stop crash test: on a SQLite file, sends a user message to a chat handler with `agent()`
 * whose model calls `weather` in its first step and, when asked for its second, has the client disconnect before it
 * streams anything (a run stopped between two steps). It SIGKILLs itself right after the `killAfterWrites`-th write
 * call of the turn (log writes and `putArtifact`) returns, and prints `done` (then exits) when the turn made fewer.
 */
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { agent } from '../../src/ai-sdk/agent/agent.ts';
import { createChatHandler } from '../../src/ai-sdk/chat/chat-handler.ts';
import { createChatStore } from '../../src/ai-sdk/chat/chat-store.ts';
import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { callParts, post, untilAbortedStream, weatherTool } from '../chat-handler-rig.ts';
import { childConfig, emit } from './child-process.ts';
import { killAfterLogWrites } from './kill-after-log-writes.ts';

/** What the parent passes in argv[2]. */
export interface ChatStopChildConfig {
  path: string;
  /** SIGKILL this process right after the n-th write call of the turn returns. */
  killAfterWrites: number;
}

const config = childConfig<ChatStopChildConfig>();
const inner = await openSqliteStore({ path: config.path });
const { store, arm } = killAfterLogWrites(inner, config.killAfterWrites, ['putArtifact']);
const chats = createChatStore({ store });
const client = new AbortController();
let calls = 0;
const model = new MockLanguageModelV4({
  doStream: async ({ abortSignal }) => {
    if (calls++ === 0)
      return { stream: simulateReadableStream({ chunks: callParts('weather', { city: 'Oslo' }) }) };
    client.abort(); // the client goes away between the two steps
    return { stream: untilAbortedStream(abortSignal) };
  },
});
const handler = createChatHandler({
  chats,
  agent: agent({ name: 'assistant', description: 'weather', model, tools: { weather: weatherTool } }),
  generateMessageId: () => 'reply-0',
});
emit('ready');
arm(true);
const message = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] };
const response = await handler(post({ id: 'c', message }, client.signal));
await response.text().catch(() => undefined);
await chats.idle();
arm(false);
emit('done');
await inner.close();
process.exit(0);

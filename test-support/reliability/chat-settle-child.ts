/**
 * Child script of the chat settle crash test: on a SQLite file, makes chat `c` hold a user message and a reply
 * whose `remove` call waits for approval (stored as the chat handler stores it), prints `ready`, then sends a new
 * user message through the chat handler (with `respond` or with `agent()`), which settles (denies) the waiting
 * approval. It SIGKILLs itself right after the `killAfterWrites`-th log write call (append, deleteMessages) the
 * handler's turn makes returns, and prints `done` (then exits) when the turn made fewer: a deterministic kill
 * between any two writes of the turn.
 */
import { streamText } from 'ai';
import { agent } from '../../src/ai-sdk/agent/agent.ts';
import { createChatHandler } from '../../src/ai-sdk/chat/chat-handler.ts';
import { createChatStore } from '../../src/ai-sdk/chat/chat-store.ts';
import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { scriptedLanguageModel } from '../scripted-language-model.ts';
import { asking, next, waiting } from './chat-settle-messages.ts';
import { childConfig, emit } from './child-process.ts';
import { killAfterLogWrites } from './kill-after-log-writes.ts';

/** What the parent passes in argv[2]. */
export interface ChatSettleChildConfig {
  path: string;
  /** Send the new message to a handler with `agent()` instead of `respond`. */
  agent: boolean;
  /** SIGKILL this process right after the n-th log write call of the turn returns. */
  killAfterWrites: number;
}

const config = childConfig<ChatSettleChildConfig>();
const inner = await openSqliteStore({ path: config.path });
// A real store; it only counts the log writes of the armed turn and kills the process after the n-th.
const { store, arm } = killAfterLogWrites(inner, config.killAfterWrites);
const chats = createChatStore({ store });
await chats.append('c', [asking, waiting]);
emit('ready');

const { model } = scriptedLanguageModel([{ text: 'Listed.' }]);
const handler = config.agent
  ? createChatHandler({ chats, agent: agent({ name: 'a', description: 'd', model }) })
  : createChatHandler({ chats, respond: ({ messages }) => streamText({ model, messages }) });
arm(true);
const response = await handler(
  new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'c', message: next }),
  }),
);
await response.text();
await chats.idle();
arm(false);
emit('done');
await inner.close();
process.exit(0);

/**
 * engram's contender of the agent-step suite, built as an application builds it: a SQLite file at durability
 * `power`, a conversation, a content store, `createAutoContextMemory` over both, static long-term memory on the same
 * store, and `agent()` with `recordAssembly: true`. The session is pre-filled untimed through the same view and
 * memory an agent run writes to.
 */

import type { ModelMessage, ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { type Agent, agent } from '../../src/ai-sdk.ts';
import {
  type AutoContextView,
  createAutoContextMemory,
  createContentStore,
  createConversationMemory,
  createLongTermMemory,
  createTokenCounter,
  type LongTermMemory,
} from '../../src/index.ts';
import { createSqliteStore } from '../../src/sqlite.ts';
import { splitTurns } from '../../src/testing.ts';
import { type CountingDatabase, openCountingDatabase } from './counting-database.ts';

/** The model's window the view keeps the context in. */
export const MAX_TOKENS = 128_000;

/** The agent, its memory and the handle whose commits are counted. */
export interface EngramStack {
  /** The agent. */
  agent: Agent;
  /** Its view. */
  view: AutoContextView;
  /** Its long-term memory. */
  longTerm: LongTermMemory;
  /** The counting handle under the store. */
  db: CountingDatabase;
  /** Closes the store and the handle. */
  close(): Promise<void>;
}

/**
 * Opens (or creates) the session in the SQLite file at `path`; `longTerm: false` leaves long-term memory out of the
 * agent (an ablation: what recall and recording cost a step), the rest as it is.
 */
export function openEngramStack(
  path: string,
  model: MockLanguageModelV4,
  tools: ToolSet,
  options: { longTerm?: boolean } = {},
): EngramStack {
  const db = openCountingDatabase(path);
  const store = createSqliteStore({ database: db.database, durability: 'power' });
  const scope = { tenant: 'bench', user: 'ada' };
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  const conversation = createConversationMemory({ store, scope, sessionId: 'long-session', counter });
  const content = createContentStore({ store, scope, counter });
  const view = createAutoContextMemory({ conversation, content, maxTokens: MAX_TOKENS });
  const longTerm = createLongTermMemory({ store, scope, session: 'long-session' });
  const assistant = agent({
    name: 'researcher',
    description: 'Reads pages and answers.',
    model,
    instructions: 'You are a research agent. Read the pages you need, then answer briefly.',
    tools,
    memory: view,
    contentStore: content,
    ...(options.longTerm === false ? {} : { longTermMemory: { memory: longTerm, mode: 'static' as const } }),
    recordAssembly: true,
  });
  return {
    agent: assistant,
    view,
    longTerm,
    db,
    async close() {
      await store.close();
      db.close();
    },
  };
}

/**
 * Pre-fills the session with `messages` as earlier runs would have left it: whole turns in batches of about
 * `batch` messages, each batch stored through the view, recorded in long-term memory, then read through the view
 * (so its offloads and ladder steps are made as the session grows, not all at the first timed step). Batches keep
 * the untimed pre-fill within minutes: at cf79f52 storing costs about 4 ms a message and each offload about 17 ms.
 */
export async function prefill(
  stack: EngramStack,
  messages: readonly ModelMessage[],
  batch: number,
  log: (line: string) => void,
): Promise<void> {
  let pending: ModelMessage[] = [];
  let stored = 0;
  const flush = async () => {
    await stack.view.store(pending);
    await stack.longTerm.record(pending);
    await stack.view.read();
    stored += pending.length;
    pending = [];
    log(`  pre-filled ${stored} messages`);
  };
  for (const turn of splitTurns(messages)) {
    pending.push(...turn);
    if (pending.length >= batch) await flush();
  }
  if (pending.length > 0) await flush();
}

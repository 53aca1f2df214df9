/**
 * @module engram/openai-agents
 * The OpenAI Agents SDK (`@openai/agents`, `@openai/agents-core`) on engram's stores: `createEngramSession`
 * is a `Session` for `run(agent, input, { session })` whose items live in an engram conversation log, one
 * message per item with the exact item kept beside it, so a conversation survives restarts on SQLite or
 * PostgreSQL and engram's views, search and compaction read the same log. It implements the SDK's history
 * transactions (`applyHistoryTransaction`), each applied once per operation id. Imports only types from
 * `@openai/agents-core` (an optional peer dependency).
 * @example
 * import { Agent, run } from '@openai/agents';
 * import { createSqliteStore } from 'engram/sqlite';
 * import { createEngramSession } from 'engram/openai-agents';
 *
 * const store = createSqliteStore({ path: 'agents.db' });
 * const session = createEngramSession({ store, scope: { tenant: 'acme', user: 'ada' }, sessionId: 'chat-1' });
 * const agent = new Agent({ name: 'Assistant', instructions: 'Be brief.' });
 * await run(agent, 'My name is Ada.', { session });
 * await run(agent, 'What is my name?', { session }); // the history comes from the store
 */
export {
  createEngramSession,
  type EngramSession,
  type EngramSessionOptions,
  itemKey,
  operationKey,
  operationKind,
} from './openai-agents/index.ts';

/**
 * @module engram/openai-agents
 * engram under the OpenAI Agents SDK: `createEngramSession` is a `Session` for
 * `run(agent, input, { session })` on any engram store (SQLite, PostgreSQL, JSON files, in process).
 * @example
 * import { createEngramSession } from 'engram/openai-agents';
 * const session = createEngramSession({ store, scope: { tenant: 'acme', user: 'ada' }, sessionId: 'chat-1' });
 */
export { createEngramSession, type EngramSession, type EngramSessionOptions } from './engram-session.ts';
export { operationKind } from './history-transaction.ts';
export { itemKey, operationKey } from './session-log.ts';

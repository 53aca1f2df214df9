/**
 * @module engram/langgraph
 * LangGraph.js on engram's stores: a checkpointer (`BaseCheckpointSaver`) that keeps each thread as an engram
 * session, with the messages of its message channels stored once each in the session's log (a conversation of
 * n messages stores n, not n²/2), and a long-term `BaseStore` on engram's long-term records. Needs
 * `@langchain/langgraph-checkpoint` (and `@langchain/core`), which LangGraph itself depends on.
 * @example
 * import { createSqliteStore } from 'engram/sqlite';
 * import { createEngramCheckpointSaver, createEngramStore } from 'engram/langgraph';
 *
 * const store = createSqliteStore({ path: 'app.db' });
 * const scope = { tenant: 'acme', user: 'u1' };
 * const checkpointer = createEngramCheckpointSaver({ store, scope });
 * const graph = builder.compile({ checkpointer, store: createEngramStore({ store, scope }) });
 * await graph.invoke({ messages: [new HumanMessage('Hi')] }, { configurable: { thread_id: 'chat-1' } });
 */
export {
  createEngramCheckpointSaver,
  createEngramStore,
  type EmbeddingsLike,
  EngramCheckpointSaver,
  type EngramCheckpointSaverOptions,
  type EngramPutOperation,
  EngramStore,
  type EngramStoreOptions,
  type EngramStoreTtl,
  threadSessionId,
} from './langgraph/index.ts';

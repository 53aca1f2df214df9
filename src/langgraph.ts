/**
 * @module engram/langgraph
 * LangGraph.js on engram's stores: a checkpointer (`BaseCheckpointSaver`) that keeps each thread as an engram
 * session, with the messages of its message channels stored once each in the session's log (a conversation of
 * n messages stores n, not n²/2), and a long-term `BaseStore` on engram's long-term records. Needs
 * `@langchain/langgraph-checkpoint` (and `@langchain/core`), which LangGraph itself depends on.
 * @example
 * import { createSqliteStore } from 'engram/sqlite';
 * import { createEngramCheckpointSaver } from 'engram/langgraph';
 *
 * const store = createSqliteStore({ path: 'app.db' });
 * const checkpointer = createEngramCheckpointSaver({ store, scope: { tenant: 'acme', user: 'u1' } });
 * const graph = builder.compile({ checkpointer });
 * await graph.invoke({ messages: [new HumanMessage('Hi')] }, { configurable: { thread_id: 'chat-1' } });
 */
export {
  createEngramCheckpointSaver,
  EngramCheckpointSaver,
  type EngramCheckpointSaverOptions,
  threadSessionId,
} from './langgraph/index.ts';

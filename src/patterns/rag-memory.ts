import { createHash } from 'node:crypto';
import type { EmbeddingModel, ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createLongTermMemory, type EngramLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { LongTermEmbedder } from '../longterm/embedder.ts';
import { type RankingOptions, rankingOptionKeys } from '../longterm/hybrid-search.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { originOfRole, spokenText, toolsReadAfter } from '../longterm/turn-records.ts';
import { checkConversationMemory } from '../memory/check-conversation-memory.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { recordText } from './record-text.ts';

/** Options of {@link createRagMemory}. */
export interface RagMemoryOptions extends RankingOptions {
  /** The log messages are stored in, over a store with long-term records (every built-in store has them). */
  memory: ConversationMemory<MemoryStoreV1 & HasLongTermRecords>;
  /** Any AI SDK embedding model (or an embedder). Without one, retrieval is full text alone. */
  embedding?: EmbeddingModel | LongTermEmbedder;
}

/** Seed 003's `RAGMemory`: messages stored with an embedding, and the k most relevant retrieved. */
export interface RagMemory {
  /** The conversation memory behind it. */
  readonly memory: ConversationMemory;
  /** The long-term memory its index lives in (records of kind `message`, scoped like the log). */
  readonly index: EngramLongTermMemory;
  /** Stores a message and indexes it (its embedding is computed before this resolves); returns it as stored. */
  addWithEmbedding(message: ModelMessage): Promise<MemoryMessage>;
  /** The `k` stored messages most relevant to `query`, best first (deleted messages are left out). @default k 5 */
  retrieveRelevant(query: string, k?: number): Promise<MemoryMessage[]>;
}

const component = 'rag';
/**
 * The id of a message's index record: a hash of its session and id, so every pair gets its own (joined as text,
 * `a_b` + `c` and `a` + `b_c` would meet) and it fits the 256-character id limit whatever their lengths.
 */
const recordId = (sessionId: string, messageId: string) =>
  `msg_${createHash('sha256')
    .update(JSON.stringify([sessionId, messageId]))
    .digest('hex')
    .slice(0, 32)}`;

/**
 * Seed 003's retrieval-augmented memory on engram's stores: `addWithEmbedding` appends to the conversation log
 * and indexes the message as a long-term record (`kind: 'message'`, its session, its id in provenance) with its
 * embedding; `retrieveRelevant` ranks them by hybrid search (BM25 fused with cosine similarity) and returns the
 * messages from the log. The index is durable and scoped with the log, so a restart or another process sees it.
 * An option it does not declare (a misspelt `embeding`) is `INVALID_ARGUMENT`, not silently left out.
 * @example
 * const rag = createRagMemory({ memory, embedding: openai.embedding('text-embedding-3-small') });
 * await rag.addWithEmbedding({ role: 'user', content: 'The staging server is db-7.' });
 * const relevant = await rag.retrieveRelevant('which server is staging?', 3);
 */
export function createRagMemory(options: RagMemoryOptions): RagMemory {
  checkOptions(options, 'createRagMemory', 'patterns');
  checkKnownKeys(
    options,
    { memory: true, embedding: true, ...rankingOptionKeys },
    'createRagMemory',
    'patterns',
  );
  const { memory, embedding, ...ranking } = options;
  checkConversationMemory(memory, 'createRagMemory(options): memory', component);
  const index = createLongTermMemory({
    ...ranking,
    store: memory.storage,
    scope: memory.scope,
    recording: 'none',
    episodeWeight: 0,
    ...(embedding ? { embedding } : {}),
  });
  return {
    memory,
    index,
    async addWithEmbedding(message) {
      if (Array.isArray(message))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: 'addWithEmbedding takes one message, not an array',
        });
      const [stored] = await memory.append(message);
      const m = stored as MemoryMessage;
      const text = spokenText(m);
      if (text !== '') {
        await index.add({
          id: recordId(memory.sessionId, m.id),
          kind: 'message',
          text: recordText(text, 16_384),
          session: memory.sessionId,
          validAt: m.createdAt,
          metadata: { role: m.role },
          provenance: {
            origin: originOfRole(m.role),
            toolDerived: toolsReadAfter([m]).length > 0,
            messageIds: [m.id],
            roles: [m.role],
            session: memory.sessionId,
          },
        });
        await index.flush();
      }
      return m;
    },
    async retrieveRelevant(query, k = 5) {
      if (!Number.isSafeInteger(k) || k < 1 || k > 100)
        throw new MemoryError({
          code: 'INVALID_QUERY',
          component,
          message: 'k must be an integer from 1 to 100',
        });
      const hits = await index.search(query, {
        limit: k,
        filter: { kinds: ['message'], session: memory.sessionId },
      });
      const out: MemoryMessage[] = [];
      for (const h of hits) {
        const id = h.record.provenance.messageIds[0];
        const m = id === undefined ? undefined : await memory.get(id);
        if (m) out.push(m);
      }
      return out;
    },
  };
}

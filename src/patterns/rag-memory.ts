import type { EmbeddingModel, ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import type { EngramLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { type LongTermEmbedder, toEmbedder } from '../longterm/embedder.ts';
import { checkRankingOptions, type RankingOptions, rankingOptionKeys } from '../longterm/hybrid-search.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { ownedHits } from '../longterm/owned-records.ts';
import { checkConversationMemory } from '../memory/check-conversation-memory.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createRagIndex } from './rag-index.ts';

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
  /**
   * Stores a message and indexes it; returns it as stored. Its embedding is computed first, so when the model
   * fails nothing is stored and the call can be retried. A retry of a message (with an id, without `createdAt`)
   * that a failed call stored returns it as stored, indexed, instead of `DUPLICATE_MESSAGE_ID`.
   */
  addWithEmbedding(message: ModelMessage): Promise<MemoryMessage>;
  /**
   * The `k` stored messages most relevant to `query`, best first (deleted messages are left out, and take no place
   * of the `k`: the next ones are returned). @default k 5
   */
  retrieveRelevant(query: string, k?: number): Promise<MemoryMessage[]>;
}

const component = 'rag';

/**
 * Seed 003's retrieval-augmented memory on engram's stores: `addWithEmbedding` appends to the conversation log
 * and indexes the message as a long-term record (`kind: 'message'`, its session, its id in provenance) with its
 * embedding; `retrieveRelevant` ranks them by hybrid search (BM25 fused with cosine similarity) and returns the
 * messages from the log. The index is durable and scoped with the log, so a restart or another process sees it;
 * its records are bound to the session (metadata `engram.session`), so deleting the session deletes them.
 * The embedding is computed before the message is stored (a model that fails stores nothing); a message a crash
 * or a failed write left in the log unindexed, or one stored through `memory` directly, is indexed by the next
 * `addWithEmbedding` or the first `retrieveRelevant` (a watermark in the session's state says how far the
 * index is known to reach, so only what came after it is checked).
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
  // Checked here: the index sets its own episodeWeight (an unchecked one was taken), and it dropped a falsy
  // embedding (0, NaN) without a word, retrieving by full text alone.
  checkRankingOptions(ranking, 'createRagMemory(options)', component);
  const embedder =
    embedding === undefined ? undefined : toEmbedder(embedding, 'createRagMemory(options).embedding');
  const rag = createRagIndex(memory, ranking, embedder, component);
  const { index } = rag;
  /** Writes (and the first catch-up) one at a time, in call order: un-awaited adds keep their order in the log. */
  const writes = createSerialQueue();
  let caughtUp: Promise<void> | undefined;
  const catchUp = () => {
    caughtUp = writes.run(rag.catchUp);
    caughtUp.catch(() => {
      caughtUp = undefined; // retried by the next call
    });
    return caughtUp;
  };

  /**
   * Appends `message`. A retry of one the log already holds under its id (stored by a call that failed after
   * its append, and given without `createdAt`) returns it as stored when it is the same message.
   */
  const appendOnce = async (message: ModelMessage): Promise<MemoryMessage> => {
    try {
      return (await memory.append(message))[0] as MemoryMessage;
    } catch (error) {
      // Only an object message can meet a stored id: anything else is refused before (INVALID_MESSAGE).
      if (!MemoryError.hasCode(error, 'DUPLICATE_MESSAGE_ID')) throw error;
      const { id, createdAt } = message as Partial<MemoryMessage>;
      if (typeof id !== 'string' || createdAt !== undefined) throw error;
      const stored = await memory.get(id);
      if (!stored) throw error;
      // The log's own check decides: identical but for the time it stamped gives the stored entry back, anything
      // else is DUPLICATE_MESSAGE_ID as before.
      const again = await memory.append({ ...message, createdAt: stored.createdAt } as MemoryMessage);
      return again[0] as MemoryMessage;
    }
  };

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
      // The embedding first: a model that fails stores nothing, so the call can be retried as it was.
      const text = rag.textOf(message);
      const embedded = text ? rag.embed(text) : Promise.resolve(undefined);
      embedded.catch(() => undefined); // awaited in turn below
      return writes.run(async () => {
        const vectors = await embedded;
        await rag.catchUp();
        caughtUp ??= Promise.resolve();
        const { mark } = memory.recentAppends();
        const m = await appendOnce(message);
        const seq = memory.recentAppends(mark).entries?.find((e) => e.message.id === m.id)?.seq;
        await rag.write(m, text, vectors, seq);
        return m;
      });
    },
    async retrieveRelevant(query, k = 5) {
      if (!Number.isSafeInteger(k) || k < 1 || k > 100)
        throw new MemoryError({
          code: 'INVALID_QUERY',
          component,
          message: 'k must be an integer from 1 to 100',
        });
      // Opened after a crash, the log may hold a message it left unindexed: indexed before the first search.
      await (caughtUp ?? catchUp());
      // A deleted message's record stays in the index (a session's records go with the session): k hits are
      // asked for, then, when deleted messages took places, up to 100 (a search's most), as `ownedHits` does.
      const checked = new Map<string, MemoryMessage | undefined>();
      for (let ask = k; ; ask = 100) {
        // The index records of the memory's own scope: a wide scope's search also ranks its users' sessions of the id.
        const hits = await ownedHits(index.records, memory.scope, ask, (limit) =>
          index.search(query, { limit, filter: { kinds: ['message'], session: memory.sessionId } }),
        );
        const out: MemoryMessage[] = [];
        for (const record of hits) {
          const id = record.provenance.messageIds[0];
          if (id === undefined) continue;
          if (!checked.has(id)) checked.set(id, await memory.get(id));
          const m = checked.get(id);
          if (m) out.push(m);
          if (out.length === k) return out;
        }
        if (hits.length < ask || ask >= 100) return out;
      }
    },
  };
}

import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkVector } from '../longterm/check-record.ts';

const component = 'langgraph';

/** LangChain's `Embeddings` shape (what LangGraph's `IndexConfig.embeddings` takes). */
export interface EmbeddingsLike {
  /** Vectors of documents, in order. */
  embedDocuments(texts: string[]): Promise<number[][]>;
  /** The vector of a query. */
  embedQuery(text: string): Promise<number[]>;
}

/**
 * An embedder of either shape, checking what it answers before anything is written with it: one vector per text,
 * each a non-empty array of finite numbers a float32 holds (as the store's `checkVector` wants), of `dims` dimensions when given.
 * Anything else is `STORE_ERROR` naming the embedder (the caller's item or query is not at fault), thrown before
 * the put writes its item, so a put it fails changes nothing.
 */
export function embedder(
  embed: ((texts: string[]) => Promise<number[][]>) | EmbeddingsLike,
  dims: number | undefined,
) {
  const fail = (message: string) =>
    new MemoryError({ code: 'STORE_ERROR', component, message: `the embedder ${message}` });
  const check = (vectors: unknown, count: number): number[][] => {
    if (!Array.isArray(vectors) || vectors.length !== count)
      throw fail(
        `returned ${Array.isArray(vectors) ? `${vectors.length} vectors` : describeValue(vectors)} for ${count} texts`,
      );
    vectors.forEach((v: unknown, i) => {
      // The store's own check of a vector, as the embedder's fault (STORE_ERROR), not the caller's.
      checkVector(v, `the embedder's vector ${i}`, component, 'STORE_ERROR');
      if (dims !== undefined && (v as number[]).length !== dims)
        throw fail(`returned vector ${i} of ${(v as number[]).length} dimensions (expected ${dims})`);
    });
    return vectors as number[][];
  };
  if (typeof embed === 'function')
    return {
      docs: async (texts: string[]) => check(await embed(texts), texts.length),
      query: async (text: string) => check(await embed([text]), 1)[0]!,
    };
  return {
    docs: async (texts: string[]) => check(await embed.embedDocuments(texts), texts.length),
    query: async (text: string) => check([await embed.embedQuery(text)], 1)[0]!,
  };
}

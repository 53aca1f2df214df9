import { MemoryError } from '../core/errors/memory-error.ts';

const component = 'langgraph';

/** LangChain's `Embeddings` shape (what LangGraph's `IndexConfig.embeddings` takes). */
export interface EmbeddingsLike {
  /** Vectors of documents, in order. */
  embedDocuments(texts: string[]): Promise<number[][]>;
  /** The vector of a query. */
  embedQuery(text: string): Promise<number[]>;
}

/** An embedder of either shape, checking the vectors' dimensions. */
export function embedder(
  embed: ((texts: string[]) => Promise<number[][]>) | EmbeddingsLike,
  dims: number | undefined,
) {
  const check = (vectors: number[][], count: number) => {
    if (vectors.length !== count || vectors.some((v) => dims !== undefined && v.length !== dims))
      throw new MemoryError({
        code: 'STORE_ERROR',
        component,
        message: `the embedder returned ${vectors.length} vectors for ${count} texts${dims === undefined ? '' : ` (expected ${dims} dimensions each)`}`,
      });
    return vectors;
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

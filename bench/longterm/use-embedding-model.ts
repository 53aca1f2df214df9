/**
 * The offline embedding model of the benchmarks: the shipped `localEmbedding()` of `engram/embeddings`
 * (Universal Sentence Encoder lite, 512-d, from the `@energetic-ai/*` packages), so the benchmarks measure the
 * one implementation a user turns on, reached through `embedMany` exactly as a hosted model is.
 */

import type { EmbeddingModel } from 'ai';
import { localEmbedding } from '../../src/embeddings.ts';

/** An embedding model object (not a gateway id). */
export type EmbeddingModelObject = Exclude<EmbeddingModel, string>;

/** The model, loaded before it is returned (so a benchmark's timings never include the load). */
export async function createUseEmbeddingModel(): Promise<EmbeddingModelObject> {
  const model = localEmbedding();
  await model.load();
  return model;
}

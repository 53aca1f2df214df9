import type { EmbeddingModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { expectMemoryError } from '../testing/fixtures.ts';
import { embedderFromModel } from './embedder.ts';
import { localEmbedding } from './local-embedding.ts';

/** An AI SDK embedding model that embeds every text as [1, 0]. */
const model = {
  specificationVersion: 'v4',
  provider: 'toy',
  modelId: 'flat',
  maxEmbeddingsPerCall: 100,
  supportsParallelCalls: true,
  doEmbed: async ({ values }: { values: string[] }) => ({
    embeddings: values.map(() => [1, 0]),
    warnings: [],
  }),
} as unknown as EmbeddingModel;

describe('embedding factories refuse a misspelt option instead of falling back to its default', () => {
  it('localEmbedding: `batchsize` is refused (passes would be of 1); its declared options are taken', async () => {
    const error = await expectMemoryError(
      () => localEmbedding({ batchsize: 8 } as never),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toContain('localEmbedding');
    expect(error.message).toContain('batchsize');
    const ok = localEmbedding({ batchSize: 2, maxEmbeddingsPerCall: 8 });
    expect(ok.maxEmbeddingsPerCall).toBe(8);
    await ok.close();
  });

  it('embedderFromModel: `maxChar` is refused (pieces would be of 2000 characters); its declared options are taken', async () => {
    const error = await expectMemoryError(
      () => embedderFromModel(model, { maxChar: 10 } as never),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toContain('embedderFromModel');
    expect(error.message).toContain('maxChar');
    const embedder = embedderFromModel(model, { maxChars: 10, batchSize: 3, maxParallelCalls: 1 });
    expect([embedder.maxChars, embedder.batchSize]).toEqual([10, 3]);
    expect(await embedder.embed(['a', 'b'])).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });
});

/**
 * A deliberately bad embedding model for the benchmarks: each text's vector is a random unit vector seeded by a
 * hash of the text (deterministic, no meaning at all), wrapped as an AI SDK `EmbeddingModelV4`. Hybrid search
 * with it must not rank worse than full text alone: it is the guard that the default fusion survives a useless
 * vector side.
 */

import type { EmbeddingModelObject } from './use-embedding-model.ts';

/** FNV-1a (32-bit) of a string. */
const fnv1a = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** mulberry32: a small seeded generator of uniforms in [0, 1). */
const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The random unit vector of a text (Gaussian coordinates by Box–Muller, normalised). */
export function randomUnitVector(text: string, dimensions: number): number[] {
  const next = mulberry32(fnv1a(text));
  const v = Array.from({ length: dimensions }, () => {
    const u = 1 - next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  });
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** The random-vector model (`dimensions` 256 by default). */
export function createRandomEmbeddingModel(dimensions = 256): EmbeddingModelObject {
  return {
    specificationVersion: 'v4',
    provider: 'bench',
    modelId: `random-${dimensions}`,
    maxEmbeddingsPerCall: 256,
    supportsParallelCalls: true,
    async doEmbed({ values }) {
      return { embeddings: values.map((v) => randomUnitVector(v, dimensions)), warnings: [] };
    },
  };
}

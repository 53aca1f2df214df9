/** Test-only: an AI SDK embedding model whose vectors mark topics, and whose next calls can be made to fail. */
import { MockEmbeddingModelV4 } from 'ai/test';

/** The words that put a text on each topic (one vector component per topic). */
const topics = [
  ['database', 'db-', 'postgres'],
  ['lunch', 'noon', 'food'],
  ['printer', 'paper', 'toner'],
];

/** The id a long-term store keeps this model's vectors under (`provider:modelId`). */
export const topicModelId = 'test:topics';

/** A topic embedding model, with a switch that makes its next `n` calls throw and a count of its calls. */
export interface TopicEmbeddingModel {
  /** The model (a `MockEmbeddingModelV4`). */
  model: MockEmbeddingModelV4;
  /** Makes the next `n` calls throw `Error('embedding model down')`. */
  failNext(n?: number): void;
  /** How many calls were answered (failed ones left out). */
  calls(): number;
}

/**
 * A model that embeds a text as one component per topic (1 when it holds one of the topic's words, lower-cased),
 * plus a small constant one, so "database" and "The staging server is db-7." are near without sharing a word:
 * what only vector search finds.
 */
export function topicEmbeddingModel(): TopicEmbeddingModel {
  let failures = 0;
  let answered = 0;
  const model = new MockEmbeddingModelV4({
    provider: 'test',
    modelId: 'topics',
    doEmbed: async ({ values }) => {
      if (failures > 0) {
        failures--;
        throw new Error('embedding model down');
      }
      answered++;
      const embeddings = values.map((text) => [
        ...topics.map((words) => (words.some((w) => text.toLowerCase().includes(w)) ? 1 : 0)),
        0.05,
      ]);
      return { embeddings, warnings: [] };
    },
  });
  return {
    model,
    failNext(n = 1) {
      failures = n;
    },
    calls: () => answered,
  };
}

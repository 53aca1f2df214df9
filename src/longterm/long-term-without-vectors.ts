import { MemoryError } from '../core/errors/memory-error.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

/** The three vector methods of a store. */
export type LongTermVectorMethods = Pick<
  LongTermStoreV1,
  'putEmbeddings' | 'missingEmbeddings' | 'searchVector'
>;

/**
 * The vector methods of a store whose driver has none (`vectorSearch` false), called after the engine checked
 * their arguments: `putEmbeddings` and `searchVector` throw `INVALID_QUERY` naming the missing capability (a
 * caller checks `vectorSearch` first), `missingEmbeddings` answers `[]` (nothing can be embedded, so nothing
 * is missing).
 */
export function withoutVectors(driverName: string, component: string): LongTermVectorMethods {
  const refuse = (method: string) =>
    new MemoryError({
      code: 'INVALID_QUERY',
      component,
      message: `${method}: the long-term store of driver "${driverName}" has no vector search (vectorSearch is false: its driver implements no putEmbeddings, missingEmbeddings and searchVector)`,
    });
  return {
    async putEmbeddings() {
      throw refuse('putEmbeddings');
    },
    async missingEmbeddings() {
      return [];
    },
    async searchVector() {
      throw refuse('searchVector');
    },
  };
}

/** The driver's own vector methods (bound to it) when it has all three, else {@link withoutVectors}. */
export function vectorMethodsOf(
  driver: LongTermDriverV1,
  component: string,
): { vectorSearch: boolean; methods: LongTermVectorMethods } {
  const { putEmbeddings, missingEmbeddings, searchVector } = driver;
  if (putEmbeddings && missingEmbeddings && searchVector)
    return {
      vectorSearch: true,
      methods: {
        putEmbeddings: putEmbeddings.bind(driver),
        missingEmbeddings: missingEmbeddings.bind(driver),
        searchVector: searchVector.bind(driver),
      },
    };
  return { vectorSearch: false, methods: withoutVectors(driver.name, component) };
}

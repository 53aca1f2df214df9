export {
  createEngramCheckpointSaver,
  EngramCheckpointSaver,
  type EngramCheckpointSaverOptions,
} from './engram-checkpoint-saver.ts';
export {
  createEngramStore,
  type EmbeddingsLike,
  type EngramPutOperation,
  EngramStore,
  type EngramStoreOptions,
} from './engram-store.ts';
export { threadSessionId } from './storage-keys.ts';
export type { EngramStoreTtl } from './store-ttl.ts';

/**
 * @module engram/store
 * The conversation-log contract: `MemoryStoreV1`, what users hold, and the types it speaks. The drivers that
 * implement it live in `drivers/`.
 * @example
 * import type { MemoryStoreV1 } from 'engram';
 * const count = async (store: MemoryStoreV1) => (await store.listSessions({ tenant: 'default' })).length;
 */
export type {
  AppendOptions,
  LogStats,
  MemoryStoreV1,
  PutArtifactOptions,
  SearchHit,
  SearchQuery,
  SessionRecord,
  StoreCapabilities,
} from './memory-store.ts';

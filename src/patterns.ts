/**
 * @module engram/patterns
 * Memory patterns on engram's durable stores: episodes as sessions (`openEpisodicMemory`), core / working /
 * episodic levels as views of one log (`createHierarchicalMemory`), messages retrieved by embedding similarity
 * (`createRagMemory`), and insights shared by several agents across processes (`createSharedMemoryPool`).
 * @example
 * import { createMemoryStore } from 'engram';
 * import { openEpisodicMemory } from 'engram/patterns';
 * const episodes = await openEpisodicMemory({ store: createMemoryStore(), scope: { tenant: 'acme' }, series: 'support' });
 */
export {
  createHierarchicalMemory,
  createRagMemory,
  createSharedMemoryPool,
  type EpisodeInfo,
  type EpisodicMemory,
  type EpisodicMemoryOptions,
  type HierarchicalMemory,
  type HierarchicalMemoryOptions,
  type MemoryLevels,
  openEpisodicMemory,
  type RagMemory,
  type RagMemoryOptions,
  type SharedMemoryPool,
  type SharedMemoryPoolOptions,
} from './patterns/index.ts';

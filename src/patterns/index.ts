/**
 * @module engram/patterns
 * Seed 003's memory patterns on engram's durable stores: `openEpisodicMemory` (episodes as sessions, closed ones
 * searchable), `createHierarchicalMemory` (core / working / episodic levels as views of one log) and
 * `createRagMemory` (messages indexed with embeddings, the most relevant retrieved) and `createSharedMemoryPool`
 * (insights, broadcasts and facts shared by agents, across processes on one store).
 */
export {
  type EpisodeInfo,
  type EpisodicMemory,
  type EpisodicMemoryOptions,
  openEpisodicMemory,
} from './episodic-memory.ts';
export {
  createHierarchicalMemory,
  type HierarchicalMemory,
  type HierarchicalMemoryOptions,
  type MemoryLevels,
} from './hierarchical-memory.ts';
export { createRagMemory, type RagMemory, type RagMemoryOptions } from './rag-memory.ts';
export {
  createSharedMemoryPool,
  type SharedMemoryPool,
  type SharedMemoryPoolOptions,
} from './shared-memory-pool.ts';

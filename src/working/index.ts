/**
 * @module engram/working
 * Memory the agent edits itself, always in its context: Mastra-style working memory (Markdown by section or a zod
 * schema, merged) and Letta-style core memory blocks, each a versioned record of the store with optimistic
 * concurrency.
 */
export {
  type BlockDefinition,
  type CoreMemory,
  type CoreMemoryOptions,
  createCoreMemory,
  type MemoryBlock,
} from './core-memory.ts';
export {
  createWorkingMemory,
  type WorkingMemory,
  type WorkingMemoryOptions,
  type WorkingMemoryState,
} from './working-memory.ts';

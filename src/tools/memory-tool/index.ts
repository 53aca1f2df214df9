/**
 * @module engram/tools/memory-tool
 * The client side of Anthropic's memory tool (`memory_20250818`) on engram's stores.
 * @example
 * const memory = createMemoryToolHandler({ store, scope: { tenant: 'acme', user: 'ada' } });
 * await memory.execute({ command: 'view', path: '/memories' });
 */
export { memoryFileKind } from './memory-files.ts';
export { type MemoryPath, memoryRoot, type ParsedMemoryPath, parseMemoryPath } from './memory-path.ts';
export {
  createMemoryToolHandler,
  type MemoryToolCommand,
  type MemoryToolHandler,
  type MemoryToolHandlerOptions,
  type MemoryToolResult,
  type MemoryToolResultBlock,
} from './memory-tool-handler.ts';

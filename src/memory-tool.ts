/**
 * @module engram/memory-tool
 * Anthropic's memory tool (`memory_20250818`) on engram's stores: the handler that answers the model's `view`,
 * `create`, `str_replace`, `insert`, `delete` and `rename` commands on files under `/memories`, scoped to a
 * tenant and owner, with limits on files and sizes.
 * @example
 * import { createMemoryStore } from 'engram';
 * import { createMemoryToolHandler } from 'engram/memory-tool';
 * const handler = createMemoryToolHandler({ store: createMemoryStore(), scope: { tenant: 'acme', user: 'ada' } });
 * const result = await handler.run({ command: 'view', path: '/memories' });
 */
export {
  createMemoryToolHandler,
  type MemoryPath,
  type MemoryToolCommand,
  type MemoryToolHandler,
  type MemoryToolHandlerOptions,
  type MemoryToolResult,
  type MemoryToolResultBlock,
  memoryFileKind,
  memoryRoot,
  type ParsedMemoryPath,
  parseMemoryPath,
} from './tools/memory-tool/index.ts';

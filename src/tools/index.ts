/**
 * @module engram/tools
 * AI SDK tools a model calls to reach memory outside its context: the content store (`store_in_memory`,
 * `retrieve_from_memory`, `query_memory`), the conversation log (`search_history`, `get_messages`) and
 * compaction (`context_reload`), and long-term memory under agent control (`record_to_memory`,
 * `retrieve_from_memory`). Bad arguments come back as `{ error }` the model can read and correct. Also the
 * client side of Anthropic's memory tool (`createMemoryToolHandler`, `memory_20250818`), for the AI SDK's
 * `anthropic.tools.memory_20250818({ execute })` and for `@anthropic-ai/sdk`.
 * @example
 * const tools = { ...createContentTools({ content }), ...createHistoryTools({ memory }), ...createContextReloadTool(view) };
 */
export {
  type ContentTools,
  type ContentToolsOptions,
  createContentTools,
} from './content-tools.ts';
export { type ContextReloadTool, createContextReloadTool } from './context-reload-tool.ts';
export { createHistoryTools, type HistoryTools, type HistoryToolsOptions } from './history-tools.ts';
export { createLongTermTools, type LongTermTools, type LongTermToolsOptions } from './long-term-tools.ts';
export {
  type CoreMemoryTools,
  createCoreMemoryTools,
  createWorkingMemoryTool,
  type WorkingMemoryTool,
} from './working-memory-tools.ts';

/**
 * @module engram/views
 * Context views: what the model sees each step, computed from the log without changing it — a sliding
 * window, a token budget, and an incremental summary. Every view is a `ContextView` over a conversation, keeps
 * system messages, keeps or drops atomic units whole (a tool call is never separated from its result) and works
 * over any store. The window and summarizing views take `prune` (the AI SDK's `pruneMessages` options) to leave
 * reasoning and old tool calls out of what they send, counting the pruned form against their limits.
 * @example
 * import { createConversationMemory, createTokenWindowMemory } from 'engram';
 * const conversation = createConversationMemory();
 * const view = createTokenWindowMemory({ conversation, maxTokens: 128_000, reserveTokens: 8_000 });
 * await view.store({ role: 'user', content: 'Hello' });
 * const messages = await view.read(); // system messages + the newest whole units that fit
 */
export {
  type AssemblyItem,
  type AssemblyRecord,
  type AssemblyRecordExtras,
  type AssemblyRecorder,
  type AssemblyRecorderOptions,
  type ContextAssembly,
  type ContextSource,
  createAssemblyRecorder,
  type DroppedItems,
  type DropRule,
  type ProviderTokens,
  readAssemblyRecords,
  recordAssemblies,
  tokensBySource,
} from './assembly/index.ts';
export {
  type AutoContextOptions,
  type AutoContextStats,
  type AutoContextView,
  createAutoContextMemory,
  createExtractiveSummarizer,
  type ExtractiveSummarizerOptions,
  type LadderStep,
  type LadderStepKind,
  type ReplacedOutput,
} from './auto-context/index.ts';
export {
  type CitationView,
  type CitationViewOptions,
  type CitationViewStats,
  createCitationMemory,
} from './citation-memory.ts';
export { type ContextView, toContextView } from './context-view.ts';
export {
  SlidingWindowMemory,
  SummarizingMemory,
  type SummarizingMemoryOptions,
  TokenWindowMemory,
  type TokenWindowMemoryOptions,
} from './memory-classes.ts';
export {
  createExtractiveObserver,
  createExtractiveReflector,
  createObservationalMemory,
  type ObservationalMemory,
  type ObservationalMemoryOptions,
  type ObservationalStats,
  type Observer,
  type Reflector,
} from './observational/index.ts';
export type { PruneOptions, PruneScope } from './prune-options.ts';
export {
  createSlidingWindowMemory,
  type SlidingWindowView,
  type SlidingWindowViewOptions,
} from './sliding-window-memory.ts';
export type { Summarizer, SummarizerInput } from './summarizer.ts';
export {
  createSummarizingMemory,
  type SummarizingView,
  type SummarizingViewOptions,
} from './summarizing-memory.ts';
export type { SummaryRecord } from './summary-artifacts.ts';
export {
  createTokenWindowMemory,
  type TokenWindowStats,
  type TokenWindowView,
  type TokenWindowViewOptions,
} from './token-window-memory.ts';

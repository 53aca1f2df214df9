export type { LadderItem } from './apply-ladder.ts';
export { type AutoContextView, createAutoContextMemory } from './auto-context-memory.ts';
export type { AutoContextOptions } from './auto-context-options.ts';
export { createExtractiveSummarizer, type ExtractiveSummarizerOptions } from './extractive-summarizer.ts';
export type { LadderStep, LadderStepKind, ReplacedOutput } from './ladder-artifacts.ts';
export type { AutoContextStats } from './run-ladder.ts';

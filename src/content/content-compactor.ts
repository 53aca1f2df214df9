import type { ContentItem, ContentItemInfo } from './content-item.ts';

/** A compact description of an item: what a citation shows and the `summary` transform returns. */
export interface CompactSummary {
  /** A title, when the content has one (a page title, a table name). */
  title?: string;
  /** The description itself: plain text, a few lines (what it is, its shape, a leading excerpt). */
  text: string;
  /** Which compactor made it (`html`, `json`, `table`, `text`, `llm`, or a user's name). */
  compactor: string;
}

/** Limits a compactor works within. */
export interface CompactOptions {
  /** Longest `text`, in characters. @default 600 */
  maxChars?: number;
  /** The task the agent is working on, for goal-aware compactors. */
  goal?: string;
  /** Aborts a slow compactor. */
  abortSignal?: AbortSignal;
}

/**
 * Turns an item into a {@link CompactSummary} (seed 004's compaction plugin). Deterministic compactors are
 * chosen by tool name (the item's `source`) or content kind; users register their own.
 */
export interface ContentCompactor {
  /** Its name, recorded in the summary. */
  readonly name: string;
  /** Whether it applies to an item (by source, type, format or a look at the content). */
  matches(item: ContentItemInfo, sample: string): boolean;
  /** The summary; may be async (a model). Throws or rejects on failure (the caller falls back). */
  compact(item: ContentItem, options: CompactOptions): CompactSummary | Promise<CompactSummary>;
}

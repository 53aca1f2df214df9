import type { JSONValue } from 'ai';

/** A unit for `first_n` / `last_n`. */
export type ContentUnit = 'lines' | 'chars' | 'tokens';

/**
 * How `retrieve` shapes an item's content (seed 004's `MemoryTransform`). The seed's form
 * `{ type, params: { … } }` is accepted too and means the same as the parameters written inline.
 */
export type ContentTransform =
  | { type: 'full' }
  /** A window of `length` characters around the first case-insensitive match of `query`, or from `offset`. */
  | { type: 'excerpt'; query?: string; offset?: number; length?: number }
  /** A short summary: the compactor for the item's kind, or the configured model; at most `maxTokens`. */
  | { type: 'summary'; maxTokens?: number }
  /** The first `n` lines, characters or tokens. */
  | { type: 'first_n'; n: number; unit?: ContentUnit }
  /** The last `n` lines, characters or tokens. */
  | { type: 'last_n'; n: number; unit?: ContentUnit }
  /**
   * Lines containing `pattern` (case-insensitive text, or a regular expression when `regex` is true), or for
   * JSON content the values at `paths` (`$.a.b[0]`, `items[*].title`); at most `maxLines` lines.
   */
  | { type: 'filtered'; pattern?: string; regex?: boolean; paths?: readonly string[]; maxLines?: number };

/** The transform names, for tool schemas and errors. */
export const contentTransformTypes = ['full', 'excerpt', 'summary', 'first_n', 'last_n', 'filtered'] as const;

/** What a transform produced. */
export interface TransformResult {
  /** The shaped content: text for every transform except `full` of a JSON item and `filtered` by `paths`. */
  content: string | JSONValue;
  /** Whether this is the whole content (nothing was left out). */
  complete: boolean;
  /** What was taken, for people and models: `lines 1–50 of 1,203`, `3 of 1,203 lines match "error"`. */
  description: string;
}

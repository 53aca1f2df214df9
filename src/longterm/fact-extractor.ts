/** A turn as an extractor reads it. */
export interface ExtractionTurn {
  /** Who said it (a name or a role). */
  speaker: string;
  /** `user`, `assistant` or `tool`. */
  role: string;
  /** What was said. */
  text: string;
  /** When it was said. */
  at?: Date;
}

/** A record similar to the new turns, shown to an extractor under a short temporary id (never the real one). */
export interface ExtractionCandidate {
  /** A temporary id (`0`, `1`, …) the extractor refers to. */
  id: string;
  /** The record's text. */
  text: string;
}

/** One decision of an extractor (Mem0's reconciliation events). */
export type FactDecision =
  | { event: 'ADD'; text: string }
  | { event: 'UPDATE'; id: string; text: string }
  | { event: 'DELETE'; id: string }
  | { event: 'NONE'; id?: string };

/** Turns new conversation turns into decisions against the most similar existing facts (an LLM: `createLanguageModelExtractor`). */
export interface FactExtractor {
  /** The decisions for `turns`; ids refer to `existing`. */
  extract(
    turns: readonly ExtractionTurn[],
    existing: readonly ExtractionCandidate[],
  ): Promise<FactDecision[]>;
}

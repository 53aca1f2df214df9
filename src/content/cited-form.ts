import type { MemoryMessage } from '../core/message.ts';

/** Figures of one citation pass. */
export interface CitationStats {
  /** Tool results shown as citations. */
  cited: number;
  /** Offloaded tool results still shown in full (within their `keepTurns`). */
  fullFirstUse: number;
  /** Tokens the citations saved (full minus cited, counted). */
  savedTokens: number;
}

/** How one entry is shown: its message (cited or as stored), tokens, and its share of the stats. */
export interface CitedForm extends CitationStats {
  /** The message the model sees. */
  message: MemoryMessage;
  /** Its tokens. */
  tokens: number;
  /** Whether no later read can show it otherwise (every offloaded result cited, or none offloaded). */
  settled: boolean;
}

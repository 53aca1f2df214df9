/**
 * Exact token counts of tool outputs that no content item holds — results whose stored counts could not decide
 * the offload threshold (a message over it, each of its outputs under it), so they were counted and stayed in
 * full — kept between processes: a later process decides them without counting (and without loading the
 * counter's tables).
 */
export interface SavedOutputCounts {
  /**
   * The counts saved for outputs of the log entries whose sequence numbers fall in `fromSeq..toSeq` (more may
   * come back), by item id, with the output's size in bytes and the entry it was taken of (a count applies only to
   * an output of that size in that entry: see `holdsOutput`).
   */
  load(fromSeq: number, toSeq: number): Promise<ReadonlyMap<string, OutputCount>>;
  /** Keeps `counts`, each with the sequence number of its entry. */
  save(counts: readonly SavedOutputCount[]): Promise<void>;
}

/**
 * An output's exact count, its size in bytes and the entry it was taken of, named as an item names its entry: by
 * sequence number and message time (a session deleted and created again under its id numbers its messages the
 * same, with other times).
 */
export interface OutputCount {
  /** The output's size in bytes (UTF-8 of its text). */
  size: number;
  /** Its tokens. */
  tokens: number;
  /** The sequence number of the log entry holding it. */
  seq: number;
  /** The creation time of that entry's message, in milliseconds. */
  at: number;
}

/** A count to save: the item id of the result and its {@link OutputCount}. */
export interface SavedOutputCount extends OutputCount {
  /** The item id of the result (`ToolResultCiter.itemId`). */
  id: string;
}

/** What the checkpointer suite asks a child process (worker.ts) to do, and what the child hands back. */

/** Who is measured. */
export interface CheckpointerContender {
  /** `engram-sqlite` / `engram-postgres`: engram's saver on that store; `langgraph`: LangGraph's SqliteSaver. */
  kind: 'engram-sqlite' | 'engram-postgres' | 'langgraph';
  /** engram-sqlite only: `process` (WAL + synchronous=NORMAL, SqliteSaver's setting) or `power` (FULL). */
  durability?: 'power' | 'process';
  /** engram only: `trustMessageObjects` (a lookup per stored message instead of a walk over it). */
  trust?: boolean;
}

/** A task for worker.ts. */
export interface CheckpointerTask {
  /**
   * `puts`: a conversation appended one message per checkpoint, each `put` timed; `one-put`: a single put of a
   * checkpoint holding the first `count` messages (what a long thread's last checkpoint costs).
   */
  op: 'puts' | 'one-put';
  contender: CheckpointerContender;
  /** The database file, or the PostgreSQL connection string. */
  db: string;
  /** PostgreSQL only: the schema (dropped by the worker after it measures). */
  pgSchema?: string;
  /** The fixture file (bench/storage/fixture.ts) and how many of its messages. */
  fixture: string;
  count: number;
  /** Where the child writes its result. */
  out: string;
}

/** What a `puts` task measured. */
export interface PutsResult {
  /** Fixture messages appended (one checkpoint each) and the LangChain messages they became. */
  count: number;
  lcMessages: number;
  /** Total milliseconds inside `put`, and the running total at each tenth of the run. */
  ms: number;
  marks: number[];
  /** Milliseconds of the last put (the longest list). */
  lastPutMs: number;
  /** langgraph only: every put's milliseconds (the extrapolation fits them). */
  times?: number[];
  /** `getTuple` of the thread's latest checkpoint, right after (same process), in ms. */
  getTupleMs: number;
  /** Bytes on disk afterwards (database file with its WAL; the schema's relations on PostgreSQL). */
  bytes: number;
  /** The database settings, read back. */
  settings: string;
  /** engram only: entries in the thread's log (one per message if no message was stored twice). */
  logEntries?: number;
  /**
   * langgraph only: Σ over checkpoints of the serialized list's bytes (`JSON.stringify` of the LangChain messages),
   * for k = 1…`count`, and the same sum up to each size the suite extrapolates to.
   */
  listBytesSum?: Record<string, number>;
}

/** What a `one-put` task measured. */
export interface OnePutResult {
  /** Milliseconds of the put, for each repetition. */
  ms: number[];
  /** Bytes the database grew by, per put. */
  bytes: number;
  /** Σ_{k≤n} of the serialized list's bytes for each n in `sizes` (the bytes model of a full run). */
  listBytesSum: Record<string, number>;
}

/** A task for graph-worker.ts: a real LangGraph graph appending the conversation one message per `invoke`. */
export interface GraphTask {
  /** The `messages` field: `MessagesValue` (plain reducer channel) or `MessagesDeltaValue` (`DeltaChannel`). */
  channel: 'plain' | 'delta';
  /** The checkpointer: LangGraph's `SqliteSaver` or engram's saver on SQLite at `process` (synchronous=NORMAL). */
  saver: 'sqlite-saver' | 'engram';
  /** The database file. */
  db: string;
  /** The fixture file (bench/storage/fixture.ts) and how many of its messages. */
  fixture: string;
  count: number;
  /** Where the child writes its result. */
  out: string;
}

/** What a graph task measured. */
export interface GraphResult {
  /** Fixture messages appended (one `invoke` each) and the LangChain messages they became. */
  count: number;
  lcMessages: number;
  /** Total milliseconds inside `invoke`, and the last one's. */
  ms: number;
  lastMs: number;
  /** `getState` of the thread afterwards (its messages checked against the conversation), in ms. */
  getStateMs: number;
  /** Bytes on disk afterwards (database file with its WAL). */
  bytes: number;
  /** The database settings, read back. */
  settings: string;
}

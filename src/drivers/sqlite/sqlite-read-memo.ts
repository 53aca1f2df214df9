import type { SqlClient } from '../sql/sql-client.ts';
import { queryGet } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { inTransaction } from './sqlite-open-transaction.ts';

/**
 * The handle's write state: `total_changes()` (this handle's writes) and `data_version` (other handles' commits).
 * Equal states mean nothing was written in between, so what was read then is still what a read gives now.
 * Undefined while a transaction is open on the handle ({@link inTransaction}): what it reads may be rolled back,
 * which changes neither, so nothing read then may be kept.
 */
export async function writeState(client: SqlClient): Promise<string | undefined> {
  if (inTransaction(client)) return undefined;
  const row = await queryGet(
    client,
    sql`SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`,
  );
  return `${String(row?.changes)}:${String(row?.version)}`;
}

/**
 * A read pass: the handle's write state ({@link writeState}) taken once at its start, by which the reads it keeps
 * ({@link ReadMemo}) are keyed instead of each reading the state again (a statement each). Sound only for a pass
 * that reads the state again at its end and reads again when it changed (`rankSqliteLongTerm`): a value read after
 * a write that committed during the pass may be kept under the pass's older state, which only passes that started
 * before that write look up, and each of those sees the change at its end.
 */
export interface ReadPass {
  /** The state at the pass's start; undefined inside a transaction (nothing is kept). */
  readonly state: string | undefined;
}

/** Starts a {@link ReadPass} on the handle: one read of its write state. */
export async function startReadPass(client: SqlClient): Promise<ReadPass> {
  return { state: await writeState(client) };
}

/** Reads a handle keeps while nothing is written: see {@link createReadMemo}. */
export interface ReadMemo<V> {
  /**
   * The value kept for `key` on `client` when nothing was written since it was read and `serves(value)` (default:
   * always), else `read()`'s, kept for the next call (never while a transaction is open on the handle). Within a
   * `pass`, "nothing written" is judged by the pass's state ({@link ReadPass}), not read again.
   */
  recall(
    client: SqlClient,
    key: string,
    read: () => Promise<V>,
    serves?: (value: V) => boolean,
    pass?: ReadPass,
  ): Promise<V>;
}

/**
 * Per handle, the last `most` values read by key (cleared whole when full, and on any write: {@link writeState}),
 * for reads a search repeats (a scope's size, the matches of its terms, a small scope's ranking).
 */
export function createReadMemo<V>(most: number): ReadMemo<V> {
  const kept = new WeakMap<SqlClient, { state: string; values: Map<string, V> }>();
  return {
    async recall(client, key, read, serves = () => true, pass) {
      const state = pass ? pass.state : await writeState(client);
      if (state === undefined) return read();
      let known = kept.get(client);
      if (known?.state !== state) {
        known = { state, values: new Map() };
        kept.set(client, known);
      }
      const found = known.values.get(key);
      if (found !== undefined && serves(found)) return found;
      const value = await read();
      if (known.values.size >= most) known.values.clear();
      known.values.set(key, value);
      return value;
    },
  };
}

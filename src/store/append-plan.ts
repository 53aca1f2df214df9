import type { LogEntry } from '../core/message.ts';
import type { PreparedInput } from './check-inputs.ts';
import { findLive } from './log-index-reads.ts';
import type { SessionLog } from './session-log.ts';
import { appendEntry } from './store-helpers.ts';

/** What an append to an in-process log writes and returns. */
export interface AppendPlan {
  /** The new entries, numbered after the log's `lastSeq`, in order: what to write. */
  added: LogEntry[];
  /** One entry per input: the new one, or the live one an identical input repeats (an idempotent retry). */
  result: LogEntry[];
  /** The tokens of `added` (what `checkTokenTotal` adds to the session's total). */
  tokens: number;
}

/**
 * Plans appending checked inputs (`prepareInputs`) to the in-process log `log`, as `append` defines it: an
 * input whose id is live (in the log, or earlier in the batch) with an identical message yields that entry, one
 * with another message throws `DuplicateMessageIdError`, the others are numbered gaplessly after `lastSeq`.
 * Ids in `free` count as deleted (a replace appends after its tombstones). Changes nothing: the driver writes
 * `added` (after `checkTokenTotal`), then adds them to the index with `appendRow`.
 */
export function planAppend(
  log: SessionLog,
  prepared: readonly PreparedInput[],
  component: string,
  free: ReadonlySet<string> = new Set(),
): AppendPlan {
  const seen = new Map<string, LogEntry>();
  const added: LogEntry[] = [];
  const result: LogEntry[] = [];
  let seq = log.lastSeq;
  let tokens = 0;
  for (const { input, json } of prepared) {
    const id = input.message.id;
    const existing = seen.get(id) ?? (free.has(id) ? undefined : findLive(log, id));
    const { entry, isNew } = appendEntry(existing, input, json, seq + 1, component);
    result.push(entry);
    if (!isNew) continue;
    seq++;
    tokens += entry.tokens;
    added.push(entry);
    seen.set(id, entry);
  }
  return { added, result, tokens };
}

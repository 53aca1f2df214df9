import { errorText } from '../core/errors/describe-value.ts';
import { DuplicateMessageIdError } from '../core/errors/duplicate-message-id-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import { checkTokenTotal, type PreparedInput } from './check-inputs.ts';
import { sameMessage } from './store-helpers.ts';

/** What `replaceMessages` does to a session's live log, planned before anything is written. */
export interface ReplacePlan {
  /** The leading live entries that already hold the leading inputs: kept as they are. */
  kept: LogEntry[];
  /** Ids of the other live messages: tombstoned. */
  remove: string[];
  /** The inputs after the kept prefix: appended (after the tombstones, so a removed id is free again). */
  rest: PreparedInput[];
}

/**
 * Plans replacing the live log `live` (oldest first) with `prepared`, for every driver: keeps the longest
 * prefix of equal entries (same id, identical message), removes the rest, appends the remaining inputs. Throws
 * before anything is written, as `append` would: `DuplicateMessageIdError` when an appended input's id is also a
 * kept entry's or an earlier input's with a different message, `INVALID_ARGUMENT` when the new log's token total
 * would pass `Number.MAX_SAFE_INTEGER`.
 */
export function planReplace(
  live: readonly LogEntry[],
  prepared: readonly PreparedInput[],
  sessionId: string,
  component: string,
): ReplacePlan {
  checkPlanArgs(live, prepared, component);
  let keep = 0;
  while (keep < live.length && keep < prepared.length) {
    const entry = live[keep]!;
    const next = prepared[keep]!;
    if (entry.message.id !== next.input.message.id || !sameMessage(entry.message, next.json)) break;
    keep++;
  }
  const kept = live.slice(0, keep);
  const rest = prepared.slice(keep);
  const keptById = new Map(kept.map((e) => [e.message.id, e]));
  const batch = new Map<string, string>();
  let added = 0;
  for (const { input, json } of rest) {
    const id = input.message.id;
    const earlier = batch.get(id);
    const keptEntry = keptById.get(id);
    if (
      (earlier !== undefined && earlier !== json) ||
      (keptEntry !== undefined && !sameMessage(keptEntry.message, json))
    ) {
      throw new DuplicateMessageIdError({ messageId: id, component });
    }
    if (earlier === undefined && keptEntry === undefined) added += input.tokens;
    batch.set(id, json);
  }
  checkTokenTotal(
    kept.reduce((n, e) => n + e.tokens, 0),
    added,
    sessionId,
    component,
  );
  return { kept, remove: live.slice(keep).map((e) => e.message.id), rest };
}

/** `live` must be log entries and `prepared` what `prepareInputs` returns (`INVALID_ARGUMENT` otherwise). */
function checkPlanArgs(
  live: readonly LogEntry[],
  prepared: readonly PreparedInput[],
  component: string,
): void {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  const message = (v: unknown) => isObject(v) && isObject(v.message) && typeof v.message.id === 'string';
  const all = (list: unknown, ok: (v: unknown) => boolean) => {
    if (!Array.isArray(list)) return false;
    for (let i = 0; i < list.length; i++) if (!ok(list[i])) return false; // holes too
    return true;
  };
  const entry = (e: unknown) =>
    message(e) && isObject(e) && Number.isSafeInteger(e.seq) && typeof e.tokens === 'number';
  const input = (p: unknown) =>
    isObject(p) &&
    message(p.input) &&
    isObject(p.input) &&
    typeof p.input.tokens === 'number' &&
    typeof p.json === 'string';
  if (!all(live, entry) || !all(prepared, input)) {
    const text = 'planReplace(live, prepared): live must be log entries, prepared what prepareInputs returns';
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component: errorText(component), message: text });
  }
}

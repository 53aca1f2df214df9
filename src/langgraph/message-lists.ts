import type { SerializerProtocol } from '@langchain/langgraph-checkpoint';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { entryPayload, logMessage } from './langchain-message.ts';
import { type Snapshot, snapshot, unchanged } from './message-snapshot.ts';
import { readRanges, type SeqRuns, toRuns } from './seq-runs.ts';
import { dumpPayload, loadPayload } from './typed-payload.ts';

/** Where a thread's messages go: its session's log, in the saver's scope. */
export interface ThreadLog {
  store: MemoryStoreV1;
  scope: Scope;
  sessionId: string;
  serde: SerializerProtocol;
  counter: TokenCounter;
  /** Whether log entries carry the message's text (see `logMessage`). */
  readable: boolean;
}

/**
 * One message of a stored list: the log entry holding it, and what tells whether a message object is the same
 * message: the object it was stored or read as with a snapshot of its state then, or its JSON.
 */
export interface ListItem {
  readonly seq: number;
  readonly object?: object;
  readonly snap?: Snapshot;
  readonly json?: string;
}

/** A message list as stored for one checkpoint: its items, valid for the log they point into. */
export interface StoredList {
  readonly logId: string;
  readonly items: readonly ListItem[];
}

/** An item for a message object now: its snapshot, or its JSON when it holds more than plain data. */
function itemFor(seq: number, object: object, json?: string): ListItem {
  const snap = snapshot(object);
  return snap ? { seq, object, snap } : { seq, object, json: json ?? JSON.stringify(object) };
}

/** The JSON of an item's message, when it is still known (an object mutated since it was stored is not). */
function itemJson(item: ListItem): string | undefined {
  if (item.json !== undefined) return item.json;
  if (item.object && item.snap && unchanged(item.object, item.snap)) return JSON.stringify(item.object);
  return undefined;
}

/**
 * Matches the messages of a new list against the list its parent checkpoint stored: a message reuses the log
 * entry of an equal one (the same object, unchanged since, checked by its snapshot; else, once that fails, the
 * same JSON); the rest are new. Returns each message's item, undefined for a new one.
 */
function match(list: readonly object[], parent: readonly ListItem[]): (ListItem | undefined)[] {
  let byObject: Map<object, ListItem[]> | undefined;
  let byJson: Map<string, ListItem> | undefined;
  return list.map((m, i) => {
    const same = parent[i];
    if (same?.object === m && same.snap && unchanged(m, same.snap)) return same;
    if (!byObject) {
      byObject = new Map();
      for (const item of parent)
        if (item.object) byObject.set(item.object, [...(byObject.get(item.object) ?? []), item]);
    }
    const found = byObject.get(m)?.find((item) => item.snap && unchanged(m, item.snap));
    if (found) return found;
    if (!byJson) {
      byJson = new Map();
      for (const item of parent) {
        const json = itemJson(item);
        if (json !== undefined && !byJson.has(json)) byJson.set(json, item);
      }
    }
    if (byJson.size === 0) return undefined;
    const json = JSON.stringify(m);
    const item = byJson.get(json);
    return item ? itemFor(item.seq, m, json) : undefined;
  });
}

/**
 * Stores a checkpoint's message list as a delta over the thread's log: messages equal to one of the parent's
 * list keep its log entry, the others are appended (in one atomic append). Returns the list's runs of sequence
 * numbers (what the checkpoint stores) and its items (for the next checkpoint's delta).
 */
export async function writeList(
  log: ThreadLog,
  logId: string,
  list: readonly object[],
  parent: StoredList | undefined,
): Promise<{ runs: SeqRuns; list: StoredList; appended: number }> {
  const matched = match(list, parent && parent.logId === logId ? parent.items : []);
  const fresh = list.flatMap((_, i) => (matched[i] ? [] : [i]));
  if (fresh.length > 0) {
    const inputs = await Promise.all(
      fresh.map(async (i) => {
        const message = logMessage(list[i]!, await dumpPayload(log.serde, list[i]), log.readable);
        return { message, tokens: log.counter.count(message) };
      }),
    );
    const entries = await log.store.append(log.scope, log.sessionId, inputs);
    fresh.forEach((i, k) => {
      matched[i] = itemFor(entries[k]!.seq, list[i]!);
    });
  }
  const items = matched as ListItem[];
  return { runs: toRuns(items.map((item) => item.seq)), list: { logId, items }, appended: fresh.length };
}

const missing = (seq: number) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'langgraph',
    message: `a checkpoint refers to message ${seq} of its thread's log, which is missing or not the saver's`,
  });

/**
 * Reads a stored message list back: the messages, deserialized, and, with `track`, its items (so the
 * checkpoint written after this one, holding these same objects, stores only its new messages).
 */
export async function readList(
  log: ThreadLog,
  logId: string,
  runs: SeqRuns,
  track: boolean,
): Promise<{ values: unknown[]; list?: StoredList }> {
  const entries = new Map<number, LogEntry>();
  for (const [fromSeq, toSeq] of readRanges(runs)) {
    for (const entry of await log.store.readRange(log.scope, log.sessionId, { fromSeq, toSeq }))
      entries.set(entry.seq, entry);
  }
  const values: unknown[] = [];
  const items: ListItem[] = [];
  for (const [first, last] of runs) {
    for (let seq = first; seq <= last; seq++) {
      const entry = entries.get(seq);
      const payload = entry && entryPayload(entry.message);
      if (payload === undefined) throw missing(seq);
      const value = (await loadPayload(log.serde, payload)) as object;
      values.push(value);
      if (track) items.push(itemFor(seq, value));
    }
  }
  return track ? { values, list: { logId, items } } : { values };
}

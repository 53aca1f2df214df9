import type { SerializerProtocol } from '@langchain/langgraph-checkpoint';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import type { LogStats, MemoryStoreV1 } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { entryPayload, logMessage, toolNamesOf } from './langchain-message.ts';
import { type Snapshot, snapshot, unchanged } from './message-snapshot.ts';
import { fromRuns, readRanges, type SeqRuns, toRuns } from './seq-runs.ts';
import { dumpPayload, isUnserializable, loadPayloads } from './typed-payload.ts';

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
 * A message known to be in the log: its entry's sequence number, and what tells whether a message object is
 * the same message: the object it was stored or read as, with a snapshot of its state then (or its JSON, when
 * it holds more than plain data).
 */
interface Known {
  readonly seq: number;
  readonly object: object;
  readonly snap?: Snapshot;
  readonly json?: string;
}

/** A message's LangChain id, when it has one. */
const messageId = (m: object) => {
  const id = (m as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * A message's JSON, or undefined when `JSON.stringify` throws on it (a BigInt, a cycle in an object without
 * `toJSON`): such a message is never taken as equal to another, and is stored each time (its serializer decides).
 */
function jsonOf(m: object): string | undefined {
  try {
    return JSON.stringify(m);
  } catch {
    return undefined;
  }
}

function known(seq: number, object: object, json?: string): Known {
  const snap = snapshot(object);
  return snap ? { seq, object, snap } : { seq, object, json: json ?? jsonOf(object) };
}

/** The JSON of a known message as stored, when still known (an object mutated since it was stored is not). */
function storedJson(k: Known): string | undefined {
  if (k.json !== undefined) return k.json;
  return k.snap && unchanged(k.object, k.snap) ? jsonOf(k.object) : undefined;
}

/**
 * What the saver knows of one thread's log (valid while the log keeps its `logId`): the message objects it
 * stored or read, by object, by LangChain id and by log entry, and which checkpoints' lists it has read. A
 * message object of a new list that is known and unchanged since (its snapshot says so) reuses its entry: no
 * serialization, no write. One that is not (a list rebuilt from equal messages, a replacement under the same
 * id) is compared by JSON with the message its id last named. So after the first checkpoint a put costs a walk
 * over the list and writes only the messages that are new; and a read gives back an object it revived before and
 * is unchanged since, instead of reading and reviving its entry again (see {@link ThreadIndex.reusable}).
 */
export class ThreadIndex {
  readonly logId: string;
  readonly #trust: boolean;
  #objects = new WeakMap<object, Known>();
  readonly #ids = new Map<string, Known>();
  readonly #seqs = new Map<number, Known>();
  readonly #lists = new Set<string>();
  /** The log's deleted entries (`lastSeq - count`) when it was last looked at. */
  #deleted: number | undefined;

  /** `trust`: a known message object is taken as unchanged, without walking it (see `trustMessageObjects`). */
  constructor(logId: string, trust = false) {
    this.logId = logId;
    this.#trust = trust;
  }

  #add(k: Known): Known {
    this.#objects.set(k.object, k);
    const id = messageId(k.object);
    if (id !== undefined) this.#ids.set(id, k);
    return k;
  }

  /**
   * Notes the log's stats (every read and put does, before it uses the index): when an entry was deleted since
   * they were last noted (`lastSeq - count` changed: the session's own API deleted some, a retention policy
   * pruned it), or they were never noted, everything known is forgotten, since any entry may be gone: a put must
   * not point a checkpoint at a deleted entry, nor a read give back its object.
   */
  noteLog(stats: Pick<LogStats, 'lastSeq' | 'count'>): void {
    const deleted = stats.lastSeq - stats.count;
    if (deleted !== this.#deleted) {
      this.#objects = new WeakMap();
      this.#ids.clear();
      this.#seqs.clear();
      this.#lists.clear();
    }
    this.#deleted = deleted;
  }

  /**
   * The message object this saver revived from the log entry `seq`, when it still holds what it was revived
   * with (its snapshot or JSON say so, also under `trust`: a read never gives back an object edited in place);
   * else undefined. Only revived objects are given back, never the objects a put was handed: those need not look
   * like their stored form (another class, extra fields).
   */
  reusable(seq: number): object | undefined {
    const k = this.#seqs.get(seq);
    if (!k) return undefined;
    if (k.snap) return unchanged(k.object, k.snap) ? k.object : undefined;
    return k.json !== undefined && k.json === jsonOf(k.object) ? k.object : undefined;
  }

  /** Whether the list a checkpoint stored for a channel was read into the index. */
  hasList(owner: string, channel: string): boolean {
    return this.#lists.has(`${owner}\u0000${channel}`);
  }

  /** Notes messages read from the log (the list a checkpoint stored for a channel); objects it gave back are known. */
  addList(owner: string, channel: string, seqs: readonly number[], objects: readonly object[]): void {
    objects.forEach((object, i) => {
      const seq = seqs[i]!;
      if (this.#seqs.get(seq)?.object !== object) this.#seqs.set(seq, this.#add(known(seq, object)));
    });
    this.#lists.add(`${owner}\u0000${channel}`);
  }

  /** Notes a list just written for a checkpoint's channel. */
  markList(owner: string, channel: string): void {
    this.#lists.add(`${owner}\u0000${channel}`);
  }

  /** The log entry holding a message equal to `m`, or undefined when it must be stored. */
  find(m: object): number | undefined {
    const k = this.#objects.get(m);
    if (k && this.#trust) return k.seq;
    if (k?.snap && unchanged(m, k.snap)) return k.seq;
    if (k?.json !== undefined && k.json === jsonOf(m)) return k.seq;
    const id = messageId(m);
    const named = id === undefined ? undefined : this.#ids.get(id);
    if (!named || named === k) return undefined;
    const json = storedJson(named);
    if (json === undefined) return undefined;
    const mine = jsonOf(m);
    return mine !== undefined && mine === json ? this.#add(known(named.seq, m, mine)).seq : undefined;
  }

  /** Notes a message appended at `seq`, as its snapshot (taken when it was serialized) recorded it. */
  stored(seq: number, m: object, state: Pick<Known, 'snap' | 'json'>): void {
    this.#add({ ...state, seq, object: m });
  }
}

/**
 * Stores a checkpoint's message list (of `channel`) as a delta over the thread's log: a message the index finds
 * keeps its log entry, the others are appended in one atomic append. Returns the list's runs of sequence numbers
 * (what the checkpoint stores) and how many messages were appended. A message the serializer cannot serialize
 * (LangGraph's JSON serializer writes a placeholder string for one holding a BigInt) is `INVALID_ARGUMENT`,
 * naming it, before anything is appended: stored, its checkpoint could never be read back as a message list.
 */
export async function writeList(
  log: ThreadLog,
  index: ThreadIndex,
  list: readonly object[],
  channel: string,
): Promise<{ runs: SeqRuns; appended: number }> {
  const seqs = list.map((m) => index.find(m));
  const fresh = list.flatMap((_, i) => (seqs[i] === undefined ? [i] : []));
  if (fresh.length > 0) {
    // Each message is snapshotted as it is serialized (the serializer's work runs in the same tick).
    const states = fresh.map((i) => known(0, list[i]!));
    const payloads = await Promise.all(fresh.map((i) => dumpPayload(log.serde, list[i])));
    payloads.forEach((payload, k) => {
      if (isUnserializable(payload)) throw unserializable(channel, fresh[k]!);
    });
    const names = log.readable ? toolNamesOf(list) : new Map<string, string>();
    const inputs = fresh.map((i, k) => {
      const message = logMessage(list[i]!, payloads[k]!, log.readable, names);
      return { message, tokens: log.counter.count(message) };
    });
    const entries = await log.store.append(log.scope, log.sessionId, inputs);
    fresh.forEach((i, k) => {
      seqs[i] = entries[k]!.seq;
      index.stored(entries[k]!.seq, list[i]!, states[k]!);
    });
  }
  return { runs: toRuns(seqs as number[]), appended: fresh.length };
}

const unserializable = (channel: string, i: number) =>
  new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'langgraph',
    message: `put: ${channel}[${i}] cannot be serialized (the serializer wrote a placeholder string for it: a BigInt in it, or a toJSON() that throws?); nothing was stored`,
  });

const notMessage = (seq: number, value: unknown) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'langgraph',
    message: `message ${seq} of the thread's log reads back as ${describeValue(value)}, not a message: its checkpoint cannot be given back`,
  });

const missing = (seq: number) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'langgraph',
    message: `a checkpoint refers to message ${seq} of its thread's log, which is missing or not the saver's`,
  });

/**
 * Reads a stored message list back: the messages, deserialized, in list order, with their sequence numbers.
 * With the thread's `index`, an entry whose known message object is unchanged gives that object (once per list)
 * and is neither read nor revived: a read costs the entries that are new to the index, and a walk of the others.
 * A missing entry is `STORE_ERROR`, or with `live` left out (what a put matches a new list against: the entries
 * still there).
 */
export async function readList(
  log: ThreadLog,
  runs: SeqRuns,
  index?: ThreadIndex,
  live = false,
): Promise<{ values: object[]; seqs: number[] }> {
  const seqs = fromRuns(runs);
  const values: object[] = new Array(seqs.length);
  const given = new Set<object>();
  const missingAt: number[] = [];
  seqs.forEach((seq, i) => {
    const object = index?.reusable(seq);
    if (object && !given.has(object)) {
      values[i] = object;
      given.add(object);
    } else missingAt.push(i);
  });
  if (missingAt.length === 0) return { values, seqs };
  const entries = new Map<number, LogEntry>();
  for (const [fromSeq, toSeq] of readRanges(toRuns(missingAt.map((i) => seqs[i]!)))) {
    for (const entry of await log.store.readRange(log.scope, log.sessionId, { fromSeq, toSeq }))
      entries.set(entry.seq, entry);
  }
  const payloadOf = (i: number) => {
    const entry = entries.get(seqs[i]!);
    return entry && entryPayload(entry.message);
  };
  const gone = live ? new Set(missingAt.filter((i) => payloadOf(i) === undefined)) : new Set<number>();
  const wanted = gone.size > 0 ? missingAt.filter((i) => !gone.has(i)) : missingAt;
  const payloads = wanted.map((i) => {
    const payload = payloadOf(i);
    if (payload === undefined) throw missing(seqs[i]!);
    return payload;
  });
  const revived = (await loadPayloads(log.serde, payloads)) as object[];
  wanted.forEach((at, k) => {
    const value = revived[k];
    if (typeof value !== 'object' || value === null) throw notMessage(seqs[at]!, value);
    values[at] = value;
  });
  if (gone.size === 0) return { values, seqs };
  const kept = seqs.flatMap((_, i) => (gone.has(i) ? [] : [i]));
  return { values: kept.map((i) => values[i]!), seqs: kept.map((i) => seqs[i]!) };
}

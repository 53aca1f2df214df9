import { MemoryError } from '../core/errors/memory-error.ts';
import type { Artifact } from '../store/memory-store.ts';
import { isPayload, type TypedPayload } from './typed-payload.ts';

/** One pending write as read back: keyed (checkpoint, task, idx). */
export interface WriteRecord {
  /** The namespace and checkpoint it belongs to. */
  ns: string;
  checkpoint: string;
  /** The task that wrote it, its path (`''` when none) and the write's index (negative for special channels). */
  task: string;
  path: string;
  idx: number;
  /** The channel written. */
  channel: string;
  /** The value, serialized. */
  value: TypedPayload;
}

/** A write as a record of a task's writes holds it. */
export type TaskWrite = Pick<WriteRecord, 'path' | 'idx' | 'channel' | 'value'>;

/**
 * The writes of one `putWrites` call to a task of a checkpoint, as stored: one artifact of the thread's session per
 * call (see `callWritesArtifactId`), written whole, so a read never sees part of a call's writes and a crash keeps
 * none of them, and never rewritten, so two calls (of two savers or processes) at once never replace each other's.
 * `seq` orders a task's calls: one more than the greatest its writer read (a Lamport clock), `call` (a random id)
 * breaks ties between calls that did not see each other. Records of engram before call records are still read:
 * one per task, rewritten whole by each call (no `seq` nor `call`), and before them one artifact per write (a
 * `WriteRecord`), which a task's record had folded in and so stands for.
 */
export interface CallWritesRecord {
  ns: string;
  checkpoint: string;
  task: string;
  /** Absent in a task's record (engram before call records). */
  seq?: number;
  call?: string;
  writes: TaskWrite[];
}

/** A stored write with the order of the call that stored it. */
export interface StampedWrite {
  write: WriteRecord;
  /** The call's `seq` and `call` (0 and `''` for the records of engram before call records). */
  seq: number;
  call: string;
}

const malformedWrite = (id: string) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'langgraph',
    message: `a stored pending write is malformed (${id})`,
  });

/** Whether a stored value is one write (a record of its own, or an entry of a call's or task's record). */
function isWrite(w: unknown): boolean {
  const r = w as Record<string, unknown> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.path === 'string' &&
    Number.isSafeInteger(r.idx) &&
    typeof r.channel === 'string' &&
    isPayload(r.value)
  );
}

/** A write stored one artifact each (engram before task records); `STORE_ERROR` when it is not one the saver wrote. */
function toWriteRecord(artifact: Artifact): WriteRecord {
  const w = artifact.data as unknown as WriteRecord;
  if (
    !isWrite(w) ||
    typeof w.ns !== 'string' ||
    typeof w.checkpoint !== 'string' ||
    typeof w.task !== 'string'
  )
    throw malformedWrite(artifact.id);
  return w;
}

/** The call's (or task's) record an artifact holds, or undefined when it holds a single write; `STORE_ERROR` when malformed. */
function toCallWrites(artifact: Artifact): CallWritesRecord | undefined {
  const t = artifact.data as unknown as CallWritesRecord;
  if (typeof t !== 'object' || t === null || !Array.isArray(t.writes)) return undefined;
  if (typeof t.ns !== 'string' || typeof t.checkpoint !== 'string' || typeof t.task !== 'string')
    throw malformedWrite(artifact.id);
  const stamped = t.seq !== undefined || t.call !== undefined;
  if (stamped && !(Number.isSafeInteger(t.seq) && t.seq! >= 0 && typeof t.call === 'string'))
    throw malformedWrite(artifact.id);
  if (!t.writes.every(isWrite)) throw malformedWrite(artifact.id);
  return t;
}

const taskKey = (w: { ns: string; checkpoint: string; task: string }) =>
  `${w.ns}\u0000${w.checkpoint}\u0000${w.task}`;

/**
 * Every pending write stored in writes artifacts (of any checkpoints), with the order of its call; writes stored
 * one artifact each are left out when their task has a task's record (which folded them in).
 */
export function storedWrites(artifacts: readonly Artifact[]): StampedWrite[] {
  const folded = new Set<string>();
  const found: StampedWrite[] = [];
  const single: WriteRecord[] = [];
  for (const artifact of artifacts) {
    const record = toCallWrites(artifact);
    if (!record) {
      single.push(toWriteRecord(artifact));
      continue;
    }
    if (record.seq === undefined) folded.add(taskKey(record));
    const { ns, checkpoint, task, seq = 0, call = '' } = record;
    for (const w of record.writes) found.push({ write: { ns, checkpoint, task, ...w }, seq, call });
  }
  for (const write of single) if (!folded.has(taskKey(write))) found.push({ write, seq: 0, call: '' });
  return found;
}

/** Whether `a`'s call comes before `b`'s. */
const before = (a: StampedWrite, b: StampedWrite) => a.seq < b.seq || (a.seq === b.seq && a.call < b.call);

/**
 * The write each (checkpoint, task, idx) holds, as LangGraph's savers keep them: of a regular channel (idx ≥ 0) the
 * first call's (a repeat is not stored again), of a special one (`__error__`, `__interrupt__`, `__scheduled__`,
 * `__resume__`: a negative idx) the latest call's.
 */
export function latestWrites(writes: readonly StampedWrite[]): WriteRecord[] {
  const chosen = new Map<string, StampedWrite>();
  for (const s of writes) {
    const key = `${taskKey(s.write)}\u0000${s.write.idx}`;
    const held = chosen.get(key);
    if (!held || (s.write.idx >= 0 ? before(s, held) : before(held, s))) chosen.set(key, s);
  }
  return [...chosen.values()].map((s) => s.write);
}

/** The pending writes stored in writes artifacts (of any checkpoints), one per (checkpoint, task, idx). */
export const writeRecords = (artifacts: readonly Artifact[]): WriteRecord[] =>
  latestWrites(storedWrites(artifacts));

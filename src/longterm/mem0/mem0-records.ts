import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import { recordHash } from '../prepare-record.ts';

/** The entity ids a Mem0 memory is scoped by (`session_id` is how some platform endpoints spell `run_id`). */
export interface Mem0EntityIds {
  /** The user. */
  user_id?: string | null;
  /** The agent. */
  agent_id?: string | null;
  /** The run. */
  run_id?: string | null;
  /** The run, as some platform endpoints name it. */
  session_id?: string | null;
}

/** A memory as Mem0 returns it from get, update and search. */
export interface Mem0Memory extends Mem0EntityIds {
  /** Its id (a UUID on the platform). */
  id: string;
  /** Its text. */
  memory: string;
  /** Free-form metadata. */
  metadata?: Record<string, unknown> | null;
  /** When it was created (ISO). */
  created_at?: string | null;
  /** When it last changed (ISO). */
  updated_at?: string | null;
  /** The relevance score, on search. */
  score?: number;
}

/** One entry of `GET /v1/memories/{id}/history/`. */
export interface Mem0History extends Mem0EntityIds {
  /** The memory. */
  memory_id: string;
  /** The text before (null on ADD). */
  old_memory?: string | null;
  /** The text after (null on DELETE). */
  new_memory?: string | null;
  /** What happened. */
  event: string;
  /** Metadata after the change. */
  metadata?: Record<string, unknown> | null;
  /** When (ISO). */
  created_at?: string | null;
  /** When last changed (ISO). */
  updated_at?: string | null;
}

const component = 'mem0';
const badShape = (what: string) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component,
    message: `Mem0 answered with an unexpected shape: ${what}`,
  });

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const dateOf = (value: unknown, fallback: Date): Date => {
  if (typeof value !== 'string') return fallback;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? fallback : d;
};

/** Checks that `value` is a Mem0 memory (an object with a string `id` and `memory`); throws `STORE_ERROR`. */
export function checkMem0Memory(value: unknown, what: string): Mem0Memory {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.memory !== 'string')
    throw badShape(`${what} is not a memory with an id and a text`);
  return value as unknown as Mem0Memory;
}

/** The list inside a Mem0 answer: a bare array (`v1.0`) or `{ results: [...] }` (`v1.1`, the OSS server). */
export function resultsOf(body: unknown, what: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (isObject(body) && Array.isArray(body.results)) return body.results;
  throw badShape(`${what} is neither a list nor { results: [...] }`);
}

/**
 * A Mem0 memory as a long-term record: kind `fact`, its text, metadata and run (as `session`), provenance
 * empty (Mem0 does not report source messages). Mem0 reports no version numbers: a memory whose `updated_at`
 * is later than its `created_at` is reported as an `UPDATE` at version 2 (a lower bound), else as its `ADD` at
 * version 1; `history(id)` has the exact versions.
 */
export function mem0Record(memory: Mem0Memory, now = new Date()): LongTermRecord {
  const createdAt = dateOf(memory.created_at, now);
  const recordedAt = dateOf(memory.updated_at, createdAt);
  const updated = recordedAt.getTime() > createdAt.getTime();
  const run = memory.run_id ?? memory.session_id;
  const record: LongTermRecord = {
    id: memory.id,
    version: updated ? 2 : 1,
    event: updated ? 'UPDATE' : 'ADD',
    kind: 'fact',
    text: memory.memory,
    metadata: isObject(memory.metadata)
      ? (structuredClone(memory.metadata) as Record<string, JSONValue>)
      : {},
    provenance: { origin: 'unknown', toolDerived: false, messageIds: [], roles: [] },
    hash: recordHash(memory.memory),
    createdAt,
    recordedAt,
  };
  if (typeof run === 'string' && run !== '') record.session = run;
  return record;
}

/**
 * A memory's history as record versions, oldest first: version n is the n-th entry; each but the last is
 * expired when the next was written; a `DELETE` version keeps the text it deleted.
 */
export function mem0Versions(entries: readonly unknown[], id: string): LongTermRecord[] {
  const checked = entries.map((e, i) => {
    if (!isObject(e) || typeof e.event !== 'string') throw badShape(`history[${i}] has no event`);
    return e as unknown as Mem0History;
  });
  const out: LongTermRecord[] = [];
  let text = '';
  let createdAt: Date | undefined;
  for (const e of checked) {
    const event = e.event.toUpperCase();
    if (event !== 'ADD' && event !== 'UPDATE' && event !== 'DELETE') continue;
    const at = dateOf(e.created_at ?? e.updated_at, new Date(0));
    createdAt ??= at;
    text = e.new_memory ?? e.old_memory ?? text;
    const run = e.run_id ?? e.session_id;
    const version: LongTermRecord = {
      id,
      version: out.length + 1,
      event,
      kind: 'fact',
      text,
      metadata: isObject(e.metadata) ? (structuredClone(e.metadata) as Record<string, JSONValue>) : {},
      provenance: { origin: 'unknown', toolDerived: false, messageIds: [], roles: [] },
      hash: recordHash(text),
      createdAt,
      recordedAt: at,
    };
    if (typeof run === 'string' && run !== '') version.session = run;
    const previous = out.at(-1);
    if (previous) previous.expiredAt = at;
    out.push(version);
  }
  return out;
}

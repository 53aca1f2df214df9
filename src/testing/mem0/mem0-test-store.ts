import { randomUUID } from 'node:crypto';

/** The entity ids a Mem0 memory is scoped by. */
export interface Mem0Entities {
  /** The user. */
  user_id?: string;
  /** The agent. */
  agent_id?: string;
  /** The run (session). */
  run_id?: string;
}

/** A memory as the test server holds it (Mem0's wire shape). */
export interface Mem0StoredMemory extends Mem0Entities {
  /** A UUID. */
  id: string;
  /** The memory text. */
  memory: string;
  /** Free-form metadata. */
  metadata: Record<string, unknown>;
  /** ISO time of creation. */
  created_at: string;
  /** ISO time of the last change. */
  updated_at: string;
}

/** One history entry (Mem0's `GET /v1/memories/{id}/history/` shape). */
export interface Mem0HistoryEntry extends Mem0Entities {
  /** A UUID. */
  id: string;
  /** The memory it belongs to. */
  memory_id: string;
  /** The text before the change (null on ADD). */
  old_memory: string | null;
  /** The text after the change (null on DELETE). */
  new_memory: string | null;
  /** What happened. */
  event: 'ADD' | 'UPDATE' | 'DELETE';
  /** The metadata after the change. */
  metadata: Record<string, unknown>;
  /** ISO time of the change. */
  created_at: string;
  /** ISO time of the change. */
  updated_at: string;
}

/** One outcome of an add: Mem0's `{ id, event, data: { memory } }`. */
export interface Mem0AddEvent {
  /** The memory id. */
  id: string;
  /** `ADD` for a new memory, `NONE` when an identical memory of the same entities exists. */
  event: 'ADD' | 'NONE';
  /** The memory text. */
  memory: string;
}

/** A message as Mem0's add endpoint takes it. */
export interface Mem0WireMessage {
  /** `user`, `assistant`, `system`, … */
  role: string;
  /** The text. */
  content: string;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const entityKeys = ['user_id', 'agent_id', 'run_id'] as const;

/** Whether a memory carries every entity id of `filter` (exact match; a missing key matches anything). */
export function matchesEntities(memory: Mem0Entities, filter: Mem0Entities): boolean {
  return entityKeys.every((k) => filter[k] === undefined || memory[k] === filter[k]);
}

/** One memory per sentence of the user's messages: a deterministic stand-in for Mem0's LLM extraction. */
export function inferFacts(messages: readonly Mem0WireMessage[]): string[] {
  return messages
    .filter((m) => m.role === 'user')
    .flatMap((m) => m.content.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The in-memory state behind the Mem0 test server: memories, their history, entity scoping, and a word-overlap
 * search (score = shared words / query words, in [0, 1]).
 */
export class Mem0TestStore {
  private readonly memories = new Map<string, Mem0StoredMemory>();
  private readonly histories = new Map<string, Mem0HistoryEntry[]>();

  /** Adds messages for `entities`: one memory per inferred fact (`infer`) or per non-system message. */
  add(
    messages: readonly Mem0WireMessage[],
    entities: Mem0Entities,
    metadata: Record<string, unknown>,
    infer: boolean,
  ): Mem0AddEvent[] {
    const texts = infer
      ? inferFacts(messages)
      : messages.filter((m) => m.role !== 'system' && m.content.trim() !== '').map((m) => m.content);
    return texts.map((text) => {
      const same = [...this.memories.values()].find(
        (m) => normalise(m.memory) === normalise(text) && entityKeys.every((k) => m[k] === entities[k]),
      );
      if (infer && same) return { id: same.id, event: 'NONE', memory: same.memory };
      const now = new Date().toISOString();
      const memory: Mem0StoredMemory = {
        id: randomUUID(),
        memory: text,
        ...entities,
        metadata: structuredClone(metadata),
        created_at: now,
        updated_at: now,
      };
      this.memories.set(memory.id, memory);
      this.log(memory, null, text, 'ADD');
      return { id: memory.id, event: 'ADD', memory: text };
    });
  }

  /** A memory by id, or undefined. */
  get(id: string): Mem0StoredMemory | undefined {
    const m = this.memories.get(id);
    return m && structuredClone(m);
  }

  /** Changes a memory's text and/or metadata; undefined when there is none. */
  update(id: string, change: { text?: string; metadata?: Record<string, unknown> }) {
    const m = this.memories.get(id);
    if (!m) return undefined;
    const old = m.memory;
    if (change.text !== undefined) m.memory = change.text;
    if (change.metadata !== undefined) m.metadata = structuredClone(change.metadata);
    m.updated_at = new Date(Math.max(Date.now(), Date.parse(m.updated_at) + 1)).toISOString();
    this.log(m, old, m.memory, 'UPDATE');
    return structuredClone(m);
  }

  /** Deletes a memory (its history stays); whether it existed. */
  delete(id: string): boolean {
    const m = this.memories.get(id);
    if (!m) return false;
    this.memories.delete(id);
    this.log(m, m.memory, null, 'DELETE');
    return true;
  }

  /** The history of a memory, oldest first (empty for an unknown id). */
  history(id: string): Mem0HistoryEntry[] {
    return structuredClone(this.histories.get(id) ?? []);
  }

  /** The memories of `entities` sharing words with `query`, best first, at most `topK`. */
  search(query: string, entities: Mem0Entities, topK: number): (Mem0StoredMemory & { score: number })[] {
    const q = words(query);
    return [...this.memories.values()]
      .filter((m) => matchesEntities(m, entities))
      .map((m) => {
        const w = words(m.memory);
        const shared = [...q].filter((t) => w.has(t)).length;
        return { ...structuredClone(m), score: q.size === 0 ? 0 : shared / q.size };
      })
      .filter((m) => m.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
  }

  private log(m: Mem0StoredMemory, old: string | null, now: string | null, event: Mem0HistoryEntry['event']) {
    const at = new Date().toISOString();
    const list = this.histories.get(m.id) ?? [];
    list.push({
      id: randomUUID(),
      memory_id: m.id,
      old_memory: old,
      new_memory: now,
      event,
      ...(m.user_id === undefined ? {} : { user_id: m.user_id }),
      ...(m.agent_id === undefined ? {} : { agent_id: m.agent_id }),
      ...(m.run_id === undefined ? {} : { run_id: m.run_id }),
      metadata: structuredClone(m.metadata),
      created_at: at,
      updated_at: at,
    });
    this.histories.set(m.id, list);
  }
}

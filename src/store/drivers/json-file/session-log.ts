import type { JSONValue } from 'ai';
import type { LogEntry } from '../../../core/message.ts';
import { deserializeMessage, freezeMessage, serializeMessage } from '../../../messages/serialize.ts';
import type { Artifact, SessionRecord } from '../../memory-store.ts';

/** One of a session's own log rows. */
export interface Row {
  entry: LogEntry;
  deleted: boolean;
}

/** A loaded session: its record, own rows, fork bookkeeping, artifacts and session-scoped state. */
export interface SessionData {
  record: SessionRecord;
  /** The loaded parent, when this is a fork (loaded with it). */
  parent: SessionData | undefined;
  /** The parent's owner when it is not the fork's own (only forks made before sessions were keyed by owner). */
  parentOwner?: SessionRecord['scope'];
  own: Row[];
  /** The live own row per message id (at most one), else the latest tombstoned one. */
  byId: Map<string, Row>;
  hiddenInherited: Set<string>;
  liveCount: number;
  liveTokens: number;
  lastSeq: number;
  artifacts: Map<string, Artifact>;
  /** Session-scoped component state (`session:<id>:<name>` keys), by name. */
  components: Record<string, JSONValue>;
  /** Bytes of the messages file that hold complete lines. */
  logSize: number;
  /** Lowest possible `lastSeq` (a fork point, kept when a fork's parent is deleted). */
  seqFloor: number;
}

/** A messages-file line: an appended entry or a tombstone. */
export type LogLine =
  | { at: string; seq: number; tokens: number; message: unknown }
  | { op: 'delete'; at: string; seq: number }
  | { op: 'delete'; at: string; id: string; inherited: true };

/** Serializes an entry as one JSONL line (with its newline). */
export function entryLine(entry: LogEntry, at: Date): string {
  return `{"at":"${at.toISOString()}","seq":${entry.seq},"tokens":${entry.tokens},"message":${serializeMessage(entry.message)}}\n`;
}

/** Serializes a tombstone of an own row, or of an inherited message hidden in a fork. */
export function deleteLine(target: { seq: number } | { id: string }, at: Date): string {
  const body = 'seq' in target ? { seq: target.seq } : { id: target.id, inherited: true };
  return `${JSON.stringify({ op: 'delete', at: at.toISOString(), ...body })}\n`;
}

/** Adds a live own row. */
export function addRow(data: SessionData, entry: LogEntry): void {
  const row = { entry, deleted: false };
  data.own.push(row);
  data.byId.set(entry.message.id, row);
  data.liveCount++;
  data.liveTokens += entry.tokens;
  if (entry.seq > data.lastSeq) data.lastSeq = entry.seq;
}

/** Tombstones a live own row. */
export function tombstone(data: SessionData, row: Row): void {
  if (row.deleted) return;
  row.deleted = true;
  data.liveCount--;
  data.liveTokens -= row.entry.tokens;
}

/** Replays the lines of a messages file into `data`. Throws on a line that is not a known shape. */
export function replay(data: SessionData, lines: readonly string[]): Date | undefined {
  const bySeq = new Map<number, Row>();
  let last: string | undefined;
  for (const text of lines) {
    const line = JSON.parse(text) as LogLine;
    last = line.at;
    if (!('op' in line)) {
      const message = deserializeMessage(JSON.stringify(line.message));
      const entry = freezeMessage({ seq: line.seq, message, tokens: line.tokens });
      addRow(data, entry);
      bySeq.set(entry.seq, data.own[data.own.length - 1]!);
    } else if ('seq' in line) {
      const row = bySeq.get(line.seq);
      if (!row) throw new Error(`tombstone for unknown seq ${line.seq}`);
      tombstone(data, row);
    } else {
      data.hiddenInherited.add(line.id);
    }
  }
  return last === undefined ? undefined : new Date(last);
}

/** Every live entry a session sees, oldest first: the parent's prefix (recursively), then its own. */
export function visible(data: SessionData): LogEntry[] {
  const out: LogEntry[] = [];
  const at = data.record.forkedAtSeq;
  if (data.parent && at !== undefined) {
    for (const e of visible(data.parent)) {
      if (e.seq > at) break;
      if (!data.hiddenInherited.has(e.message.id)) out.push(e);
    }
  }
  for (const row of data.own) if (!row.deleted) out.push(row.entry);
  return out;
}

/** The entry a session sees under an id: live, deleted (tombstoned or hidden), or absent. */
export function lookup(data: SessionData, id: string): { entry: LogEntry; deleted: boolean } | undefined {
  const own = data.byId.get(id);
  if (own && !own.deleted) return own;
  const at = data.record.forkedAtSeq;
  const inherited = data.parent && at !== undefined ? lookup(data.parent, id) : undefined;
  if (inherited && inherited.entry.seq <= at! && !inherited.deleted) {
    return data.hiddenInherited.has(id) ? { entry: inherited.entry, deleted: true } : inherited;
  }
  return own;
}

/** The session document of seed 002's JsonSession: `{ sessionId, components, timestamp }`. */
export interface SessionDocument {
  sessionId: string;
  components: Record<string, JSONValue>;
  timestamp: string;
}

/** Component names the driver reserves in a session document. */
export const recordComponent = 'engram.session';
/** The component that holds a session's artifacts. */
export const artifactsComponent = 'engram.artifacts';

/** Builds the document of a session. */
export function toDocument(data: SessionData, now: Date): SessionDocument {
  const r = data.record;
  const record = {
    id: r.id,
    scope: { ...r.scope },
    ...(r.parentId !== undefined ? { parentId: r.parentId, forkedAtSeq: r.forkedAtSeq! } : {}),
    ...(r.parentId !== undefined && data.parentOwner ? { parentScope: { ...data.parentOwner } } : {}),
    metadata: r.metadata,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...(data.seqFloor > 0 ? { seqFloor: data.seqFloor } : {}),
  } as JSONValue;
  const artifacts = [...data.artifacts.values()].map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
  return {
    sessionId: r.id,
    components: {
      [recordComponent]: record,
      [artifactsComponent]: artifacts as JSONValue,
      ...data.components,
    },
    timestamp: now.toISOString(),
  };
}

/** Reads a session document back into an empty `SessionData` (no rows yet). */
export function fromDocument(doc: SessionDocument): SessionData {
  const { [recordComponent]: raw, [artifactsComponent]: rawArtifacts, ...components } = doc.components;
  const r = raw as Record<string, JSONValue> & { createdAt: string; updatedAt: string; seqFloor?: number };
  const record: SessionRecord = {
    id: r.id as string,
    scope: r.scope as unknown as SessionRecord['scope'],
    metadata: r.metadata as Record<string, JSONValue>,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    ...(r.parentId !== undefined
      ? { parentId: r.parentId as string, forkedAtSeq: r.forkedAtSeq as number }
      : {}),
  };
  const artifacts = new Map<string, Artifact>();
  for (const a of (rawArtifacts ?? []) as unknown as (Omit<Artifact, 'createdAt'> & {
    createdAt: string;
  })[]) {
    artifacts.set(a.id, { ...a, createdAt: new Date(a.createdAt) });
  }
  return {
    record,
    parent: undefined,
    ...(r.parentScope ? { parentOwner: r.parentScope as unknown as SessionRecord['scope'] } : {}),
    own: [],
    byId: new Map(),
    hiddenInherited: new Set(),
    liveCount: 0,
    liveTokens: 0,
    lastSeq: r.seqFloor ?? record.forkedAtSeq ?? 0,
    artifacts,
    components,
    logSize: 0,
    seqFloor: r.seqFloor ?? 0,
  };
}

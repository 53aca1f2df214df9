import type { JSONValue } from 'ai';
import type { LogEntry } from '../../core/message.ts';
import { markKnownValid } from '../../messages/known-valid.ts';
import { deserializeMessage, freezeMessage, serializeMessage } from '../../messages/serialize.ts';
import { appendRow, createSessionLog, rowAt, tombstoneRow } from '../../store/log-index.ts';
import type { Artifact, SessionRecord } from '../../store/memory-store.ts';
import type { SessionLog } from '../../store/session-log.ts';
import { ownerKey } from '../../store/state-scope.ts';

/** A loaded session: its record, log, artifacts and session-scoped state. */
export interface SessionData {
  record: SessionRecord;
  /** Its log (own rows, fork link to the loaded parent, counts): see log-index.ts. */
  log: SessionLog;
  /** The parent's owner when it is not the fork's own (only forks made before sessions were keyed by owner). */
  parentOwner?: SessionRecord['scope'];
  artifacts: Map<string, Artifact>;
  /** The components of the session's whole-document key (`session:<id>:engram.components`, what SessionManager saves). */
  components: Record<string, JSONValue>;
  /** When the components were last written (the document's `timestamp`); other document writes keep it. */
  timestamp: string;
  /** The other `session:<id>:<name>` state keys of the session, by name (the `engram.state` component). */
  state: Record<string, JSONValue>;
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

/**
 * Replays the lines of a messages file into `data.log` (hidden ids included; the fork link and what it
 * inherits are set when the parent is loaded). Throws on a line that is not a known shape.
 */
export function replay(data: SessionData, lines: readonly string[]): Date | undefined {
  let last: string | undefined;
  for (const text of lines) {
    const line = JSON.parse(text) as LogLine;
    last = line.at;
    if (!('op' in line)) {
      const message = deserializeMessage(JSON.stringify(line.message));
      // Written by engram after it was checked: marked valid once frozen.
      appendRow(data.log, freezeMessage({ seq: line.seq, message, tokens: line.tokens }));
      markKnownValid(message);
    } else if ('seq' in line) {
      const row = rowAt(data.log, line.seq);
      if (!row) throw new Error(`tombstone for unknown seq ${line.seq}`);
      tombstoneRow(data.log, row);
    } else {
      data.log.hidden.add(line.id);
    }
  }
  return last === undefined ? undefined : new Date(last);
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
/** The component that holds a session's per-name state keys `session:<id>:<name>`, by name. */
export const stateComponent = 'engram.state';

/**
 * Builds the document of a session: its components first (as seed 002 shows them), then the driver's own
 * `engram.session` record and, when there are any, `engram.state` and `engram.artifacts`.
 */
export function toDocument(data: SessionData): SessionDocument {
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
    // The log's id, kept so a reopened session is the same log (state keyed by it, a view's marks, stay valid).
    logId: data.log.logId,
  } as JSONValue;
  const artifacts = [...data.artifacts.values()].map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }));
  return {
    sessionId: r.id,
    components: {
      ...data.components,
      [recordComponent]: record,
      ...(Object.keys(data.state).length > 0 ? { [stateComponent]: data.state } : {}),
      ...(artifacts.length > 0 ? { [artifactsComponent]: artifacts as JSONValue } : {}),
    },
    timestamp: data.timestamp,
  };
}

/** The text of a session's document file: `toDocument` as indented JSON with a final newline. */
export function documentText(data: SessionData): string {
  return `${JSON.stringify(toDocument(data), null, 2)}\n`;
}

/** The cache key of a session in its tenant, also the id of its log: its owner (user, agent) and id. */
export function cacheKey(ref: Pick<SessionRecord, 'scope' | 'id'>): string {
  return `${ownerKey(ref.scope)}\u0000${ref.id}`;
}

/** Reads a session document back into an empty `SessionData` (no rows yet). */
export function fromDocument(doc: SessionDocument): SessionData {
  const {
    [recordComponent]: raw,
    [artifactsComponent]: rawArtifacts,
    [stateComponent]: state,
    ...components
  } = doc.components;
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
  // Older documents keep no log id: a new one per load (until the document is written again).
  const kept = typeof r.logId === 'string' && r.logId !== '' ? r.logId : undefined;
  const log = createSessionLog(cacheKey(record), r.seqFloor ?? record.forkedAtSeq ?? 0, kept);
  return {
    record,
    log,
    ...(r.parentScope ? { parentOwner: r.parentScope as unknown as SessionRecord['scope'] } : {}),
    artifacts,
    components,
    state: (state ?? {}) as Record<string, JSONValue>,
    timestamp: typeof doc.timestamp === 'string' ? doc.timestamp : r.updatedAt,
    logSize: 0,
    seqFloor: r.seqFloor ?? 0,
  };
}

import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { LogEntry } from '../../core/message.ts';
import { markKnownValid } from '../../messages/known-valid.ts';
import { deserializeMessage, freezeMessage } from '../../messages/serialize.ts';
import type { Artifact, SessionRecord } from '../../store/memory-store.ts';
import type { SqlRow } from './sql-client.ts';

/** The columns of `engram_sessions` the store reads. */
export interface SessionRow {
  tenant: string;
  id: string;
  /** The owner's user (null: none; stored as `''`). */
  userId: string | null;
  /** The owner's agent (null: none; stored as `''`). */
  agentId: string | null;
  /** The key of the session's rows in the log tables (`session_id` there), unique in the tenant (schema v6). */
  logId: string;
  parentId: string | null;
  /** The parent's `logId`. */
  parentLog: string | null;
  forkedAtSeq: number | null;
  metadata: Record<string, JSONValue>;
  createdAt: number;
  updatedAt: number;
  lastSeq: number;
  liveCount: number;
  liveTokens: number;
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** An owner column: `''` (and a pre-v6 NULL) is "none". */
const owner = (v: unknown): string | null => (v === '' ? null : str(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Parses a JSON column (text, or an already-parsed value from a JSON-typed column). */
export function parseJson(v: unknown): JSONValue {
  return typeof v === 'string' ? (JSON.parse(v) as JSONValue) : (v as JSONValue);
}

/** Decodes a `SELECT *` row of `engram_sessions`. */
export function toSessionRow(row: SqlRow): SessionRow {
  return {
    tenant: String(row.tenant),
    id: String(row.id),
    userId: owner(row.user_id),
    agentId: owner(row.agent_id),
    logId: String(row.log_id),
    parentId: str(row.parent_id),
    parentLog: str(row.parent_log),
    forkedAtSeq: num(row.forked_at_seq),
    metadata: parseJson(row.metadata) as Record<string, JSONValue>,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    lastSeq: Number(row.last_seq),
    liveCount: Number(row.live_count),
    liveTokens: Number(row.live_tokens),
  };
}

/** The public record of a session row. */
export function toSessionRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    scope: {
      tenant: row.tenant,
      ...(row.userId !== null ? { user: row.userId } : {}),
      ...(row.agentId !== null ? { agent: row.agentId } : {}),
    },
    metadata: row.metadata,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    ...(row.parentId !== null ? { parentId: row.parentId, forkedAtSeq: row.forkedAtSeq ?? 0 } : {}),
  };
}

/**
 * Decodes a message row with `seq`, `body`, `tokens` into a frozen log entry; its message, written by engram
 * after it was checked, is marked valid (`markKnownValid`).
 */
export function toEntry(row: SqlRow): LogEntry {
  const entry = freezeMessage({
    seq: Number(row.seq),
    message: deserializeMessage(String(row.body)),
    tokens: Number(row.tokens),
  });
  markKnownValid(entry.message);
  return entry;
}

/**
 * Decodes a row of `engram_artifacts`. Its `data` is parsed when first read (a property like any other: it can be
 * set, spread, compared): a reader brought up to date by listing again what it listed before (an `ArtifactLog`'s
 * overlap) drops the rows it knows without parsing them.
 */
export function toArtifact(row: SqlRow): Artifact {
  const stored = row.data;
  let data: JSONValue = null;
  let parsed = false;
  return {
    id: String(row.id),
    kind: String(row.kind),
    fromSeq: Number(row.from_seq),
    toSeq: Number(row.to_seq),
    get data(): JSONValue {
      if (!parsed) {
        try {
          data = parseJson(stored);
        } catch (cause) {
          throw new MemoryError({
            code: 'STORE_ERROR',
            component: 'sql',
            message: `artifact ${String(row.id)}: its stored data is not JSON`,
            cause,
          });
        }
        parsed = true;
      }
      return data;
    },
    // A plain property to its reader: it can be set, as any artifact's.
    set data(value: JSONValue) {
      data = value;
      parsed = true;
    },
    createdAt: new Date(Number(row.created_at)),
  };
}

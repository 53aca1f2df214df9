import { createHash } from 'node:crypto';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { isValidId, maxIdLength } from '../core/ids.ts';

/**
 * Names of what the LangGraph adapters store in engram: session ids, artifact ids and kinds, state keys and
 * long-term record ids. Every name is built from its parts by one injective encoding (each part
 * `encodeURIComponent`-escaped, `.` too, joined by `:`), so two different part lists never share a name; a name
 * that would break the id rule (longer than 256 characters) becomes `<prefix>#` + a SHA-256 of the parts.
 */

/**
 * One part of a name: `encodeURIComponent` with `.` escaped as well, so parts never contain `:` or `.`. Throws
 * `INVALID_ARGUMENT` unless `value` is well-formed text (a lone surrogate has no URI encoding).
 */
export function namePart(value: string): string {
  if (typeof value !== 'string' || !value.isWellFormed())
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'langgraph',
      message: `a thread id, namespace or key must be well-formed text, got ${describeValue(value)}`,
    });
  return encodeURIComponent(value).replaceAll('.', '%2E');
}

/**
 * `prefix:part:part…` (or joined by `separator`), else `prefix#<sha256 of the parts>` when that is not a valid
 * id of at most `max` characters.
 */
export function storageName(
  prefix: string,
  parts: readonly string[],
  max = maxIdLength,
  separator = ':',
): string {
  const name = [prefix, ...parts.map(namePart)].join(separator);
  if (name.length <= max && isValidId(name, max)) return name;
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  return `${prefix}#${digest}`;
}

/** The engram session holding a LangGraph thread: `langgraph:<thread id>` (escaped; hashed when too long). */
export function threadSessionId(threadId: string): string {
  return storageName('langgraph', [threadId]);
}

/** Artifact kind of a namespace's checkpoints in a thread's session. */
export const checkpointKind = (ns: string) => storageName('langgraph.checkpoint', [ns]);

/** Artifact id of one checkpoint. */
export const checkpointArtifactId = (ns: string, checkpointId: string) =>
  storageName('c', [ns, checkpointId]);

/** Artifact kind of one checkpoint's pending writes. */
export const writesKind = (ns: string, checkpointId: string) =>
  storageName('langgraph.writes', [ns, checkpointId]);

/**
 * Artifact id of one pending write, keyed (checkpoint, task, idx) as LangGraph keys them: how engram stored writes
 * before it stored a task's writes in one record (`taskWritesArtifactId`); still read.
 */
export const writeArtifactId = (ns: string, checkpointId: string, taskId: string, idx: number) =>
  storageName('w', [ns, checkpointId, taskId, String(idx)]);

/**
 * Artifact id of one task's writes to a checkpoint, all in one record rewritten by each call: how engram stored
 * writes before it stored each call's in a record of its own (`callWritesArtifactId`); still read.
 */
export const taskWritesArtifactId = (ns: string, checkpointId: string, taskId: string) =>
  storageName('wt', [ns, checkpointId, taskId]);

/** Artifact id of one `putWrites` call's writes to a task of a checkpoint (`call`: the call's random id; see `storeWrites`). */
export const callWritesArtifactId = (ns: string, checkpointId: string, taskId: string, call: string) =>
  storageName('wc', [ns, checkpointId, taskId, call]);

/** Whether an artifact kind is one the saver writes (checkpoints or writes). */
export const isSaverKind = (kind: string) =>
  kind.startsWith('langgraph.checkpoint') || kind.startsWith('langgraph.writes');

/**
 * State key of the channel values a checkpoint stored outside its record (large ones):
 * `session:<session id>:<name>`, the name free of `:` as session keys require.
 */
export function channelBlobKey(sessionId: string, ns: string, checkpointId: string): string {
  return `session:${sessionId}:${storageName('langgraph.values', [ns, checkpointId], 700, '.')}`;
}

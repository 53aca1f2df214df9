import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { isValidId } from '../../core/ids.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { createSerialQueue, type SerialQueue } from '../../core/serial-queue.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { serializeMessage } from '../../messages/serialize.ts';
import { markedUnfinished, removeAbandoned } from '../../store/abandoned-session.ts';
import { defaultMaxMessageBytes } from '../../store/check-inputs.ts';
import type { Artifact, MemoryStoreV1 } from '../../store/memory-store.ts';
import { importMarker, reservedSessionKey } from '../../store/reserved-session-keys.ts';
import {
  currentOwner,
  importOwnerKey,
  liveOwner,
  ownerWords,
  startHeartbeat,
} from '../../store/session-writer.ts';
import { BadInputError, InterruptedError } from '../bad-input-error.ts';
import { noProgress, type Progress } from '../progress.ts';
import { appendOwn, refuseTaken } from './append-own.ts';

/** A session to write: its id, metadata and checked messages. */
export interface IngestSession {
  /** The session id. */
  id: string;
  /** Its metadata (for a new session). */
  metadata: Record<string, JSONValue>;
  /** Its messages, valid, in order. */
  messages: MemoryMessage[];
  /**
   * Artifacts to write beside a new session's messages (an exported session's), each range in positions of
   * `messages` (1 for the first, 0 before any), checked, with the time it was written at when the file gives it
   * (else the time of the import). Written before the session's commit. A session that exists (`append`) takes
   * none: `writeSessions` refuses it with artifacts. @default []
   */
  artifacts?: readonly (Omit<Artifact, 'createdAt'> & { createdAt?: Date })[];
}

/** Options of {@link writeSessions}. */
export interface WriteSessionsOptions {
  /** Append to a session that exists instead of refusing it. @default false */
  append?: boolean;
  /** What the refusal of an existing session suggests. @default 'use --session for another id' */
  existsHint?: string;
  /** Shows the work. @default noProgress */
  progress?: Progress;
  /** The progress bar's label. @default 'writing' */
  label?: string;
}

/** Messages per append: each is one atomic write and one progress step. */
const chunkSize = 500;

export { importMarker };

/**
 * The takeovers of crashed runs' sessions (see {@link takeOver}) of the runs in this process, one at a time per
 * store object, so the second of two runs that found the same crashed session finds the first's live mark and is
 * refused at its check. Runs in two processes are kept apart by the conditional delete {@link takeOver} makes.
 */
const takeoverQueues = new WeakMap<object, SerialQueue>();
const takeovers = (store: object): SerialQueue => {
  const queue = takeoverQueues.get(store) ?? createSerialQueue();
  takeoverQueues.set(store, queue);
  return queue;
};

/** The refusal of a session another run took over or finished while this one ran. */
const writtenMeanwhile = (id: string) =>
  new BadInputError(
    `session "${id}" was written by another run while this one ran; nothing of it was replaced`,
  );

/**
 * Takes over session `id`, which a crashed run left marked incomplete: deletes it if it is still abandoned
 * (`removeAbandoned`: checked again, as another run may have taken it over or finished it since this run's first
 * check, and deleted only while it is the log that was checked), then creates it marked as this run's.
 * `createSession` refuses an id another run created meanwhile (its takeover or its finished session): this run is
 * then refused (`BadInputError`) and nothing of the other run's session is touched.
 */
async function takeOver(
  store: MemoryStoreV1,
  scope: Scope,
  id: string,
  metadata: Record<string, JSONValue>,
): Promise<void> {
  await removeAbandoned(store, scope, id);
  try {
    await store.createSession(scope, { id, metadata });
  } catch (error) {
    // createSession's refusal of an id that exists (INVALID_ARGUMENT): another run has it.
    if (MemoryError.hasCode(error, 'INVALID_ARGUMENT') && (await store.getSession(scope, id)))
      throw writtenMeanwhile(id);
    throw error;
  }
}

/** What a target is: a new session, one to append to, or an incomplete import to replace. */
type Target = 'new' | 'append' | 'resume';

/**
 * Writes checked sessions all or nothing, also across a crash (SIGKILL, power loss): every target is checked
 * before the first write (valid, distinct ids, no existing session unless `append`, no message id already in an
 * appended session, no artifacts for one). Each new session is created with the {@link importMarker} in its metadata and filled chunk
 * by chunk; then the messages appended to existing sessions go in one atomic append each; last, one write per new
 * session sets its real metadata (the commit). A crash before the commits leaves nothing or marked sessions, which
 * the next run of the same command deletes and writes again (only a crash among the appends or the commits, a
 * few writes at the very end, leaves part of the run in place). If a write fails midway, the sessions this call
 * created are deleted and the messages it appended to existing ones removed again: by id, each of them stored by
 * this call alone (`appendOwn`), so a run appending to the same session at the same time keeps its own.
 */
export async function writeSessions(
  store: MemoryStoreV1,
  scope: Scope,
  sessions: readonly IngestSession[],
  options: WriteSessionsOptions = {},
): Promise<{ sessions: string[]; messages: number }> {
  const targets = await checkTargets(store, scope, sessions, options);
  const progress = options.progress ?? noProgress;
  const owner = currentOwner();
  /** The marked metadata of a session this run writes, saying it is still there. */
  const marked = (s: IngestSession) => markedUnfinished(s.metadata, owner);
  const created: IngestSession[] = [];
  const appended = new Map<string, string[]>();
  let total = 0;
  for (const s of sessions) total += s.messages.length;
  progress.start(options.label ?? 'writing', total);
  // Ctrl-C (SIGINT) or SIGTERM (`timeout`, `docker stop`) stops the run between two writes, and what it wrote is
  // removed (a second signal ends the process at once).
  let interrupted: 'SIGINT' | 'SIGTERM' | undefined;
  const interrupt = (signal: 'SIGINT' | 'SIGTERM') => {
    interrupted ??= signal;
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const stopIfInterrupted = () => {
    if (interrupted)
      throw new InterruptedError(
        `interrupted (${interrupted}): nothing of this run is kept (the sessions it created are deleted, its appends removed)`,
        interrupted,
      );
  };
  // Still here, whatever a write takes: every session this run created is marked again, so no other run takes one
  // over while this one writes the next.
  const heartbeat = startHeartbeat(async () => {
    for (const s of [...created]) await store.updateSession(scope, s.id, marked(s));
  });
  try {
    for (const s of sessions) {
      if (targets.get(s.id) === 'append') continue; // after every new session is written (below)
      if (targets.get(s.id) === 'resume')
        await takeovers(store).run(() => takeOver(store, scope, s.id, marked(s)));
      else await store.createSession(scope, { id: s.id, metadata: marked(s) });
      created.push(s);
      const memory = createConversationMemory({ store, scope, sessionId: s.id });
      for (let i = 0; i < s.messages.length; i += chunkSize) {
        stopIfInterrupted();
        const chunk = s.messages.slice(i, i + chunkSize);
        await memory.store(chunk);
        progress.tick(chunk.length);
      }
      // The messages took the seqs after `before` in order: position p is seq before + p.
      const before = (await store.stats(scope, s.id)).lastSeq - s.messages.length;
      for (const a of s.artifacts ?? []) {
        stopIfInterrupted();
        const { createdAt, ...artifact } = a;
        const moved = { ...artifact, fromSeq: before + a.fromSeq, toSeq: before + a.toSeq };
        await store.putArtifact(scope, s.id, moved, createdAt && { createdAt });
      }
    }
    for (const s of sessions) {
      if (targets.get(s.id) !== 'append') continue;
      stopIfInterrupted();
      await appendOwn(store, scope, s.id, s.messages); // one append, of messages it alone stored
      appended.set(
        s.id,
        s.messages.map((m) => m.id),
      );
      progress.tick(s.messages.length);
    }
    await heartbeat.stop();
    stopIfInterrupted();
    // The commits, once every session of the run is written: each marker goes. A crash before them leaves only
    // marked sessions, which the next run of the same command replaces (a committed one it would refuse).
    for (const s of created) await store.updateSession(scope, s.id, s.metadata);
  } catch (error) {
    await heartbeat.stop();
    for (const { id } of created) await store.deleteSession(scope, id).catch(() => undefined);
    for (const [id, ids] of appended) await store.deleteMessages(scope, id, ids).catch(() => undefined);
    throw error;
  } finally {
    process.removeListener('SIGINT', interrupt);
    process.removeListener('SIGTERM', interrupt);
    progress.stop();
  }
  return { sessions: sessions.map((s) => s.id), messages: total };
}

/**
 * Checks what needs no store, so a command can refuse a bad file before it opens (or creates) the database: valid
 * and distinct session ids, none of engram's own metadata keys, no message id used twice in a session, none too
 * large for a store (see {@link messageSizeIssue}).
 */
export function checkSessions(sessions: readonly IngestSession[]): void {
  const ids = new Set<string>();
  for (const s of sessions) {
    if (!isValidId(s.id))
      throw new BadInputError(`"${s.id}" is not a session id (1–256 characters, no NUL or lone surrogates)`);
    if (ids.has(s.id)) throw new BadInputError(`two sessions of the file have the id "${s.id}"`);
    ids.add(s.id);
    const key = engramMetadataKey(s.metadata);
    if (key !== undefined)
      throw new BadInputError(`session "${s.id}": the metadata key "${key}" is engram's own`);
    const messageIds = new Set<string>();
    for (const m of s.messages) {
      if (messageIds.has(m.id))
        throw new BadInputError(`session "${s.id}": message id "${m.id}" is used twice`);
      messageIds.add(m.id);
      const tooLarge = messageSizeIssue(m);
      if (tooLarge) throw new BadInputError(`session "${s.id}": ${tooLarge}`);
    }
  }
}

/**
 * Why a message is too large for the stores the command line opens (their default limit, `defaultMaxMessageBytes`,
 * of its JSON in UTF-8), or undefined when it is not.
 */
export function messageSizeIssue(message: MemoryMessage): string | undefined {
  const json = serializeMessage(message);
  // A UTF-16 code unit is at most 3 UTF-8 bytes: a short enough text needs no byte count.
  if (json.length * 3 <= defaultMaxMessageBytes) return undefined;
  const bytes = Buffer.byteLength(json);
  return bytes > defaultMaxMessageBytes
    ? `message "${message.id}" is ${bytes} bytes; a store takes at most ${defaultMaxMessageBytes}`
    : undefined;
}

/** The first of engram's own keys (the import marker and its run) the metadata has, if any. */
export const engramMetadataKey = (metadata: Record<string, JSONValue>): string | undefined =>
  reservedSessionKey(metadata);

/** Checks every target before any write; returns what each is. */
async function checkTargets(
  store: MemoryStoreV1,
  scope: Scope,
  sessions: readonly IngestSession[],
  options: WriteSessionsOptions,
): Promise<Map<string, Target>> {
  checkSessions(sessions);
  const targets = new Map<string, Target>();
  for (const s of sessions) {
    const existing = await store.getSession(scope, s.id);
    if (!existing) {
      targets.set(s.id, 'new');
      continue;
    }
    const incomplete = existing.metadata[importMarker] === 'incomplete';
    const running = incomplete ? liveOwner(existing.metadata[importOwnerKey]) : undefined;
    if (running)
      throw new BadInputError(
        `session "${s.id}" is being imported by another run (${ownerWords(running)}); wait for it to end, or stop it and import again`,
      );
    if (incomplete && !options.append) {
      targets.set(s.id, 'resume');
      continue;
    }
    if (incomplete)
      throw new BadInputError(
        `session "${s.id}" is an incomplete import (a run that crashed); import it again without --append to replace it`,
      );
    if (!options.append)
      throw new BadInputError(
        `session "${s.id}" already exists in this scope; ${options.existsHint ?? 'use --session for another id'}`,
      );
    // Their ranges name the file's messages in a session of their own: not kept, they would go silently.
    if (s.artifacts !== undefined && s.artifacts.length > 0)
      throw new BadInputError(
        `session "${s.id}" already exists in this scope and the file has ${s.artifacts.length} artifact(s) (summaries, stop marks, observations), which only a new session takes: give --session for another id instead of --append`,
      );
    targets.set(s.id, 'append');
    await refuseTaken(store, scope, s.id, s.messages);
  }
  return targets;
}

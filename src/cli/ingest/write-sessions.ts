import { isValidId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { BadInputError } from '../bad-input-error.ts';
import { noProgress, type Progress } from '../progress.ts';
import type { IngestSession } from './ingest-file.ts';

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

/**
 * Writes checked sessions all or nothing: every target is checked before the first write (valid, distinct ids, no
 * existing session unless `append`, no message id already in an appended session); if a write fails midway,
 * the sessions this call created are deleted and the messages it appended to existing ones removed again.
 */
export async function writeSessions(
  store: MemoryStoreV1,
  scope: Scope,
  sessions: readonly IngestSession[],
  options: WriteSessionsOptions = {},
): Promise<{ sessions: string[]; messages: number }> {
  const existing = await checkTargets(store, scope, sessions, options);
  const progress = options.progress ?? noProgress;
  const created: string[] = [];
  const appended = new Map<string, string[]>();
  let total = 0;
  for (const s of sessions) total += s.messages.length;
  progress.start(options.label ?? 'writing', total);
  try {
    for (const s of sessions) {
      if (existing.has(s.id)) appended.set(s.id, []);
      else {
        await store.createSession(scope, { id: s.id, metadata: s.metadata });
        created.push(s.id);
      }
      const memory = createConversationMemory({ store, scope, sessionId: s.id });
      for (let i = 0; i < s.messages.length; i += chunkSize) {
        const chunk = s.messages.slice(i, i + chunkSize);
        await memory.store(chunk);
        appended.get(s.id)?.push(...chunk.map((m) => m.id));
        progress.tick(chunk.length);
      }
    }
  } catch (error) {
    for (const id of created) await store.deleteSession(scope, id).catch(() => undefined);
    for (const [id, ids] of appended) await store.deleteMessages(scope, id, ids).catch(() => undefined);
    throw error;
  } finally {
    progress.stop();
  }
  return { sessions: sessions.map((s) => s.id), messages: total };
}

/** Checks every target before any write; returns the ids of the sessions that exist (appended to). */
async function checkTargets(
  store: MemoryStoreV1,
  scope: Scope,
  sessions: readonly IngestSession[],
  options: WriteSessionsOptions,
): Promise<Set<string>> {
  const existing = new Set<string>();
  const ids = new Set<string>();
  for (const s of sessions) {
    if (!isValidId(s.id))
      throw new BadInputError(`"${s.id}" is not a session id (1–256 characters, no NUL or lone surrogates)`);
    if (ids.has(s.id)) throw new BadInputError(`two sessions of the file have the id "${s.id}"`);
    ids.add(s.id);
    const messageIds = new Set<string>();
    for (const m of s.messages) {
      if (messageIds.has(m.id))
        throw new BadInputError(`session "${s.id}": message id "${m.id}" is used twice`);
      messageIds.add(m.id);
    }
    if (!(await store.getSession(scope, s.id))) continue;
    if (!options.append)
      throw new BadInputError(
        `session "${s.id}" already exists in this scope; ${options.existsHint ?? 'use --session for another id'}`,
      );
    existing.add(s.id);
    for (let i = 0; i < s.messages.length; i += chunkSize) {
      const ids = s.messages.slice(i, i + chunkSize).map((m) => m.id);
      const [taken] = await store.getMessages(scope, s.id, ids);
      if (taken) throw new BadInputError(`session "${s.id}" already holds a message "${taken.message.id}"`);
    }
  }
  return existing;
}

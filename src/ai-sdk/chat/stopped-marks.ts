import { createHash } from 'node:crypto';
import { z } from 'zod';
import { maxIdLength } from '../../core/ids.ts';
import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory, ConversationMemoryOptions } from '../../memory/conversation-memory.ts';

/** An artifact beside a chat's log, as its conversation lists it (a stop mark among them). */
export type ChatArtifact = Awaited<ReturnType<ConversationMemory['listArtifacts']>>[number];
/** The store a chat lives in. */
type ChatStoreV1 = NonNullable<ConversationMemoryOptions['store']>;
/** A chat's session, as its store gives it. */
type ChatSession = NonNullable<Awaited<ReturnType<ChatStoreV1['getSession']>>>;

import { backwardPages } from './backward-pages.ts';

/**
 * The artifact kind that marks a chat reply as stopped between two steps of its run: the run had stored every
 * step it began, so no entry of it carries `{ stopped: true }` (`stoppedStep`), and the mark is kept beside the log.
 */
export const stoppedMarkKind = 'engram.chat-stopped';

/**
 * What a mark holds: the id of the reply's last entry (the artifact's `fromSeq` = `toSeq` is its sequence number).
 * Marks stored before their ids named the entry (`engram.chat-stopped:<seq>`) read the same way.
 */
const markData = z.object({ entryId: z.string() });

/**
 * Marks the reply whose last entry is `entryId` as stopped: one artifact of kind {@link stoppedMarkKind} beside
 * the chat's log, naming the entry by id and sequence number. Nothing of the log is written, rewritten or deleted,
 * so the model reads the reply as the run stored it, and an append another process made meanwhile is kept; a crash
 * before the artifact is written leaves the reply as the run stored it (not marked), never half a mark. Reads the
 * log backward from its newest entry to find the entry's sequence number; does nothing when the entry is gone
 * (deleted meanwhile: a rewind).
 */
export async function markStopped(conversation: ConversationMemory, entryId: string): Promise<void> {
  for await (const entries of backwardPages(conversation)) {
    const entry = entries.find((e) => e.message.id === entryId);
    if (!entry) continue;
    await conversation.putArtifact({
      id: markId(entryId),
      kind: stoppedMarkKind,
      fromSeq: entry.seq,
      toSeq: entry.seq,
      data: { entryId },
    });
    return;
  }
}

/**
 * The artifact id of the mark of entry `entryId`: named by the entry's id (unique in the log), not its sequence
 * number, which a copy of the chat renumbers (`sessions.copy` numbers the copy's entries afresh and moves each
 * artifact's range, not its id): a mark named `…:7` copied onto the copy's fifth entry was replaced by the copy's own
 * mark of its seventh. Within the id rule's length: a long entry id is named by its digest.
 */
function markId(entryId: string): string {
  const id = `${stoppedMarkKind}:${entryId}`;
  return id.length <= maxIdLength
    ? id
    : `${stoppedMarkKind}#${createHash('sha256').update(entryId).digest('hex')}`;
}

/**
 * Deletes the entries `gone` (in their order) and then the marks ({@link markStopped}) that name them, so a rewind
 * leaves no mark of a reply it removed; returns how many entries were deleted. The marks are listed once, and only
 * those naming one of the entries are deleted. A crash between an entry's delete and its mark's leaves a mark that
 * names nothing (its sequence number is never used again), never an unmarked stopped reply.
 */
export async function deleteEntries(
  conversation: ConversationMemory,
  gone: readonly LogEntry[],
): Promise<number> {
  let deleted = 0;
  for (const entry of gone) if (await conversation.delete(entry.message.id)) deleted++;
  if (gone.length === 0) return deleted;
  const seqs = new Set(gone.map((e) => e.seq));
  for (const mark of await conversation.listArtifacts(stoppedMarkKind, undefined, { data: false }))
    if (mark.fromSeq === mark.toSeq && seqs.has(mark.toSeq)) await conversation.deleteArtifact(mark.id);
  return deleted;
}

/**
 * The marks a fork inherits ({@link markStopped}): those of its parent, and of the parent's parent, and so on,
 * that name an entry it shares (at or before the sequence number each fork was made at). A fork shares its parent's
 * entries, not what lives beside them, so without these a reply stopped before the fork read as complete in it.
 * None for a session that is no fork; a parent deleted since (its shared entries are then the fork's own) takes its
 * marks with it.
 */
export async function inheritedMarks(store: ChatStoreV1, record: ChatSession): Promise<ChatArtifact[]> {
  const marks: ChatArtifact[] = [];
  const seen = new Set<string>([record.id]);
  let parentId = record.parentId;
  let shared = record.forkedAtSeq ?? 0;
  while (parentId !== undefined && !seen.has(parentId)) {
    seen.add(parentId);
    for (const mark of await store.listArtifacts(record.scope, parentId, stoppedMarkKind))
      if (mark.toSeq <= shared) marks.push(mark);
    const parent = await store.getSession(record.scope, parentId);
    parentId = parent?.parentId;
    shared = Math.min(shared, parent?.forkedAtSeq ?? 0);
  }
  return marks;
}

/**
 * The ids of the entries among `entries` that a mark ({@link markStopped}) names, the chat's own or `inherited`
 * ({@link inheritedMarks}): the same id at the same sequence number. A mark whose entry was deleted names none
 * (sequence numbers are never reused, so an id stored again later is not marked); an artifact of the kind in another
 * shape is not a mark of this chat and is passed over, as the chat's decoding passes over metadata it did not write.
 */
export async function stoppedEntryIds(
  conversation: ConversationMemory,
  entries: readonly LogEntry[],
  inherited: readonly ChatArtifact[] = [],
): Promise<Set<string>> {
  const marked = new Set<string>();
  const marks = [...inherited, ...(await conversation.listArtifacts(stoppedMarkKind))];
  if (marks.length === 0) return marked;
  const bySeq = new Map<number, string>();
  for (const mark of marks) {
    const data = markData.safeParse(mark.data);
    if (data.success && mark.fromSeq === mark.toSeq) bySeq.set(mark.toSeq, data.data.entryId);
  }
  for (const { seq, message } of entries) if (bySeq.get(seq) === message.id) marked.add(message.id);
  return marked;
}

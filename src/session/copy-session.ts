import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { markedUnfinished, removeAbandoned } from '../store/abandoned-session.ts';
import { logChangeWords, rangeChangeSince } from '../store/log-change.ts';
import type { MemoryStoreV1, SessionRecord } from '../store/memory-store.ts';
import { currentOwner, startHeartbeat } from '../store/session-writer.ts';
import { createCopiedSeqs } from './copied-seqs.ts';

/** Messages read and appended per store call while copying. */
const pageSize = 1000;

/**
 * Copies `source` (its live messages, artifacts and metadata) into a new session `targetId` of the same scope, all
 * or nothing, also across a crash: the copy is created marked unfinished (`markedUnfinished`, which `sessions.list`
 * and `sessions.open` do not show), filled page by page while a heartbeat says its run is still there, and its
 * metadata is written last (the commit). A copy that fails is deleted before its error is rethrown; one a crash
 * (SIGKILL, power loss) cut short stays marked, and the next `create`, `copy` or `fork` to its id replaces it
 * (`removeAbandoned`). An id a session already holds, finished or still written by a live run, is refused by
 * `createSession`.
 *
 * The copy is the source's log as it was when the copy began: messages stored meanwhile are not copied (the
 * copy reads up to the source's newest seq at its start). A message deleted meanwhile from that part of the
 * source, or the source deleted and created again, would make a copy of a log that never was (a deleted message
 * kept, two logs mixed): the copy checks the source's log once its messages are copied (`rangeChangeSince`), and
 * then fails with `CONFLICT`, its copy deleted; copying again copies the source as it is then. A message stored
 * after the copy began and deleted before it ended changes nothing.
 *
 * The copy's seqs are dense: each artifact's range is moved onto the copied entries it named (`createCopiedSeqs`).
 */
export async function copySession(
  store: MemoryStoreV1,
  scope: Scope,
  source: SessionRecord,
  targetId: string,
): Promise<void> {
  const owner = currentOwner('copy');
  const start = await store.stats(scope, source.id);
  const marked = () => markedUnfinished(source.metadata, owner);
  await removeAbandoned(store, scope, targetId);
  await store.createSession(scope, { id: targetId, metadata: marked() });
  const heartbeat = startHeartbeat(async () => {
    await store.updateSession(scope, targetId, marked());
  });
  try {
    const seqs = createCopiedSeqs();
    for (let fromSeq = 1; ; ) {
      if (fromSeq > start.lastSeq) break;
      const page = await store.readRange(scope, source.id, {
        fromSeq,
        toSeq: start.lastSeq,
        limit: pageSize,
      });
      if (page.length === 0) break;
      const copied = await store.append(
        scope,
        targetId,
        page.map((e) => ({ message: e.message, tokens: e.tokens })),
      );
      page.forEach((e, i) => {
        seqs.add(e.seq, copied[i]!.seq);
      });
      fromSeq = page.at(-1)!.seq + 1;
    }
    for (const artifact of await store.listArtifacts(scope, source.id)) {
      await store.putArtifact(scope, targetId, {
        id: artifact.id,
        kind: artifact.kind,
        ...seqs.range(artifact.fromSeq, artifact.toSeq),
        data: artifact.data,
      });
    }
    const changed = await rangeChangeSince(store, scope, source.id, start);
    if (changed)
      throw new MemoryError({
        code: 'CONFLICT',
        component: 'session',
        message: `sessions.copy: session "${source.id}" ${logChangeWords(changed)} while it was copied; nothing was copied, copy it again`,
      });
    await heartbeat.stop();
    await store.updateSession(scope, targetId, { ...source.metadata }); // the commit
  } catch (error) {
    await heartbeat.stop();
    await store.deleteSession(scope, targetId).catch(() => undefined); // the copy's own error is the one to report
    throw error;
  }
}

import type { Scope } from '../core/scope.ts';
import { markedUnfinished, removeAbandoned } from '../store/abandoned-session.ts';
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
 * The copy's seqs are dense: each artifact's range is moved onto the copied entries it named (`createCopiedSeqs`).
 */
export async function copySession(
  store: MemoryStoreV1,
  scope: Scope,
  source: SessionRecord,
  targetId: string,
): Promise<void> {
  const owner = currentOwner('copy');
  const marked = () => markedUnfinished(source.metadata, owner);
  await removeAbandoned(store, scope, targetId);
  await store.createSession(scope, { id: targetId, metadata: marked() });
  const heartbeat = startHeartbeat(async () => {
    await store.updateSession(scope, targetId, marked());
  });
  try {
    const seqs = createCopiedSeqs();
    for (let fromSeq = 1; ; ) {
      const page = await store.readRange(scope, source.id, { fromSeq, limit: pageSize });
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
    await heartbeat.stop();
    await store.updateSession(scope, targetId, { ...source.metadata }); // the commit
  } catch (error) {
    await heartbeat.stop();
    await store.deleteSession(scope, targetId).catch(() => undefined); // the copy's own error is the one to report
    throw error;
  }
}

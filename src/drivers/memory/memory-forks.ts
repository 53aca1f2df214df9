import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { detachFork, forksSharing } from '../../store/log-index.ts';
import { findSession, type MemorySession, type MemoryTables, sessionKey } from './memory-tables.ts';

/**
 * The parent of a zero-copy fork (`linkFork` then links the new log to the parent's at `atSeq`, so the fork
 * reads the shared entries through it; nothing is copied until the parent deletes one, see
 * {@link detachForks}): the session `fork.parentId` of the same owner, `INVALID_ARGUMENT` unless `atSeq` is an
 * integer in 0..its lastSeq.
 */
export function forkParent(
  t: MemoryTables,
  scope: Scope,
  fork: { parentId: string; atSeq: number },
): MemorySession {
  const parent = findSession(t, scope, fork.parentId);
  const { atSeq } = fork;
  if (!Number.isInteger(atSeq) || atSeq < 0 || atSeq > parent.log.lastSeq) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'memory',
      message: `fork.atSeq must be an integer in 0..${parent.log.lastSeq}, got ${describeValue(atSeq)}`,
    });
  }
  return parent;
}

/**
 * Copy-on-delete: detaches every direct fork of `parent` forked at or after `fromSeq` (it shares an entry
 * about to go, or the parent itself goes when `fromSeq` is 0): it keeps its own copy of what it inherits,
 * becomes a root, and its record stops naming the parent.
 */
export function detachForks(t: MemoryTables, parent: MemorySession, fromSeq: number): void {
  for (const fork of forksSharing(parent.log, fromSeq)) {
    detachFork(fork);
    const child = t.sessions.get(sessionKey(parent.record.scope, fork.id))!.record;
    delete child.parentId;
    delete child.forkedAtSeq;
  }
}

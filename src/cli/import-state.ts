import { MemoryError } from '../core/errors/memory-error.ts';
import type { SessionRecord } from '../store/memory-store.ts';
import { importOwnerKey, liveOwner, ownerWords, writerKind } from '../store/session-writer.ts';
import { importMarker } from './ingest/write-sessions.ts';

/**
 * `session "x" is an incomplete import …` (or `an unfinished copy …`) for a session an import or a `sessions.copy`
 * has not finished; undefined for a complete one.
 */
export function unfinishedWords(session: SessionRecord): string | undefined {
  if (session.metadata[importMarker] !== 'incomplete') return undefined;
  const entry = session.metadata[importOwnerKey];
  const running = liveOwner(entry);
  if (writerKind(entry) === 'copy')
    return running
      ? `session "${session.id}" is being copied by another run (${ownerWords(running)}): it holds only the messages copied so far`
      : `session "${session.id}" is an unfinished copy: a run that crashed left only the messages it had copied (copy the source again to this id, or delete it)`;
  return running
    ? `session "${session.id}" is being imported by another run (${ownerWords(running)}): it holds only the messages written so far`
    : `session "${session.id}" is an incomplete import: a run that crashed left only the messages it had written (import its file again to complete it)`;
}

/** Says on stderr that a session an import has not finished holds only part of its messages (nothing for a complete one). */
export function warnIfUnfinished(session: SessionRecord): void {
  const words = unfinishedWords(session);
  if (words) process.stderr.write(`engram: ${words}\n`);
}

/** Refuses (`CONFLICT`, exit 3) a session an import has not finished, for a command that would pass it off as whole. */
export function requireFinished(session: SessionRecord, refused: string): void {
  const words = unfinishedWords(session);
  if (words) throw new MemoryError({ code: 'CONFLICT', component: 'cli', message: `${words}; ${refused}` });
}

import { checkArray, checkMethods } from '../core/check-options.ts';
import { checkId } from '../core/ids.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import type { AppendInput, Artifact, MemoryStoreV1 } from './memory-store.ts';

/** An artifact as a caller writes it (the store sets `createdAt`). */
export type ArtifactInput = Omit<Artifact, 'createdAt'>;

/** What {@link HasAppendWithArtifacts.appendWithArtifacts} wrote: the entries as `append` returns them, and the artifacts. */
export interface AppendedWithArtifacts {
  /** The appended entries, as `append` returns them. */
  entries: LogEntry[];
  /** The artifacts written, as `putArtifact` returns them, in the order given. */
  artifacts: Artifact[];
}

/**
 * An optional capability of a store (found on the store object, beside `MemoryStoreV1`): appends a session's
 * messages and writes artifacts beside them in one transaction, so a crash leaves both or neither (an agent step's
 * messages and its assembly record). Every built-in store has it: the SQL stores (SQLite, PostgreSQL) in one
 * database transaction; `createLogStore` stores inside the driver's `transaction` when it has one (libSQL), else
 * alone among the handle's calls, messages first (in-process, json-file: not crash-atomic).
 */
export interface HasAppendWithArtifacts {
  /**
   * `append(scope, sessionId, inputs)`, then `deleteArtifact` of each id in `deleted` (an id the session does not
   * hold is skipped), then `putArtifact` of each artifact, in one transaction: the same checks, the same end
   * state, and nothing of it stored or deleted when any part is refused. `deleted` lets a caller that keeps a
   * bounded number of artifacts (the assembly recorder's retention) drop the oldest in the commit that adds the
   * newest, instead of one commit each. @default deleted []
   */
  appendWithArtifacts(
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    artifacts: readonly ArtifactInput[],
    deleted?: readonly string[],
  ): Promise<AppendedWithArtifacts>;
}

/**
 * Throws `INVALID_ARGUMENT` unless `deleted` is an array of artifact ids (the rule of `checkId`), naming `what`
 * and the bad entry's index.
 */
export function checkDeletedArtifacts(deleted: unknown, what: string, component: string): void {
  checkArray(deleted, what, component);
  // By index, not forEach: a hole of a sparse array is checked (and refused) like any other entry.
  const ids = deleted as unknown[];
  for (let i = 0; i < ids.length; i++) checkId(ids[i], `${what}[${i}]`, component);
}

/**
 * Appends messages, deletes the artifacts named by `deleted` and writes `artifacts` beside them: in one
 * transaction when the store has {@link HasAppendWithArtifacts}, else `append`, then one `deleteArtifact` each, then
 * one `putArtifact` each (separate commits, the same end state; a crash between them leaves the messages without
 * the artifacts' changes, never the changes without the messages).
 * @example
 * const { entries } = await appendWithArtifacts(store, scope, 'chat', inputs, [{ id: 'a1', kind: 'note', fromSeq: 1, toSeq: 1, data: {} }]);
 */
export async function appendWithArtifacts(
  store: MemoryStoreV1 & Partial<HasAppendWithArtifacts>,
  scope: Scope,
  sessionId: string,
  inputs: readonly AppendInput[],
  artifacts: readonly ArtifactInput[],
  deleted: readonly string[] = [],
): Promise<AppendedWithArtifacts> {
  checkMethods(store, 'appendWithArtifacts(store)', 'store', ['append', 'putArtifact', 'deleteArtifact']);
  checkArray(inputs, 'appendWithArtifacts(inputs)', 'store');
  checkArray(artifacts, 'appendWithArtifacts(artifacts)', 'store');
  checkDeletedArtifacts(deleted, 'appendWithArtifacts(deleted)', 'store');
  if (store.appendWithArtifacts)
    return store.appendWithArtifacts(scope, sessionId, inputs, artifacts, deleted);
  const entries = await store.append(scope, sessionId, inputs);
  for (const id of deleted) await store.deleteArtifact(scope, sessionId, id);
  const written: Artifact[] = [];
  for (const artifact of artifacts) written.push(await store.putArtifact(scope, sessionId, artifact));
  return { entries, artifacts: written };
}

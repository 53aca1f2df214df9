import { checkReplacement } from '../../content/check-content.ts';
import type { RidingContent } from '../../content/riding-content-items.ts';
import type { Scope } from '../../core/scope.ts';
import type { RidingRecord } from '../../longterm/riding-long-term-records.ts';
import {
  type AppendedWithArtifacts,
  type ArtifactInput,
  checkDeletedArtifacts,
  type HasAppendWithArtifacts,
} from '../../store/append-with-artifacts.ts';
import { type PreparedInput, prepareInputs } from '../../store/check-inputs.ts';
import { checkArtifact } from '../../store/check-values.ts';
import type { AppendOptions, Artifact } from '../../store/memory-store.ts';
import { checkSessionId } from '../../store/store-helpers.ts';
import type { SqlClient } from './sql-client.ts';
import { putItemsIn } from './sql-content.ts';
import { charsOf, indexTailWhenDue } from './sql-index-tail.ts';
import { appendEntries, type LogContext } from './sql-log.ts';
import type { JoinableLongTermRecords } from './sql-longterm-joined.ts';
import { deleteArtifactRow, upsertArtifact } from './sql-records.ts';
import { loadSession } from './sql-view.ts';

/** What rides on one append besides its messages. */
export interface AppendRiders {
  /** Artifacts of the session (an assembly record, a view's derived state). */
  artifacts: readonly ArtifactInput[];
  /** Ids of the session's artifacts to delete, before the artifacts are written (the oldest assembly records). @default [] */
  deleted?: readonly string[];
  /** Content items for the store's own content store. @default [] */
  content?: readonly RidingContent[];
  /** Long-term records of a long-term memory on the store's own records, run through `join`. @default [] */
  records?: readonly RidingRecord[];
  /**
   * Runs a record's write so that its calls on the store's long-term records join the transaction of `tx`;
   * without it no record is written here (their offerers record alone). @default undefined
   */
  join?: JoinableLongTermRecords['join'];
  /** Largest content item accepted, in UTF-8 bytes. @default the content store's limit (64 MiB) */
  maxContentBytes?: number | undefined;
  /** A conditional append's condition (`AppendOptions`): `CONFLICT`, nothing written, unless the session meets it. */
  condition?: AppendOptions | undefined;
}

/**
 * `HasAppendWithArtifacts` on the SQL layer: appends the prepared inputs, then deletes the artifacts named by
 * `deleted`, then upserts each artifact, then writes
 * the content items riding on the append (each unless its id is taken), then runs the long-term records riding on
 * it (their writes join the transaction), in one write transaction (one commit; a refused artifact rolls the
 * append back). The artifacts and the items are checked before the transaction starts. A record that throws
 * (or a COMMIT that fails once records ran: their writes can fail it) rolls the transaction back, and the append
 * commits again without the records (the log is the truth): their offerers see them unwritten and record alone.
 */
export async function appendWithArtifactsInOneTransaction(
  client: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedInput[],
  riders: AppendRiders,
): Promise<AppendedWithArtifacts> {
  const { artifacts, deleted = [], content = [], records = [], join, condition } = riders;
  checkDeletedArtifacts(deleted, 'appendWithArtifacts(deleted)', ctx.component);
  for (const artifact of artifacts) checkArtifact(artifact, ctx.component);
  for (const c of content) checkReplacement(c.batch, ctx.component, riders.maxContentBytes);
  // Set once the records start: a failure from then on (a record's, or the COMMIT's, which their writes can fail:
  // a deferred constraint, a full disk) is retried without them.
  let recordsRan = false;
  let settle: (() => void)[] = [];
  const attempt = (withRecords: boolean) =>
    client.transaction(async (tx) => {
      // A client may run this again (a transient conflict): only this run's outcome counts.
      recordsRan = false;
      settle = [];
      const entries = await appendEntries(tx, ctx, scope, sessionId, prepared, condition);
      // The full-text index's batch, when due, as a plain append runs it (an agent step appends here); noted
      // once this transaction commits.
      settle.push(
        await indexTailWhenDue(client, tx, entries.length, entries.length > 0 ? charsOf(prepared) : 0),
      );
      const written: Artifact[] = [];
      if (artifacts.length > 0 || deleted.length > 0) {
        const session = await loadSession(tx, scope, sessionId, ctx.component, true);
        for (const id of deleted) await deleteArtifactRow(tx, session.tenant, session.logId, id);
        for (const artifact of artifacts)
          written.push(await upsertArtifact(tx, ctx.component, session.tenant, session.logId, artifact));
      }
      for (const c of content) {
        const waiting = c.batch.filter((item) => c.waiting(item));
        if (waiting.length > 0) await putItemsIn(tx, ctx.component, c.scope, c.space, waiting);
      }
      if (withRecords && join)
        for (const r of records) {
          recordsRan = true;
          const done = await join(tx, () => r.write(entries));
          if (done) settle.push(done);
        }
      return { entries, artifacts: written };
    });
  let appended: AppendedWithArtifacts;
  try {
    appended = await attempt(records.length > 0);
  } catch (error) {
    if (!recordsRan) throw error;
    appended = await attempt(false);
  }
  for (const done of settle) done();
  return appended;
}

/** How a SQL store runs one operation (guards, initialization, error wrapping). */
export type SqlOperation = <T>(what: string, scope: Scope, fn: () => Promise<T>) => Promise<T>;

/** The SQL store's append with what rides on it: artifacts, and content items for its own content store. */
export type SqlAppendWithRiders = (
  scope: Scope,
  sessionId: string,
  inputs: Parameters<HasAppendWithArtifacts['appendWithArtifacts']>[2],
  artifacts: readonly ArtifactInput[],
  content?: readonly RidingContent[],
  records?: readonly RidingRecord[],
  deleted?: readonly string[],
  condition?: AppendOptions,
) => Promise<AppendedWithArtifacts>;

/**
 * The SQL store's `appendWithArtifacts`: checks the session id and the inputs, then appends and writes the
 * artifacts (and the content items and long-term records riding on the append, from `appendWithRider`) in one
 * transaction ({@link appendWithArtifactsInOneTransaction}; `join` runs the records in it). An `append` carrying
 * artifacts (`withArtifactsOnAppend`), content (an agent step's offloads, `withRide`) or a record (the last
 * step's) takes this path, alone, outside group commit.
 */
export function sqlAppendWithArtifacts(
  client: SqlClient,
  ctx: LogContext,
  op: SqlOperation,
  options: Pick<AppendRiders, 'maxContentBytes' | 'join'> = {},
): SqlAppendWithRiders {
  return (
    scope,
    sessionId,
    inputs,
    artifacts,
    content = [],
    records = [],
    deleted = [],
    condition = undefined,
  ) =>
    op('appendWithArtifacts', scope, () => {
      checkSessionId(sessionId, ctx.component);
      const prepared = prepareInputs(ctx, inputs);
      return appendWithArtifactsInOneTransaction(client, ctx, scope, sessionId, prepared, {
        artifacts,
        deleted,
        content,
        records,
        ...options,
        condition,
      });
    });
}

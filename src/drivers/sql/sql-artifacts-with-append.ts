import { checkReplacement } from '../../content/check-content.ts';
import type { RidingContent } from '../../content/riding-content-items.ts';
import type { Scope } from '../../core/scope.ts';
import type {
  AppendedWithArtifacts,
  ArtifactInput,
  HasAppendWithArtifacts,
} from '../../store/append-with-artifacts.ts';
import { type PreparedInput, prepareInputs } from '../../store/check-inputs.ts';
import { checkArtifact } from '../../store/check-values.ts';
import type { Artifact } from '../../store/memory-store.ts';
import { checkSessionId } from '../../store/store-helpers.ts';
import type { SqlClient } from './sql-client.ts';
import { putItemsIn } from './sql-content.ts';
import { appendEntries, type LogContext } from './sql-log.ts';
import { upsertArtifact } from './sql-records.ts';
import { loadSession } from './sql-view.ts';

/**
 * `HasAppendWithArtifacts` on the SQL layer: appends the prepared inputs, then upserts each artifact, then writes
 * the content items riding on the append (each unless its id is taken), in one write transaction (one commit; a
 * refused artifact rolls the append back). The artifacts and the items are checked before the transaction starts.
 */
export function appendWithArtifactsInOneTransaction(
  client: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedInput[],
  artifacts: readonly ArtifactInput[],
  content: readonly RidingContent[] = [],
  maxContentBytes?: number,
): Promise<AppendedWithArtifacts> {
  for (const artifact of artifacts) checkArtifact(artifact, ctx.component);
  for (const c of content) checkReplacement(c.batch, ctx.component, maxContentBytes);
  return client.transaction(async (tx) => {
    const entries = await appendEntries(tx, ctx, scope, sessionId, prepared);
    const written: Artifact[] = [];
    if (artifacts.length > 0) {
      const session = await loadSession(tx, scope, sessionId, ctx.component, true);
      for (const artifact of artifacts)
        written.push(await upsertArtifact(tx, ctx.component, session.tenant, session.logId, artifact));
    }
    for (const c of content) {
      const waiting = c.batch.filter((item) => c.waiting(item));
      if (waiting.length > 0) await putItemsIn(tx, ctx.component, c.scope, c.space, waiting);
    }
    return { entries, artifacts: written };
  });
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
) => Promise<AppendedWithArtifacts>;

/**
 * The SQL store's `appendWithArtifacts`: checks the session id and the inputs, then appends and writes the
 * artifacts (and the content items riding on the append, from `appendWithRider`) in one transaction
 * ({@link appendWithArtifactsInOneTransaction}). An `append` carrying artifacts (`withArtifactsOnAppend`) or
 * content (an agent step's offloads, `withRide`) takes this path, alone, outside group commit.
 */
export function sqlAppendWithArtifacts(
  client: SqlClient,
  ctx: LogContext,
  op: SqlOperation,
  maxContentBytes?: number,
): SqlAppendWithRiders {
  return (scope, sessionId, inputs, artifacts, content = []) =>
    op('appendWithArtifacts', scope, () => {
      checkSessionId(sessionId, ctx.component);
      const prepared = prepareInputs(ctx, inputs);
      return appendWithArtifactsInOneTransaction(
        client,
        ctx,
        scope,
        sessionId,
        prepared,
        artifacts,
        content,
        maxContentBytes,
      );
    });
}

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
import { appendEntries, type LogContext } from './sql-log.ts';
import { upsertArtifact } from './sql-records.ts';
import { loadSession } from './sql-view.ts';

/**
 * `HasAppendWithArtifacts` on the SQL layer: appends the prepared inputs, then upserts each artifact, in one
 * write transaction (one commit; a refused artifact rolls the append back). The artifacts are checked before the
 * transaction starts.
 */
export function appendWithArtifactsInOneTransaction(
  client: SqlClient,
  ctx: LogContext,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedInput[],
  artifacts: readonly ArtifactInput[],
): Promise<AppendedWithArtifacts> {
  for (const artifact of artifacts) checkArtifact(artifact, ctx.component);
  return client.transaction(async (tx) => {
    const entries = await appendEntries(tx, ctx, scope, sessionId, prepared);
    const written: Artifact[] = [];
    if (artifacts.length > 0) {
      const session = await loadSession(tx, scope, sessionId, ctx.component, true);
      for (const artifact of artifacts)
        written.push(await upsertArtifact(tx, ctx.component, session.tenant, session.logId, artifact));
    }
    return { entries, artifacts: written };
  });
}

/** How a SQL store runs one operation (guards, initialization, error wrapping). */
export type SqlOperation = <T>(what: string, scope: Scope, fn: () => Promise<T>) => Promise<T>;

/**
 * The SQL store's `appendWithArtifacts`: checks the session id and the inputs, then appends and writes the
 * artifacts in one transaction ({@link appendWithArtifactsInOneTransaction}). An `append` carrying artifacts
 * (`withArtifactsOnAppend`) takes this path, alone, outside group commit.
 */
export function sqlAppendWithArtifacts(
  client: SqlClient,
  ctx: LogContext,
  op: SqlOperation,
): HasAppendWithArtifacts['appendWithArtifacts'] {
  return (scope, sessionId, inputs, artifacts) =>
    op('appendWithArtifacts', scope, () => {
      checkSessionId(sessionId, ctx.component);
      const prepared = prepareInputs(ctx, inputs);
      return appendWithArtifactsInOneTransaction(client, ctx, scope, sessionId, prepared, artifacts);
    });
}

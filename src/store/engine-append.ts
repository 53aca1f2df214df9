import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { appendWithRider } from './append-riders.ts';
import {
  type AppendedWithArtifacts,
  checkDeletedArtifacts,
  type HasAppendWithArtifacts,
} from './append-with-artifacts.ts';
import { checkAppendCondition, checkAppendOptions, type InputLimits, prepareInputs } from './check-inputs.ts';
import { checkArtifact } from './check-values.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { AppendInput, AppendOptions, LogStats, MemoryStoreV1 } from './memory-store.ts';

/** What the engine's appends need from `createLogStore`. */
export interface EngineAppendContext {
  /** The driver. */
  driver: LogDriverV1;
  /** Its input limits (and error component). */
  limits: InputLimits;
  /** Runs a single driver step, beside other single steps. */
  step<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a multi-step change: in the driver's transaction, else alone among the handle's calls. */
  change<T>(work: (d: LogDriverV1) => Promise<T>): Promise<T>;
}

/** `createLogStore`'s appends, once the store's open state and the scope are checked. */
export interface EngineAppends {
  /** `MemoryStoreV1.append`. */
  append: MemoryStoreV1['append'];
  /** `HasAppendWithArtifacts.appendWithArtifacts`, conditional with `condition` (`AppendOptions`). */
  appendWithArtifacts(
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    artifacts: Parameters<HasAppendWithArtifacts['appendWithArtifacts']>[3],
    deleted: readonly string[],
    condition: AppendOptions | undefined,
  ): Promise<AppendedWithArtifacts>;
}

/** The stats of the session on `d`, or undefined when it does not exist (`SESSION_NOT_FOUND`). */
export async function statsIfAny(
  d: LogDriverV1,
  scope: Scope,
  sessionId: string,
): Promise<LogStats | undefined> {
  try {
    return await d.stats(scope, sessionId);
  } catch (error) {
    if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return undefined;
    throw error;
  }
}

/**
 * The engine's `append` and `appendWithArtifacts` on a driver. A conditional append (`ifLastSeq`, `ifLogId`) goes
 * to the driver's `append` when it sets `nativeConditionalAppend`; otherwise the inputs are checked, `stats` read
 * and the append made (`CONFLICT`, nothing stored, when `lastSeq` or `logId` differs, or with `ifLogId` the session
 * is missing) in one `change`: the driver's transaction, or alone among the handle's calls.
 */
export function engineAppends(ctx: EngineAppendContext): EngineAppends {
  const { driver, limits, step, change } = ctx;
  const { component } = limits;
  const native = driver.nativeConditionalAppend === true;
  const appendTo = async (
    d: LogDriverV1,
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    condition: AppendOptions | undefined,
  ): Promise<LogEntry[]> => {
    if (condition === undefined) return d.append(scope, sessionId, inputs);
    if (native) return d.append(scope, sessionId, inputs, condition);
    prepareInputs(limits, inputs); // a bad input is refused as the driver would, before any conflict
    checkAppendCondition(await statsIfAny(d, scope, sessionId), condition, sessionId, component);
    return d.append(scope, sessionId, inputs);
  };

  const appendWithArtifacts: EngineAppends['appendWithArtifacts'] = async (
    scope,
    sessionId,
    inputs,
    artifacts,
    deleted,
    condition,
  ) => {
    // Checked first: without a transaction, a refused artifact must not leave the messages appended.
    checkDeletedArtifacts(deleted, 'appendWithArtifacts(deleted)', component);
    for (const artifact of artifacts) checkArtifact(artifact, component);
    return change(async (d): Promise<AppendedWithArtifacts> => {
      const entries = await appendTo(d, scope, sessionId, inputs, condition);
      for (const id of deleted) await d.deleteArtifact(scope, sessionId, id);
      const written = [];
      for (const artifact of artifacts) written.push(await d.putArtifact(scope, sessionId, artifact));
      return { entries, artifacts: written };
    });
  };

  return {
    append(scope, sessionId, inputs, options) {
      const condition = checkAppendOptions(options, component);
      const riding = appendWithRider(scope, sessionId, (artifacts, _content, _records, deleted) =>
        appendWithArtifacts(scope, sessionId, inputs, artifacts, deleted, condition),
      );
      if (riding) return riding;
      if (condition !== undefined && !native)
        return change((d) => appendTo(d, scope, sessionId, inputs, condition));
      return step(() => appendTo(driver, scope, sessionId, inputs, condition));
    },
    appendWithArtifacts,
  };
}

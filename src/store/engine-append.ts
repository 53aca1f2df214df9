import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { appendWithRider } from './append-riders.ts';
import {
  type AppendedWithArtifacts,
  checkDeletedArtifacts,
  type HasAppendWithArtifacts,
} from './append-with-artifacts.ts';
import { checkAppendOptions, checkLastSeq, type InputLimits, prepareInputs } from './check-inputs.ts';
import { checkArtifact } from './check-values.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { AppendInput, MemoryStoreV1 } from './memory-store.ts';

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
  /** `HasAppendWithArtifacts.appendWithArtifacts`, conditional with `ifLastSeq`. */
  appendWithArtifacts(
    scope: Scope,
    sessionId: string,
    inputs: readonly AppendInput[],
    artifacts: Parameters<HasAppendWithArtifacts['appendWithArtifacts']>[3],
    deleted: readonly string[],
    ifLastSeq: number | undefined,
  ): Promise<AppendedWithArtifacts>;
}

/**
 * The engine's `append` and `appendWithArtifacts` on a driver. A conditional append (`ifLastSeq`) goes to the
 * driver's `append` when it sets `nativeConditionalAppend`; otherwise the inputs are checked, `stats` read and the
 * append made (`CONFLICT`, nothing stored, when `lastSeq` differs) in one `change`: the driver's transaction, or
 * alone among the handle's calls.
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
    ifLastSeq: number | undefined,
  ): Promise<LogEntry[]> => {
    if (ifLastSeq === undefined) return d.append(scope, sessionId, inputs);
    if (native) return d.append(scope, sessionId, inputs, { ifLastSeq });
    prepareInputs(limits, inputs); // a bad input is refused as the driver would, before any conflict
    checkLastSeq((await d.stats(scope, sessionId)).lastSeq, ifLastSeq, sessionId, component);
    return d.append(scope, sessionId, inputs);
  };

  const appendWithArtifacts: EngineAppends['appendWithArtifacts'] = async (
    scope,
    sessionId,
    inputs,
    artifacts,
    deleted,
    ifLastSeq,
  ) => {
    // Checked first: without a transaction, a refused artifact must not leave the messages appended.
    checkDeletedArtifacts(deleted, 'appendWithArtifacts(deleted)', component);
    for (const artifact of artifacts) checkArtifact(artifact, component);
    return change(async (d): Promise<AppendedWithArtifacts> => {
      const entries = await appendTo(d, scope, sessionId, inputs, ifLastSeq);
      for (const id of deleted) await d.deleteArtifact(scope, sessionId, id);
      const written = [];
      for (const artifact of artifacts) written.push(await d.putArtifact(scope, sessionId, artifact));
      return { entries, artifacts: written };
    });
  };

  return {
    append(scope, sessionId, inputs, options) {
      const ifLastSeq = checkAppendOptions(options, component);
      const riding = appendWithRider(scope, sessionId, (artifacts, _content, _records, deleted) =>
        appendWithArtifacts(scope, sessionId, inputs, artifacts, deleted, ifLastSeq),
      );
      if (riding) return riding;
      if (ifLastSeq !== undefined && !native)
        return change((d) => appendTo(d, scope, sessionId, inputs, ifLastSeq));
      return step(() => appendTo(driver, scope, sessionId, inputs, ifLastSeq));
    },
    appendWithArtifacts,
  };
}

import type { KeepOut, KeepOutOptions } from './long-term-memory-options.ts';
import type { LongTermFilter } from './long-term-query.ts';
import { type LongTermProvenance, longTermOrigins } from './long-term-record.ts';
import { isLongTermOrigin } from './provenance.ts';

/** What a long-term memory's `keepOut` option means for its writes and its recall. */
export interface KeepOutRules {
  /** Whether text of this provenance is kept out of `where` (`memory`: never stored; `recall`: never returned). */
  keptOut(provenance: LongTermProvenance, where: KeepOut): boolean;
  /** What recall leaves out, as a filter every store applies before ranking (so kept-out records take no result slot). */
  recallFilter: LongTermFilter;
}

/** The rules of a `keepOut` option (see `LongTermMemoryOptions.keepOut`). */
export function keepOutRules(keepOut: KeepOutOptions): KeepOutRules {
  return {
    keptOut: (p, where) =>
      (keepOut.toolDerived === where && p.toolDerived) ||
      (keepOut.agentRecorded === where && p.origin === 'agent'),
    recallFilter: {
      ...(keepOut.toolDerived ? { toolDerived: false } : {}),
      ...(keepOut.agentRecorded ? { origins: longTermOrigins.filter((o) => o !== 'agent') } : {}),
    },
  };
}

/**
 * A call's filter with what recall leaves out (`KeepOutRules.recallFilter`): both hold. The call's `origins` keep
 * only those recall allows, and a call asking for the tool-derived text recall leaves out (`toolDerived: true`)
 * finds nothing (no origin). A value of the wrong type is left as given, for the filter check to refuse. Before,
 * the recall filter's conditions replaced the call's: `origins: ['user']` found the app's records too, and a call
 * for what is kept out found everything else.
 */
export function withRecallFilter(filter: LongTermFilter | undefined, recall: LongTermFilter): LongTermFilter {
  const out: LongTermFilter = { ...filter, ...recall };
  const origins = filter?.origins;
  if (recall.origins && origins !== undefined) {
    const allowed = new Set(recall.origins);
    out.origins =
      Array.isArray(origins) && origins.every(isLongTermOrigin)
        ? origins.filter((o) => allowed.has(o))
        : origins;
  }
  const toolDerived = filter?.toolDerived;
  if (recall.toolDerived !== undefined && toolDerived !== undefined) {
    if (typeof toolDerived !== 'boolean') out.toolDerived = toolDerived;
    else if (toolDerived !== recall.toolDerived) out.origins = [];
  }
  return out;
}

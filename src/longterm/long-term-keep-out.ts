import type { KeepOut, KeepOutOptions } from './long-term-memory-options.ts';
import type { LongTermFilter } from './long-term-query.ts';
import { type LongTermProvenance, longTermOrigins } from './long-term-record.ts';

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

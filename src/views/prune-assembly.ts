import type { LogEntry } from '../core/message.ts';
import { type AssemblyPart, droppedRuns } from './assembly/build-assembly.ts';
import type { DroppedItems } from './assembly/context-assembly.ts';
import type { PrunedSelection } from './prune-units.ts';

/** What a view's `prune` option changed in a read: the stored entries of pruned messages, and the ones left out. */
export type PruneShot = Pick<PrunedSelection, 'changed' | 'removed'>;

/**
 * The assembly part of an entry as sent: when pruning changed it, the pruned message and its tokens against the
 * stored entry (so the assembly records what the rule removed); otherwise the entry as stored.
 */
export function sentPart(entry: LogEntry, prune: PruneShot | undefined, why: string): AssemblyPart {
  const stored = prune?.changed.get(entry.seq);
  if (!stored) return { message: entry.message, tokens: entry.tokens, entry, why };
  return {
    message: entry.message,
    tokens: entry.tokens,
    entry: stored,
    why,
    replaced: {
      rule: 'pruned',
      why: 'reasoning or tool calls left out by the prune option (the log keeps them)',
    },
  };
}

/** The messages the prune option left out because pruning emptied them, as dropped runs. */
export function prunedDropped(prune: PruneShot | undefined): DroppedItems[] {
  if (!prune || prune.removed.length === 0) return [];
  return droppedRuns(prune.removed, new Set(), 'pruned', 'left empty by the prune option, so not sent');
}

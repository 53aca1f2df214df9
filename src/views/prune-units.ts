import { loadAiSdk } from '../core/ai-sdk-module.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { type MessageUnit, newestLiveUnit, sendsWhole } from '../messages/units.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import type { PrunePlan, PruneRule } from './prune-options.ts';
import { keepPairsWhole } from './prune-pairs.ts';

/** A unit's entries as a view sends them after pruning (see {@link createUnitPruner}). */
export interface UnitPruner {
  /** The plan it applies. */
  readonly plan: PrunePlan;
  /** Settles once the AI SDK's `pruneMessages` is loaded (the root entry loads the SDK at first use): await it before {@link UnitPruner.prune}. */
  readonly ready: Promise<void>;
  /**
   * The unit's entries as the model gets them when `after` messages of the read follow the unit: entries whose
   * message lost parts carry the pruned message and its token count, entries left empty are left out (with
   * `emptyMessages: 'remove'`); the others are the stored entries themselves.
   */
  prune(unit: MessageUnit<LogEntry>, after: number): LogEntry[];
}

/** What a unit was pruned to, for a unit made of the same entries. */
interface Pruned {
  last: LogEntry;
  length: number;
  at: number;
  entries: LogEntry[];
}

/**
 * Creates the pruner of a view: the AI SDK's `pruneMessages` applied to one atomic unit at a time, its "last N
 * messages" shifted by the messages that follow the unit in the read, so pruning a read unit by unit gives what
 * `pruneMessages` gives for the whole read (a tool call, its results and approvals are in one unit). On top of
 * it, a tool call and every part that answers it (result, approval request and response) are kept or removed
 * together, whatever their tool names say. A unit's pruned form depends on the messages after it only within
 * the plan's `horizon`, so older units are pruned and counted once and reused while the unit is unchanged.
 */
export function createUnitPruner(plan: PrunePlan, counter: TokenCounter): UnitPruner {
  /** By a unit's first entry: its pruned forms, at most one per position within the horizon plus the settled one. */
  const cache = new WeakMap<LogEntry, Pruned[]>();
  let pruneMessages: Awaited<ReturnType<typeof loadAiSdk>>['pruneMessages'] | undefined;
  const ready = loadAiSdk().then((ai) => {
    pruneMessages = ai.pruneMessages;
  });
  ready.catch(() => undefined); // a read awaits it and gets the error
  const compute = (unit: MessageUnit<LogEntry>, at: number): LogEntry[] => {
    if (!pruneMessages) throw new Error('createUnitPruner: prune() before ready settled');
    const messages = unit.items.map((e) => e.message);
    const pruned = pruneMessages({
      messages,
      reasoning: plan.reasoning === 'before-last-message' && at > 0 ? 'all' : plan.reasoning,
      toolCalls: plan.rules.map((rule) => shifted(rule, at)),
      emptyMessages: 'keep',
    });
    const contents = keepPairsWhole(messages, pruned);
    const out: LogEntry[] = [];
    unit.items.forEach((entry, i) => {
      const content = contents[i]!;
      if (plan.emptyMessages === 'remove' && content.length === 0) return;
      if (content.length === entry.message.content.length) out.push(entry);
      else {
        const message = { ...entry.message, content } as MemoryMessage;
        out.push({ ...entry, message, tokens: counter.count(message) });
      }
    });
    return out;
  };
  return {
    plan,
    ready,
    prune(unit, after) {
      const first = unit.items[0];
      const last = unit.items[unit.items.length - 1];
      if (first === undefined || last === undefined) return [];
      const at = Math.min(after, plan.horizon);
      const known = (cache.get(first) ?? []).filter((p) => p.last === last && p.length === unit.items.length);
      const hit = known.find((p) => p.at === at);
      if (hit) return hit.entries;
      const entries = compute(unit, at);
      known.push({ last, length: unit.items.length, at, entries });
      cache.set(first, known);
      return entries;
    },
  };
}

/** A rule for one unit followed by `after` messages: the newest `keep` of the read reach `keep - after` into it. */
function shifted(
  rule: PruneRule,
  after: number,
): { type: 'all' | `before-last-${number}-messages`; tools?: string[] } {
  const keep = Math.max(0, rule.keep - after);
  return {
    type: keep === 0 ? 'all' : `before-last-${keep}-messages`,
    ...(rule.tools ? { tools: [...rule.tools] } : {}),
  };
}

/** Selected units as a view sends them: their non-system entries, pruned. */
export interface PrunedSelection {
  /** The non-system entries sent, in log order (pruned ones carry the pruned message and its tokens). */
  entries: LogEntry[];
  /** The stored entries of those whose message lost parts, by sequence number. */
  changed: Map<number, LogEntry>;
  /** Stored entries left out because pruning left them empty. */
  removed: LogEntry[];
}

/** The non-system entries of `units` (each followed by `after[i]` messages of the read) as sent, pruned by `pruner`. */
export function pruneSelection(
  pruner: UnitPruner | undefined,
  units: readonly MessageUnit<LogEntry>[],
  after: readonly number[],
): PrunedSelection {
  const selection: PrunedSelection = { entries: [], changed: new Map(), removed: [] };
  units.forEach((unit, i) => {
    const sent = pruner ? pruner.prune(unit, after[i] ?? 0) : unit.items;
    let j = 0;
    for (const stored of unit.items) {
      if (stored.message.role === 'system') {
        if (sent[j] === stored) j++;
        continue;
      }
      const entry = sent[j];
      if (entry?.seq !== stored.seq) {
        selection.removed.push(stored);
        continue;
      }
      j++;
      selection.entries.push(entry);
      if (entry !== stored) selection.changed.set(entry.seq, stored);
    }
  });
  return selection;
}

/** The non-system entries of one unit as sent (pruned when there is a pruner). */
export function sentItems(
  pruner: UnitPruner | undefined,
  unit: MessageUnit<LogEntry>,
  after: number,
): LogEntry[] {
  const items = pruner ? pruner.prune(unit, after) : unit.items;
  return items.some((e) => e.message.role === 'system')
    ? items.filter((e) => e.message.role !== 'system')
    : items;
}

/**
 * The sendable non-system units of `units` (a view's held units, oldest first), with how many messages the read
 * holds after each: system messages, the sendable units' messages, and the system messages inside unsendable ones.
 */
export function sendableUnits(units: readonly MessageUnit<LogEntry>[]): {
  units: MessageUnit<LogEntry>[];
  after: number[];
} {
  const picked: MessageUnit<LogEntry>[] = [];
  const after: number[] = [];
  let later = 0;
  const newest = newestLiveUnit(units);
  for (let i = units.length - 1; i >= 0; i--) {
    const unit = units[i]!;
    if (unit.kind !== 'system' && sendsWhole(units, i, newest)) {
      picked.push(unit);
      after.push(later);
      later += unit.items.length;
    } else later += unit.items.filter((e) => e.message.role === 'system').length;
  }
  return { units: picked.reverse(), after: after.reverse() };
}

import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';
import type { AssemblyItem, ContextSource } from '../views/assembly/context-assembly.ts';

/** An item present in both steps whose tokens, source or reason changed. */
export interface ChangedItem {
  /** The item as it was. */
  before: AssemblyItem;
  /** The item as it is. */
  after: AssemblyItem;
}

/** What changed from one step's context to the next. */
export interface StepDiff {
  /** Items of the later step the earlier one did not have. */
  added: AssemblyItem[];
  /** Items of the earlier step the later one no longer has. */
  removed: AssemblyItem[];
  /** Items in both whose tokens, source or reason changed. */
  changed: ChangedItem[];
  /** Tokens by source, later less earlier (sources of either step; 0 left out). */
  tokensDelta: Partial<Record<ContextSource, number>>;
}

/**
 * What identifies an item across steps: its log message, else its source and log range, else its source and
 * text (blocks that are not in the log: instructions, recall).
 */
export function itemKey(item: AssemblyItem): string {
  if (item.messageId !== undefined) return `m:${item.messageId}`;
  if (item.fromSeq !== undefined) return `r:${item.source}:${item.fromSeq}-${item.toSeq ?? item.fromSeq}`;
  return `t:${item.source}:${item.sent ?? item.preview ?? ''}`;
}

/** Items by key; a repeated key gets a counter so two equal blocks are two items. */
function keyed(items: readonly AssemblyItem[]): Map<string, AssemblyItem> {
  const out = new Map<string, AssemblyItem>();
  for (const item of items) {
    const base = itemKey(item);
    let key = base;
    for (let n = 2; out.has(key); n++) key = `${base}#${n}`;
    out.set(key, item);
  }
  return out;
}

/** The items added, removed and changed from `before` to `after`, and the tokens delta per source. */
export function diffSteps(before: AssemblyRecord, after: AssemblyRecord): StepDiff {
  const a = keyed(before.items);
  const b = keyed(after.items);
  const added: AssemblyItem[] = [];
  const changed: ChangedItem[] = [];
  for (const [key, item] of b) {
    const old = a.get(key);
    if (!old) added.push(item);
    else if (old.tokens !== item.tokens || old.source !== item.source || old.why !== item.why)
      changed.push({ before: old, after: item });
  }
  const removed = [...a].filter(([key]) => !b.has(key)).map(([, item]) => item);
  const tokensDelta: Partial<Record<ContextSource, number>> = {};
  const sources = new Set([
    ...Object.keys(before.bySource),
    ...Object.keys(after.bySource),
  ]) as Set<ContextSource>;
  for (const source of sources) {
    const delta = (after.bySource[source] ?? 0) - (before.bySource[source] ?? 0);
    if (delta !== 0) tokensDelta[source] = delta;
  }
  return { added, removed, changed, tokensDelta };
}

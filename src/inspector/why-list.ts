import type { AssemblyRecord } from '../views/assembly/assembly-records.ts';
import type { ContextSource, DroppedItems } from '../views/assembly/context-assembly.ts';

/** Items that are in for one reason: how many, their tokens, and the log range they span. */
export interface WhyIn {
  source: ContextSource;
  why: string;
  items: number;
  tokens: number;
  fromSeq?: number;
  toSeq?: number;
}

/** A step's reasons: why each group of items is in, and what was left out by which rule. */
export interface WhyList {
  /** Items grouped by source and reason, in the order they first appear. */
  in: WhyIn[];
  /** What the step left out, as recorded. */
  out: DroppedItems[];
}

/** The "why in / why out" list of a step. */
export function whyList(record: AssemblyRecord): WhyList {
  const groups = new Map<string, WhyIn>();
  for (const item of record.items) {
    const key = `${item.source}\u0000${item.why}`;
    let group = groups.get(key);
    if (!group) {
      group = { source: item.source, why: item.why, items: 0, tokens: 0 };
      groups.set(key, group);
    }
    group.items++;
    group.tokens += item.tokens;
    if (item.fromSeq !== undefined) group.fromSeq = Math.min(group.fromSeq ?? item.fromSeq, item.fromSeq);
    if (item.toSeq !== undefined) group.toSeq = Math.max(group.toSeq ?? item.toSeq, item.toSeq);
  }
  return { in: [...groups.values()], out: record.dropped };
}

import type { AgentInputItem } from '@openai/agents-core';
import type { LogEntry } from '../core/message.ts';
import { replacedIds, type SessionLog } from './session-log.ts';

/** An entry of the session's log with the items it stands for (one or more). */
export interface ItemEntry {
  entry: LogEntry;
  items: AgentInputItem[];
}

/**
 * The newest entries of the session's log that stand for `limit` items or more together (every one when undefined),
 * oldest first, as the session reads them. An entry standing for no item (a message written through engram's other
 * APIs with no content, or only empty text) is left out: it is no item, and stays in the log. So is an entry that a
 * newer entry's operation mark says it replaces (see `OperationMark.replaces`); such an entry is still live only when
 * a replacement (a `replace_suffix`, `popItem` splitting a message into its items) stored its new messages and was
 * cut short before deleting the old ones: the read deletes it, completing the replacement. A replaced entry is
 * always older than the mark naming it, so a page holding it holds the mark.
 */
export async function liveEntries(log: SessionLog, limit?: number): Promise<ItemEntry[]> {
  const { memory } = log;
  /** Newest first. */
  const kept: ItemEntry[] = [];
  let count = 0;
  const enough = () => limit !== undefined && count >= limit;
  const replaced = new Set<string>();
  const leftovers: string[] = [];
  for (let toSeq: number | undefined, size = 0; ; ) {
    // The entries still wanted, as each stands for one item or more; a page that fell short met entries standing for
    // none (or replaced ones), so the next one reads twice as many: a few pages read past many of them.
    const want = limit === undefined ? undefined : Math.max(limit - count, 2 * size);
    const page = await memory.entries(
      want === undefined
        ? {}
        : { direction: 'backward', limit: want, ...(toSeq === undefined ? {} : { toSeq }) },
    );
    for (let i = page.length - 1; i >= 0 && !enough(); i--) {
      const entry = page[i]!;
      if (replaced.has(entry.message.id)) leftovers.push(entry.message.id);
      else {
        const items = log.itemsOf(entry.message);
        if (items.length > 0) kept.push({ entry, items });
        count += items.length;
      }
      for (const id of replacedIds(entry.message)) replaced.add(id);
    }
    if (want === undefined || page.length < want || enough()) break;
    toSeq = page[0]!.seq - 1;
    size = want;
  }
  if (leftovers.length > 0) await memory.storage.deleteMessages(memory.scope, memory.sessionId, leftovers);
  return kept.reverse();
}

/**
 * Tombstones `entries` in one delete, after the older entries their operation marks say they replace that are still
 * live (a replacement cut short): with the marks gone those would read as live again. Returns how many of `entries`
 * were live, so of two writers deleting one entry only one counts it.
 */
export async function deleteEntries(log: SessionLog, entries: readonly LogEntry[]): Promise<number> {
  const { storage, scope, sessionId } = log.memory;
  const named = entries.flatMap((e) => replacedIds(e.message).map((id) => ({ id, before: e.seq })));
  const ids = (list: readonly { message: { id: string } }[]) => list.map((e) => e.message.id);
  if (named.length > 0) {
    const live = await storage.getMessages(scope, sessionId, [...new Set(named.map((n) => n.id))]);
    const older = live.filter((e) => named.some((n) => n.id === e.message.id && e.seq < n.before));
    if (older.length > 0) await storage.deleteMessages(scope, sessionId, ids(older));
  }
  return storage.deleteMessages(scope, sessionId, ids(entries));
}

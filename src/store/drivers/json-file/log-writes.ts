import { appendDurable, writeFileAtomic } from './files.ts';
import type { TenantCache } from './json-file-driver.ts';
import { addRow, deleteLine, entryLine, type SessionData, tombstone, visible } from './session-log.ts';
import { wrap } from './tenant-files.ts';

/** Appends complete lines to a session's messages file (durably) and records its new size. */
export async function appendLines(t: TenantCache, data: SessionData, text: string): Promise<void> {
  await t.files.ensureDir(data.record.scope);
  const path = t.files.logPath(data.record);
  data.logSize = await wrap(`cannot append to ${path}`, () => appendDurable(path, data.logSize, text));
}

/**
 * Tombstones live own rows and hides inherited entries with the given ids; returns how many were live. Forks
 * of `data` (among `sessions()`) that share one of those entries are materialized first (copy-on-delete).
 */
export async function deleteIds(
  t: TenantCache,
  data: SessionData,
  wanted: Set<string>,
  sessions: () => Promise<SessionData[]>,
): Promise<number> {
  const now = new Date();
  const rows = data.own.filter((r) => !r.deleted && wanted.has(r.entry.message.id));
  const at = data.record.forkedAtSeq ?? 0;
  const inherited = data.parent ? visible(data).filter((e) => e.seq <= at && wanted.has(e.message.id)) : [];
  const hidden = inherited.map((e) => e.message.id);
  if (rows.length + hidden.length === 0) return 0;
  let first = Number.POSITIVE_INFINITY;
  for (const e of [...rows.map((r) => r.entry), ...inherited]) first = Math.min(first, e.seq);
  await materializeForks(t, data, await sessions(), first);
  let text = '';
  for (const r of rows) text += deleteLine({ seq: r.entry.seq }, now);
  for (const id of hidden) text += deleteLine({ id }, now);
  await appendLines(t, data, text);
  for (const r of rows) tombstone(data, r);
  for (const id of hidden) data.hiddenInherited.add(id);
  data.record.updatedAt = now;
  return rows.length + hidden.length;
}

/**
 * Gives each fork of `parent` (among `sessions`) forked at or after `fromSeq` its own copy of the shared prefix,
 * so deleting `parent` or some of its entries changes nothing the fork sees: the fork's log is rewritten
 * atomically with the inherited entries first, then its document drops the parent link and keeps the fork
 * point as `seqFloor`. The fork's own forks read through it and need nothing.
 */
export async function materializeForks(
  t: TenantCache,
  parent: SessionData,
  sessions: SessionData[],
  fromSeq = 0,
): Promise<void> {
  for (const child of sessions) {
    if (child.parent !== parent || (child.record.forkedAtSeq ?? 0) < fromSeq) continue;
    const at = child.record.forkedAtSeq ?? 0;
    const inherited = visible(child).filter((e) => e.seq <= at);
    const now = new Date();
    let text = '';
    for (const e of inherited) text += entryLine(e, now);
    for (const row of child.own) {
      text += entryLine(row.entry, now);
      if (row.deleted) text += deleteLine({ seq: row.entry.seq }, now);
    }
    const path = t.files.logPath(child.record);
    await wrap(`cannot rewrite ${path}`, () => writeFileAtomic(path, text));
    const own = child.own;
    Object.assign(child, { own: [], byId: new Map(), liveCount: 0, liveTokens: 0, parent: undefined });
    child.hiddenInherited.clear();
    for (const e of inherited) addRow(child, e);
    for (const row of own) {
      addRow(child, row.entry);
      if (row.deleted) tombstone(child, child.own[child.own.length - 1]!);
    }
    child.logSize = Buffer.byteLength(text);
    child.seqFloor = Math.max(child.seqFloor, at);
    delete child.record.parentId;
    delete child.record.forkedAtSeq;
    await t.files.saveDocument(child);
  }
}

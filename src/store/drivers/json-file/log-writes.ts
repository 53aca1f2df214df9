import type { LogEntry } from '../../../core/message.ts';
import { appendDurable, writeFileAtomic } from './files.ts';
import type { TenantCache } from './json-file-driver.ts';
import {
  addRow,
  deleteLine,
  entryLine,
  type Row,
  type SessionData,
  tombstone,
  visible,
} from './session-log.ts';
import { wrap } from './tenant-files.ts';

/** Appends complete lines to a session's messages file (durably) and records its new size. */
export async function appendLines(t: TenantCache, data: SessionData, text: string): Promise<void> {
  await t.files.ensureDir();
  const path = t.files.logPath(data.record.id);
  data.logSize = await wrap(`cannot append to ${path}`, () => appendDurable(path, data.logSize, text));
}

/** What removing some ids from a session's live log touches: live own rows, and live inherited ids to hide. */
interface Removal {
  rows: Row[];
  hidden: string[];
}

/**
 * The live own rows and inherited ids of `data` among `wanted`; forks of `data` (among `sessions()`) that share
 * one of those entries are materialized first (copy-on-delete), so they keep seeing them.
 */
async function planRemoval(
  t: TenantCache,
  data: SessionData,
  wanted: ReadonlySet<string>,
  sessions: () => Promise<SessionData[]>,
): Promise<Removal> {
  const rows = data.own.filter((r) => !r.deleted && wanted.has(r.entry.message.id));
  const at = data.record.forkedAtSeq ?? 0;
  const inherited = data.parent ? visible(data).filter((e) => e.seq <= at && wanted.has(e.message.id)) : [];
  const first = Math.min(...rows.map((r) => r.entry.seq), ...inherited.map((e) => e.seq));
  if (Number.isFinite(first)) await materializeForks(t, data, await sessions(), first);
  return { rows, hidden: inherited.map((e) => e.message.id) };
}

/** Applies a written removal to the cached session. */
function applyRemoval(data: SessionData, { rows, hidden }: Removal, now: Date): void {
  for (const r of rows) tombstone(data, r);
  for (const id of hidden) data.hiddenInherited.add(id);
  data.record.updatedAt = now;
}

/** Tombstones live own rows and hides inherited entries with the given ids; returns how many were live. */
export async function deleteIds(
  t: TenantCache,
  data: SessionData,
  wanted: Set<string>,
  sessions: () => Promise<SessionData[]>,
): Promise<number> {
  const now = new Date();
  const removal = await planRemoval(t, data, wanted, sessions);
  const { rows, hidden } = removal;
  if (rows.length + hidden.length === 0) return 0;
  let text = '';
  for (const r of rows) text += deleteLine({ seq: r.entry.seq }, now);
  for (const id of hidden) text += deleteLine({ id }, now);
  await appendLines(t, data, text);
  applyRemoval(data, removal, now);
  return rows.length + hidden.length;
}

/**
 * Replaces a session's live log in one atomic file rewrite (temp file, fsync, rename), so a crash leaves the old
 * log or the new one: every live entry with an id in `remove` is tombstoned (own rows) or hidden (inherited
 * ones), then `added` (entries numbered after `lastSeq`) are appended. Forks sharing a removed entry are
 * materialized first, as in {@link deleteIds}.
 */
export async function replaceLog(
  t: TenantCache,
  data: SessionData,
  remove: ReadonlySet<string>,
  added: readonly LogEntry[],
  sessions: () => Promise<SessionData[]>,
): Promise<void> {
  const now = new Date();
  const removal = await planRemoval(t, data, remove, sessions);
  if (removal.rows.length + removal.hidden.length + added.length === 0) return;
  const removed = new Set(removal.rows);
  let text = '';
  for (const row of data.own) {
    text += entryLine(row.entry, now);
    if (row.deleted || removed.has(row)) text += deleteLine({ seq: row.entry.seq }, now);
  }
  for (const id of new Set([...data.hiddenInherited, ...removal.hidden])) text += deleteLine({ id }, now);
  for (const entry of added) text += entryLine(entry, now);
  await t.files.ensureDir();
  const path = t.files.logPath(data.record.id);
  await wrap(`cannot rewrite ${path}`, () => writeFileAtomic(path, text));
  data.logSize = Buffer.byteLength(text);
  applyRemoval(data, removal, now);
  for (const entry of added) addRow(data, entry);
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
    const path = t.files.logPath(child.record.id);
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

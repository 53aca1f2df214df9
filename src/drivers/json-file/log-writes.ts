import type { LogEntry } from '../../core/message.ts';
import { appendRow, applyDeletion, detachFork, forksSharing, planDeletion } from '../../store/log-index.ts';
import { readInherited } from '../../store/log-index-reads.ts';
import { appendDurable, writeFileAtomic, writeText } from './files.ts';
import { deleteLine, entryLine, type SessionData } from './session-log.ts';
import type { TenantCache } from './tenant-cache.ts';
import { wrap } from './tenant-files.ts';

/**
 * Appends the lines of one write to a session's messages file (durably, marked as one write: `writeText`) and
 * records its new size.
 */
export async function appendLines(
  t: TenantCache,
  data: SessionData,
  lines: readonly string[],
): Promise<void> {
  await t.files.ensureDir(data.record.scope);
  const path = t.files.logPath(data.record);
  const text = writeText(lines);
  data.logSize = await wrap(`cannot append to ${path}`, () => appendDurable(path, data.logSize, text));
}

/**
 * Tombstones live own rows and hides inherited entries with the given ids; returns how many were live. Forks
 * of `data` that share one of those entries are materialized first (copy-on-delete); `loadAll` loads every
 * session of the tenant, so that `data`'s forks are all known.
 */
export async function deleteIds(
  t: TenantCache,
  data: SessionData,
  ids: Iterable<string>,
  loadAll: () => Promise<unknown>,
): Promise<number> {
  const deletion = planDeletion(data.log, ids);
  if (deletion.count === 0) return 0;
  await loadAll();
  await materializeForks(t, data, deletion.fromSeq);
  const now = new Date();
  await appendLines(t, data, [
    ...deletion.rows.map((r) => deleteLine({ seq: r.entry.seq }, now)),
    ...deletion.inherited.map((e) => deleteLine({ id: e.message.id }, now)),
  ]);
  applyDeletion(data.log, deletion);
  data.record.updatedAt = now;
  return deletion.count;
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
  remove: Iterable<string>,
  added: readonly LogEntry[],
  loadAll: () => Promise<unknown>,
): Promise<void> {
  const deletion = planDeletion(data.log, remove);
  if (deletion.count + added.length === 0) return;
  if (deletion.count > 0) {
    await loadAll();
    await materializeForks(t, data, deletion.fromSeq);
  }
  const now = new Date();
  const gone = new Set(deletion.rows);
  // The whole log as it will be: hides first (as materializeForks writes them), own rows with their tombstones,
  // then the new entries.
  let text = '';
  for (const id of new Set([...data.log.hidden, ...deletion.inherited.map((e) => e.message.id)]))
    text += deleteLine({ id }, now);
  for (const row of data.log.rows) {
    text += entryLine(row.entry, now);
    if (row.deleted || gone.has(row)) text += deleteLine({ seq: row.entry.seq }, now);
  }
  for (const entry of added) text += entryLine(entry, now);
  await t.files.ensureDir(data.record.scope);
  const path = t.files.logPath(data.record);
  await wrap(`cannot rewrite ${path}`, () => writeFileAtomic(path, text));
  data.logSize = Buffer.byteLength(text);
  applyDeletion(data.log, deletion);
  for (const entry of added) appendRow(data.log, entry);
  data.record.updatedAt = now;
}

/**
 * Gives each fork of `parent` forked at or after `fromSeq` its own copy of the shared prefix, so deleting
 * `parent` or some of its entries changes nothing the fork sees: the fork's log is rewritten atomically with
 * its hides and the inherited entries first, then its document drops the parent link and keeps the fork point
 * as `seqFloor`. The fork's own forks read through it and need nothing. Every session of the tenant must be
 * loaded (so `parent`'s forks are all linked).
 */
export async function materializeForks(t: TenantCache, parent: SessionData, fromSeq = 0): Promise<void> {
  for (const fork of forksSharing(parent.log, fromSeq)) {
    const child = t.sessions.get(fork.id)!;
    const at = fork.forkedAtSeq ?? 0;
    const inherited = readInherited(fork);
    const now = new Date();
    // The hides first: a crash before the document below is rewritten leaves a fork whose log holds no
    // inherited entry when it inherits nothing live; on reload it links to its parent again, with these hides.
    let text = '';
    for (const id of fork.hidden) text += deleteLine({ id }, now);
    for (const e of inherited) text += entryLine(e, now);
    for (const row of fork.rows) {
      text += entryLine(row.entry, now);
      if (row.deleted) text += deleteLine({ seq: row.entry.seq }, now);
    }
    const path = t.files.logPath(child.record);
    await wrap(`cannot rewrite ${path}`, () => writeFileAtomic(path, text));
    detachFork(fork, inherited);
    child.logSize = Buffer.byteLength(text);
    child.seqFloor = Math.max(child.seqFloor, at);
    delete child.record.parentId;
    delete child.record.forkedAtSeq;
    await t.files.saveDocument(child);
  }
}

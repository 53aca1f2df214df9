import type { JSONValue } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { SessionRecord } from './memory-store.ts';
import { stateKeySession } from './state-scope.ts';

/**
 * Where `createLogStore` keeps the fork links of a driver without native forks: in the session state key
 * `session:<id>:engram.fork` (so it goes with the session), `{ parentId?, forkedAtSeq?, forks? }`: the session's
 * own link to the parent it was copied from, and the forks copied from it with their fork points. The name is
 * reserved on such stores: a caller's `putState` / `getState` / `deleteState` of it is `INVALID_ARGUMENT`.
 */
export const forkLinkName = 'engram.fork';

/** The state key of a session's fork link. */
export function forkLinkKey(sessionId: string): string {
  return `session:${sessionId}:${forkLinkName}`;
}

/** Whether a (checked) state key is a session's reserved fork link. */
export function isForkLinkKey(key: string): boolean {
  return stateKeySession(key) !== undefined && key.slice(key.lastIndexOf(':') + 1) === forkLinkName;
}

/** A fork made from a session: its id (same owner) and the parent's last shared seq. */
export interface ForkRef {
  id: string;
  atSeq: number;
}

/** A session's fork links, as kept in its reserved state key. */
export interface ForkLink {
  /** The session it was forked from, while linked. */
  parentId?: string;
  /** The parent's last shared seq, while linked. */
  forkedAtSeq?: number;
  /** The forks made from it that are still linked to it. */
  forks: ForkRef[];
}

const corrupt = (sessionId: string, component: string) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component,
    message: `the fork link of session "${sessionId}" (state ${forkLinkName}) is not one the engine wrote`,
  });

/** Whether a JSON value is an object (not null, not an array). */
const isObject = (value: JSONValue | undefined): value is Readonly<Record<string, JSONValue | undefined>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a stored link back, refusing anything the engine did not write (`STORE_ERROR`). */
function parseLink(value: JSONValue | undefined, sessionId: string, component: string): ForkLink {
  if (value === undefined) return { forks: [] };
  if (!isObject(value)) throw corrupt(sessionId, component);
  const { parentId, forkedAtSeq, forks = [] } = value;
  const linked = typeof parentId === 'string' && typeof forkedAtSeq === 'number';
  if (!linked && (parentId !== undefined || forkedAtSeq !== undefined)) throw corrupt(sessionId, component);
  if (!Array.isArray(forks)) throw corrupt(sessionId, component);
  const refs = forks.map((ref): ForkRef => {
    if (!isObject(ref) || typeof ref.id !== 'string' || typeof ref.atSeq !== 'number')
      throw corrupt(sessionId, component);
    return { id: ref.id, atSeq: ref.atSeq };
  });
  return linked ? { parentId, forkedAtSeq, forks: refs } : { forks: refs };
}

/** The fork link of the session `sessionId` owned by `scope` (no link, and no forks, when it has none or is missing). */
export async function readForkLink(
  d: LogDriverV1,
  scope: Scope,
  sessionId: string,
  component: string,
): Promise<ForkLink> {
  return parseLink(await d.getState(scope, forkLinkKey(sessionId)), sessionId, component);
}

/** Writes a session's fork link; an empty one is deleted, so a session never forked keeps no state. */
async function writeForkLink(d: LogDriverV1, scope: Scope, sessionId: string, link: ForkLink): Promise<void> {
  const key = forkLinkKey(sessionId);
  if (link.parentId === undefined && link.forks.length === 0) return d.deleteState(scope, key);
  const forks = link.forks.map((f) => ({ id: f.id, atSeq: f.atSeq }));
  const own =
    link.parentId === undefined ? {} : { parentId: link.parentId, forkedAtSeq: link.forkedAtSeq ?? 0 };
  await d.putState(scope, key, { ...own, ...(forks.length > 0 ? { forks } : {}) });
}

/** A session record as `MemoryStoreV1` reports it: the driver's, with the engine's fork link. */
export async function withForkLink(
  d: LogDriverV1,
  record: SessionRecord,
  component: string,
): Promise<SessionRecord> {
  const link = await readForkLink(d, record.scope, record.id, component);
  if (link.parentId === undefined) return record;
  return { ...record, parentId: link.parentId, forkedAtSeq: link.forkedAtSeq ?? 0 };
}

/** Links a fork just copied from `parentId` at `atSeq`: the fork's own link, and its place in the parent's forks. */
export async function recordFork(
  d: LogDriverV1,
  scope: Scope,
  fork: ForkRef,
  parentId: string,
  component: string,
): Promise<void> {
  const parent = await readForkLink(d, scope, parentId, component);
  const forks = [...parent.forks.filter((f) => f.id !== fork.id), fork];
  await writeForkLink(d, scope, parentId, { ...parent, forks });
  await writeForkLink(d, scope, fork.id, { parentId, forkedAtSeq: fork.atSeq, forks: [] });
}

/**
 * Copy-on-delete, as the built-in drivers report it: the forks of `parentId` (whose link is `link`) forked at
 * or after `fromSeq` shared an entry that just went, so they stop naming it as their parent (their entries were
 * copied when they were made, so what they read does not change). A fork whose link no longer names this
 * parent (a leftover of a crash without a transaction) is left alone.
 */
export async function detachForks(
  d: LogDriverV1,
  scope: Scope,
  parentId: string,
  link: ForkLink,
  fromSeq: number,
  component: string,
): Promise<void> {
  const going = link.forks.filter((f) => f.atSeq >= fromSeq);
  if (going.length === 0) return;
  for (const fork of going) {
    const child = await readForkLink(d, scope, fork.id, component);
    if (child.parentId !== parentId || child.forkedAtSeq !== fork.atSeq) continue;
    await writeForkLink(d, scope, fork.id, { forks: child.forks });
  }
  await writeForkLink(d, scope, parentId, { ...link, forks: link.forks.filter((f) => f.atSeq < fromSeq) });
}

/**
 * Before a session is deleted: its forks stop naming it, and it leaves its own parent's forks. (Its own link
 * goes with its state when the driver deletes it.)
 */
export async function unlinkSession(
  d: LogDriverV1,
  scope: Scope,
  sessionId: string,
  component: string,
): Promise<void> {
  const link = await readForkLink(d, scope, sessionId, component);
  await detachForks(d, scope, sessionId, link, 0, component);
  if (link.parentId === undefined) return;
  const parent = await readForkLink(d, scope, link.parentId, component);
  const forks = parent.forks.filter((f) => f.id !== sessionId);
  if (forks.length < parent.forks.length) await writeForkLink(d, scope, link.parentId, { ...parent, forks });
}

/** The seq of the first entry of `before` (a live log, oldest first) that is not in `after`, if any. */
export function firstGone(before: readonly LogEntry[], after: readonly LogEntry[]): number | undefined {
  const kept = new Set(after.map((e) => e.seq));
  return before.find((e) => !kept.has(e.seq))?.seq;
}

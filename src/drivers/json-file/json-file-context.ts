import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../../core/scope.ts';
import { createSerialQueue } from '../../core/serial-queue.ts';
import { linkFork } from '../../store/log-index.ts';
import { checkSessionId, sessionNotFound } from '../../store/store-helpers.ts';
import { acquireFolderLock, type FolderLock } from './folder-lock.ts';
import { upgradeLayout } from './layout-upgrade.ts';
import { cacheKey, type SessionData } from './session-log.ts';
import type { TenantCache } from './tenant-cache.ts';
import { TenantFiles } from './tenant-files.ts';

/** The error component of the json-file store. */
export const component = 'json-file';

/** What every part of the json-file store works through: one queue, the lock, and the session cache. */
export interface JsonFileContext {
  /** Runs `fn` alone (operations never interleave), after checking the store and the scope, holding the lock. */
  op<T>(scope: Scope, fn: (t: TenantCache) => Promise<T>): Promise<T>;
  /** The session `id` owned by exactly `owner`, loaded once (with its parent, for a fork). */
  load(t: TenantCache, owner: Scope, id: string): Promise<SessionData | undefined>;
  /** The session `id` owned by exactly `scope`, or `SESSION_NOT_FOUND`. */
  session(t: TenantCache, scope: Scope, id: string): Promise<SessionData>;
  /** Every session of the tenant, loaded. */
  all(t: TenantCache): Promise<SessionData[]>;
  /** Whether `close` was called. */
  isClosed(): boolean;
  /** Waits for the queue, then releases the lock; later operations throw `STORE_CLOSED`. */
  close(): Promise<void>;
}

/**
 * The json-file store's shared machinery: every operation (log, content, long-term journal) runs through one
 * queue, takes the directory's lock on first use (`acquireFolderLock`) and upgrades an older layout once
 * (`upgradeLayout`); sessions load lazily per tenant and stay cached (a fork linked to its loaded parent).
 */
export function createJsonFileContext(directory: string): JsonFileContext {
  const tenants = new Map<string, TenantCache>();
  let closed = false;
  const queue = createSerialQueue();
  let upgraded = false;
  let lock: FolderLock | undefined;

  const tenant = (name: string): TenantCache => {
    let t = tenants.get(name);
    if (!t) {
      t = {
        tenant: name,
        files: new TenantFiles(directory, name),
        sessions: new Map(),
        listed: false,
        states: undefined,
      };
      tenants.set(name, t);
    }
    return t;
  };

  const load = async (t: TenantCache, owner: Scope, id: string): Promise<SessionData | undefined> => {
    const key = cacheKey({ scope: owner, id });
    const cached = t.sessions.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const data = await t.files.loadSession({ scope: owner, id });
    if (data?.record.parentId !== undefined) {
      const at = data.record.forkedAtSeq ?? 0;
      const parent = await load(t, data.parentOwner ?? data.record.scope, data.record.parentId);
      // A fork whose log already holds the shared prefix (a crash while its parent was deleted) stands alone.
      const holdsPrefix = (data.log.rows[0]?.entry.seq ?? Number.POSITIVE_INFINITY) <= at;
      if (parent && !holdsPrefix) linkFork(data.log, parent.log, at);
      else {
        data.seqFloor = Math.max(data.seqFloor, at);
        delete data.record.parentId;
        delete data.record.forkedAtSeq;
      }
    }
    // Hides matter to a linked fork only (a materialized fork's log keeps them for a crash before its document).
    if (data && !data.log.parent) data.log.hidden.clear();
    t.sessions.set(key, data ?? null);
    return data;
  };

  return {
    op(scope, fn) {
      const run = async () => {
        if (closed) throw new MemoryError({ code: 'STORE_CLOSED', component, message: 'store is closed' });
        checkScope(scope, component);
        lock ??= await acquireFolderLock(directory, component);
        if (!upgraded) {
          await upgradeLayout(directory);
          upgraded = true;
        }
        return fn(tenant(scope.tenant));
      };
      return queue.run(run);
    },
    load,
    async session(t, scope, id) {
      checkSessionId(id, component);
      const data = await load(t, scope, id);
      if (!data) throw sessionNotFound(id, component);
      return data;
    },
    async all(t) {
      if (!t.listed) {
        for (const ref of await t.files.sessionRefs()) await load(t, ref.scope, ref.id);
        t.listed = true;
      }
      return [...t.sessions.values()].filter((d): d is SessionData => d !== null);
    },
    isClosed: () => closed,
    async close() {
      await queue.run(async () => {});
      closed = true;
      await lock?.release();
      lock = undefined;
    },
  };
}

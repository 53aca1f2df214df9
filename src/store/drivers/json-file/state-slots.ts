import type { JSONValue } from 'ai';
import type { Scope } from '../../../core/scope.ts';
import {
  sameStateOwner,
  sessionComponentsName,
  stateKeySessionIds,
  stateOwnerKey,
} from '../../state-scope.ts';
import { sessionNotFound, visibleToScope } from '../../store-helpers.ts';
import type { TenantCache } from './json-file-driver.ts';
import { artifactsComponent, recordComponent, type SessionData } from './session-log.ts';

/** A tenant's `_state.json` values: by owner (`<user>\u0000<agent>`, see `stateOwnerKey`), then by key. */
export type TenantStates = Record<string, Record<string, JSONValue>>;

/** Where a state key lives: in a session document's components, or in the tenant's `_state.json`. */
export interface StateSlots {
  /** Writes the state blob owned by exactly `scope`. */
  put(t: TenantCache, scope: Scope, key: string, value: JSONValue): Promise<void>;
  /** Reads the state blob owned by exactly `scope`. */
  get(t: TenantCache, scope: Scope, key: string): Promise<JSONValue | undefined>;
  /** Deletes the state blob owned by exactly `scope`. */
  delete(t: TenantCache, scope: Scope, key: string): Promise<void>;
  /** Forgets every owner's keys `session:<id>:…` of a deleted session (call with every session loaded). */
  dropSession(t: TenantCache, sessionId: string): Promise<void>;
}

/** Where a key of one caller lives, after the session check. */
interface Target {
  /** The session document holding it as `<name>`, when the caller owns the session exactly. */
  doc?: { data: SessionData; name: string };
  /** The session document as a whole (the key names `engram.components`), when the caller owns the session exactly. */
  whole?: SessionData;
}

/**
 * State keys `session:<session id>:<component>` written by the session's own scope are stored as `<component>`
 * in that session's document (seed 002's layout), so they go with it; every other value (other owners, other
 * keys, component names starting with `engram.`) goes to the tenant's `_state.json`, under its owner. The key
 * `session:<id>:engram.components` (`sessionComponentsKey`, what SessionManager saves) is the document as a
 * whole: a value shaped `{ sessionId: <id>, components: { <name>: state, … }, timestamp: string }` (at least one
 * component, no reserved `engram.` name) becomes the document's components and timestamp in one atomic rewrite,
 * replacing the components it held; reading it gives them all back in that shape (undefined when there are
 * none); deleting it removes them all. Any other value under that key goes to `_state.json` and is read from
 * there first. A
 * `session:<id>:…` key needs a session visible to the caller: else `put` throws `SESSION_NOT_FOUND`, `get`
 * finds nothing and `delete` does nothing. A session document that cannot be read surfaces as `STORE_ERROR`.
 */
export function createStateSlots(deps: {
  load(t: TenantCache, id: string): Promise<SessionData | undefined>;
  component: string;
}): StateSlots {
  /** The key's target, or undefined when it names no session the scope can see. */
  const locate = async (t: TenantCache, scope: Scope, key: string): Promise<Target | undefined> => {
    const ids = stateKeySessionIds(key);
    if (ids.length === 0) return {};
    let target: Target | undefined;
    for (const id of ids) {
      const data = await deps.load(t, id);
      if (!data || !visibleToScope(data.record.scope, scope)) continue;
      target ??= {};
      const name = key.slice(8 + id.length + 1);
      if (target.doc || target.whole || !sameStateOwner(data.record.scope, scope)) continue;
      if (name === sessionComponentsName) target.whole = data;
      else if (documentName(name)) target.doc = { data, name };
    }
    return target;
  };
  const states = async (t: TenantCache) => {
    t.states ??= await t.files.readStates();
    return t.states;
  };
  /** Replaces one owner's values in `_state.json`. */
  const writeOwner = async (t: TenantCache, owner: string, values: Record<string, JSONValue>) => {
    const { [owner]: _, ...others } = await states(t);
    const next = Object.keys(values).length > 0 ? { ...others, [owner]: values } : others;
    await t.files.writeStates(t.tenant, next);
    t.states = next;
  };
  /** Rewrites a session document with new components, restoring the old ones when the write fails. */
  const saveComponents = async (
    t: TenantCache,
    data: SessionData,
    components: Record<string, JSONValue>,
    timestamp = new Date().toISOString(),
  ) => {
    const previous = { components: data.components, timestamp: data.timestamp };
    Object.assign(data, { components, timestamp });
    try {
      await t.files.saveDocument(data);
    } catch (error) {
      Object.assign(data, previous);
      throw error;
    }
  };
  /** Removes the caller's `_state.json` value under `key`, if any. */
  const dropOwned = async (t: TenantCache, scope: Scope, key: string) => {
    const owner = stateOwnerKey(scope);
    const mine = (await states(t))[owner] ?? {};
    if (!Object.hasOwn(mine, key)) return;
    const { [key]: _, ...rest } = mine;
    await writeOwner(t, owner, rest);
  };

  return {
    async put(t, scope, key, value) {
      const target = await locate(t, scope, key);
      if (!target) throw sessionNotFound(stateKeySessionIds(key)[0]!, deps.component);
      const whole = target.whole;
      const document = whole && componentDocument(value, whole.record.id);
      if (whole && document) {
        await saveComponents(t, whole, structuredClone(document.components), document.timestamp);
      } else if (target.doc) {
        const { data, name } = target.doc;
        await saveComponents(t, data, { ...data.components, [name]: structuredClone(value) });
      } else {
        const owner = stateOwnerKey(scope);
        const mine = (await states(t))[owner] ?? {};
        await writeOwner(t, owner, { ...mine, [key]: structuredClone(value) });
        return;
      }
      await dropOwned(t, scope, key);
    },

    async get(t, scope, key) {
      const target = await locate(t, scope, key);
      if (!target) return undefined;
      if (target.doc && Object.hasOwn(target.doc.data.components, target.doc.name)) {
        return structuredClone(target.doc.data.components[target.doc.name]);
      }
      const mine = (await states(t))[stateOwnerKey(scope)] ?? {};
      if (Object.hasOwn(mine, key)) return structuredClone(mine[key]);
      const data = target.whole;
      if (!data || Object.keys(data.components).length === 0) return undefined;
      return {
        sessionId: data.record.id,
        components: structuredClone(data.components),
        timestamp: data.timestamp,
      };
    },

    async delete(t, scope, key) {
      const target = await locate(t, scope, key);
      if (!target) return;
      if (target.doc && Object.hasOwn(target.doc.data.components, target.doc.name)) {
        const { data, name } = target.doc;
        const { [name]: _, ...rest } = data.components;
        await saveComponents(t, data, rest);
      }
      if (target.whole && Object.keys(target.whole.components).length > 0) {
        await saveComponents(t, target.whole, {});
      }
      await dropOwned(t, scope, key);
    },

    async dropSession(t, sessionId) {
      const prefix = `session:${sessionId}:`;
      // Ids may contain `:`, so another session's document can hold a key with this prefix (`a` holds `session:a:b:c`).
      for (const data of t.sessions.values()) {
        if (!data || data.record.id === sessionId) continue;
        const all = Object.entries(data.components);
        const kept = all.filter(([n]) => !`session:${data.record.id}:${n}`.startsWith(prefix));
        if (kept.length < all.length) await saveComponents(t, data, Object.fromEntries(kept));
      }
      const current = await states(t);
      let changed = false;
      const next: TenantStates = {};
      for (const [owner, values] of Object.entries(current)) {
        const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !k.startsWith(prefix)));
        changed ||= Object.keys(rest).length !== Object.keys(values).length;
        if (Object.keys(rest).length > 0) next[owner] = rest;
      }
      if (!changed) return;
      await t.files.writeStates(t.tenant, next);
      t.states = next;
    },
  };
}

/** Whether a component name may live in a session document (not empty, not reserved by the driver). */
function documentName(name: string): boolean {
  return (
    name !== '' && !name.startsWith('engram.') && name !== recordComponent && name !== artifactsComponent
  );
}

/** `value` as a whole session document for session `id` (see {@link createStateSlots}), or undefined. */
function componentDocument(
  value: JSONValue,
  id: string,
): { components: Record<string, JSONValue>; timestamp: string } | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value).sort();
  if (keys.join() !== 'components,sessionId,timestamp' || value.sessionId !== id) return undefined;
  const { components, timestamp } = value;
  if (typeof timestamp !== 'string' || !isRecord(components)) return undefined;
  const names = Object.keys(components);
  if (names.length === 0 || !names.every(documentName)) return undefined;
  return { components, timestamp };
}

function isRecord(value: unknown): value is Record<string, JSONValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

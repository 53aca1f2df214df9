import type { JSONValue } from 'ai';
import type { Scope } from '../../../core/scope.ts';
import { copyJsonValue } from '../../../messages/json-value.ts';
import { ownerKey, sessionComponentsName, stateKeySession } from '../../state-scope.ts';
import { sessionNotFound } from '../../store-helpers.ts';
import type { TenantCache } from './json-file-driver.ts';
import { artifactsComponent, recordComponent, type SessionData } from './session-log.ts';
import type { SessionRef } from './tenant-files.ts';

/** A tenant's `_state.json` values: by owner (`<user>\u0000<agent>`, see `ownerKey`), then by key. */
export type TenantStates = Record<string, Record<string, JSONValue>>;

/** Where a state key lives: in a session document's components, or in the tenant's `_state.json`. */
export interface StateSlots {
  /** Writes the state blob owned by exactly `scope`. */
  put(t: TenantCache, scope: Scope, key: string, value: JSONValue): Promise<void>;
  /** Reads the state blob owned by exactly `scope`. */
  get(t: TenantCache, scope: Scope, key: string): Promise<JSONValue | undefined>;
  /** Deletes the state blob owned by exactly `scope`. */
  delete(t: TenantCache, scope: Scope, key: string): Promise<void>;
  /** Forgets the `_state.json` keys of a deleted session (its document went with it). */
  dropSession(t: TenantCache, session: SessionRef): Promise<void>;
}

/** Where a key of one caller lives, after the session check. */
interface Target {
  /** The session document holding it as `<name>`. */
  doc?: { data: SessionData; name: string };
  /** The session document as a whole (the key names `engram.components`), when the caller owns the session exactly. */
  whole?: SessionData;
}

/**
 * State keys `session:<session id>:<component>` name the caller's own session (the id is what lies before the
 * last `:`) and are stored as `<component>` in that session's document (seed 002's layout), so they go with
 * it; every other value (other keys, component names that are empty or start with `engram.`) goes to the
 * tenant's `_state.json`, under its owner. The key `session:<id>:engram.components` (`sessionComponentsKey`,
 * what SessionManager saves) is the document as a whole: a value shaped
 * `{ sessionId: <id>, components: { <name>: state, … }, timestamp: string }` (at least one component, no
 * reserved `engram.` name) becomes the document's components and timestamp in one atomic rewrite, replacing the
 * components it held; reading it gives them all back in that shape (undefined when there are none); deleting it
 * removes them all. Any other value under that key goes to `_state.json` and is read from there first. A session
 * key naming no session of the caller: `put` throws `SESSION_NOT_FOUND`, `get` finds nothing and `delete` does
 * nothing. A session document that cannot be read surfaces as `STORE_ERROR`.
 */
export function createStateSlots(deps: {
  load(t: TenantCache, owner: Scope, id: string): Promise<SessionData | undefined>;
  component: string;
}): StateSlots {
  /** The key's target, or undefined when it names no session of the scope. */
  const locate = async (t: TenantCache, scope: Scope, key: string): Promise<Target | undefined> => {
    const id = stateKeySession(key);
    if (id === undefined) return {};
    const data = await deps.load(t, scope, id);
    if (!data) return undefined;
    const name = key.slice('session:'.length + id.length + 1);
    if (name === sessionComponentsName) return { whole: data };
    return documentName(name) ? { doc: { data, name } } : {};
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
  /** Removes keys from one owner's values in `_state.json`, when it has any of them. */
  const dropKeys = async (t: TenantCache, owner: string, drop: (key: string) => boolean) => {
    const mine = (await states(t))[owner] ?? {};
    const kept = Object.fromEntries(Object.entries(mine).filter(([k]) => !drop(k)));
    if (Object.keys(kept).length < Object.keys(mine).length) await writeOwner(t, owner, kept);
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

  return {
    async put(t, scope, key, value) {
      const target = await locate(t, scope, key);
      if (!target) throw sessionNotFound(stateKeySession(key)!, deps.component);
      const owner = ownerKey(scope);
      const whole = target.whole;
      const document = whole && componentDocument(value, whole.record.id);
      if (whole && document) {
        await saveComponents(t, whole, copyJsonValue(document.components), document.timestamp);
      } else if (target.doc) {
        const { data, name } = target.doc;
        await saveComponents(t, data, { ...data.components, [name]: copyJsonValue(value) });
      } else {
        const mine = (await states(t))[owner] ?? {};
        await writeOwner(t, owner, { ...mine, [key]: copyJsonValue(value) });
        return;
      }
      await dropKeys(t, owner, (k) => k === key); // an older copy (written when the document did not hold it)
    },

    async get(t, scope, key) {
      const target = await locate(t, scope, key);
      if (!target) return undefined;
      if (target.doc && Object.hasOwn(target.doc.data.components, target.doc.name)) {
        return structuredClone(target.doc.data.components[target.doc.name]);
      }
      const mine = (await states(t))[ownerKey(scope)] ?? {};
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
      await dropKeys(t, ownerKey(scope), (k) => k === key);
    },

    async dropSession(t, session) {
      await dropKeys(t, ownerKey(session.scope), (k) => stateKeySession(k) === session.id);
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

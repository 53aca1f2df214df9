import type { JSONValue } from 'ai';
import type { Scope } from '../../core/scope.ts';
import { copyJsonValue } from '../../messages/json-value.ts';
import { ownerKey, sessionComponentsName, stateKeySession } from '../../store/state-scope.ts';
import { sessionNotFound } from '../../store/store-helpers.ts';
import type { SessionData } from './session-log.ts';
import type { TenantCache } from './tenant-cache.ts';

/** The state a session document holds: the whole-document key's components and timestamp, and the per-name keys. */
export type DocumentState = Pick<SessionData, 'components' | 'timestamp' | 'state'>;

/** Where a state key lives: in its session's document, or in the tenant's `_state.json`. */
export interface StateSlots {
  /** Writes the state blob owned by exactly `scope`. */
  put(t: TenantCache, scope: Scope, key: string, value: JSONValue): Promise<void>;
  /** Reads the state blob owned by exactly `scope`. */
  get(t: TenantCache, scope: Scope, key: string): Promise<JSONValue | undefined>;
  /** Deletes the state blob owned by exactly `scope`. */
  delete(t: TenantCache, scope: Scope, key: string): Promise<void>;
}

/**
 * Where state keys live on the json-file store; every key is independent of every other. A key
 * `session:<id>:<name>` names the caller's own session (the id is what lies before the last `:`) and lives in
 * that session's document, so it goes with it ({@link withStateValue}): the whole-document key
 * `session:<id>:engram.components` (`sessionComponentsKey`, what SessionManager saves) owns the document's
 * components and timestamp, every other name is one entry of the reserved `engram.state` component. Every other
 * key lives in the tenant's `_state.json`, under its owner. A session key naming no session of the caller: `put`
 * throws `SESSION_NOT_FOUND`, `get` finds nothing and `delete` does nothing. A session document that cannot be
 * read surfaces as `STORE_ERROR`.
 */
export function createStateSlots(deps: {
  load(t: TenantCache, owner: Scope, id: string): Promise<SessionData | undefined>;
  component: string;
}): StateSlots {
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
  /** Rewrites a session document with new state, restoring the old state when the write fails. */
  const save = async (t: TenantCache, data: SessionData, next: DocumentState) => {
    const previous: DocumentState = {
      components: data.components,
      timestamp: data.timestamp,
      state: data.state,
    };
    Object.assign(data, next);
    try {
      await t.files.saveDocument(data);
    } catch (error) {
      Object.assign(data, previous);
      throw error;
    }
  };

  return {
    async put(t, scope, key, value) {
      const id = stateKeySession(key);
      if (id === undefined) {
        const owner = ownerKey(scope);
        const mine = (await states(t))[owner] ?? {};
        await writeOwner(t, owner, { ...mine, [key]: copyJsonValue(value) });
        return;
      }
      const data = await deps.load(t, scope, id);
      if (!data) throw sessionNotFound(id, deps.component);
      await save(t, data, withStateValue(data, id, nameOf(key, id), copyJsonValue(value))!);
    },

    async get(t, scope, key) {
      const id = stateKeySession(key);
      if (id === undefined) {
        const mine = (await states(t))[ownerKey(scope)] ?? {};
        return Object.hasOwn(mine, key) ? structuredClone(mine[key]) : undefined;
      }
      const data = await deps.load(t, scope, id);
      const found = data && stateValue(data, id, nameOf(key, id));
      return found === undefined ? undefined : structuredClone(found);
    },

    async delete(t, scope, key) {
      const id = stateKeySession(key);
      if (id === undefined) {
        const owner = ownerKey(scope);
        const mine = (await states(t))[owner] ?? {};
        if (!Object.hasOwn(mine, key)) return;
        const { [key]: _, ...rest } = mine;
        await writeOwner(t, owner, rest);
        return;
      }
      const data = await deps.load(t, scope, id);
      const next = data && withStateValue(data, id, nameOf(key, id), undefined);
      if (data && next) await save(t, data, next);
    },
  };
}

/** The name part of a session key `session:<id>:<name>`. */
const nameOf = (key: string, id: string) => key.slice('session:'.length + id.length + 1);

/**
 * The state of session `id`'s document after writing `value` under its key `session:<id>:<name>` (deleting
 * it when `value` is undefined); undefined when a delete finds nothing. Each key is independent:
 * - `engram.components` (the whole-document key) owns the document's components (beside the driver's reserved
 *   `engram.*` ones) and its timestamp: a value shaped `{ sessionId: <id>, components: { <name>: state, … },
 *   timestamp: string }` (at least one component, no `engram.` name) becomes them, replacing what they held;
 *   any other value is kept as it is in `engram.state` under `engram.components`, and the components are emptied.
 * - every other name is one entry of `engram.state`: writing it leaves the components and timestamp alone.
 */
export function withStateValue(
  doc: DocumentState,
  id: string,
  name: string,
  value: JSONValue | undefined,
): DocumentState | undefined {
  const had = Object.hasOwn(doc.state, name);
  const others = had ? without(doc.state, name) : doc.state;
  const { components, timestamp } = doc;
  if (name !== sessionComponentsName) {
    if (value === undefined) return had ? { components, timestamp, state: others } : undefined;
    return { components, timestamp, state: { ...others, [name]: value } };
  }
  if (value === undefined) {
    return had || Object.keys(components).length > 0
      ? { components: {}, timestamp, state: others }
      : undefined;
  }
  const saved = componentDocument(value, id);
  if (saved) return { ...saved, state: others };
  return { components: {}, timestamp, state: { ...others, [name]: value } };
}

/** What session `id`'s document holds under its key `session:<id>:<name>` (see {@link withStateValue}), uncopied. */
export function stateValue(doc: DocumentState, id: string, name: string): JSONValue | undefined {
  if (Object.hasOwn(doc.state, name)) return doc.state[name];
  if (name !== sessionComponentsName || Object.keys(doc.components).length === 0) return undefined;
  return { sessionId: id, components: doc.components, timestamp: doc.timestamp };
}

/** `record` without its own key `name`. */
function without(record: Record<string, JSONValue>, name: string): Record<string, JSONValue> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== name));
}

/** `value` as a whole session document for session `id` (see {@link withStateValue}), or undefined. */
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
  if (names.length === 0 || !names.every((n) => n !== '' && !n.startsWith('engram.'))) return undefined;
  return { components, timestamp };
}

function isRecord(value: unknown): value is Record<string, JSONValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import type { JSONValue } from '@ai-sdk/provider';
import type { TenantCache } from './json-file-driver.ts';
import { artifactsComponent, recordComponent, type SessionData } from './session-log.ts';

/** Where a state key lives: in a session document's components, or in the tenant's `_state.json`. */
export interface StateSlots {
  /** Writes a state blob. */
  put(t: TenantCache, key: string, value: JSONValue): Promise<void>;
  /** Reads a state blob. */
  get(t: TenantCache, key: string): Promise<JSONValue | undefined>;
  /** Deletes a state blob. */
  delete(t: TenantCache, key: string): Promise<void>;
  /** Forgets the tenant-level keys `session:<id>:…` of a deleted session. */
  dropSession(t: TenantCache, sessionId: string): Promise<void>;
}

/**
 * State keys `session:<session id>:<component>` of an existing session are stored as `<component>` in that
 * session's document (seed 002's layout), so they go with it; every other key (and component names starting with
 * `engram.`) goes to the tenant's `_state.json`.
 */
export function createStateSlots(deps: {
  load(t: TenantCache, id: string): Promise<SessionData | undefined>;
  component: string;
}): StateSlots {
  const slot = async (t: TenantCache, key: string) => {
    if (!key.startsWith('session:')) return undefined;
    for (let i = key.indexOf(':', 8); i >= 0; i = key.indexOf(':', i + 1)) {
      const name = key.slice(i + 1);
      if (
        name === '' ||
        name.startsWith('engram.') ||
        name === recordComponent ||
        name === artifactsComponent
      )
        continue;
      const sessionId = key.slice(8, i);
      if (sessionId === '') continue;
      const data = await deps.load(t, sessionId).catch(() => undefined);
      if (data) return { data, name };
    }
    return undefined;
  };
  const states = async (t: TenantCache) => {
    t.states ??= await t.files.readStates();
    return t.states;
  };
  const writeStates = async (t: TenantCache, next: Record<string, JSONValue>) => {
    await t.files.writeStates(t.tenant, next);
    t.states = next;
  };

  return {
    async put(t, key, value) {
      const target = await slot(t, key);
      const current = await states(t);
      if (!target) {
        await writeStates(t, { ...current, [key]: structuredClone(value) });
        return;
      }
      const previous = target.data.components;
      target.data.components = { ...previous, [target.name]: structuredClone(value) };
      try {
        await t.files.saveDocument(target.data);
      } catch (error) {
        target.data.components = previous;
        throw error;
      }
      if (key in current) {
        const { [key]: _, ...rest } = current;
        await writeStates(t, rest);
      }
    },

    async get(t, key) {
      const target = await slot(t, key);
      if (target && Object.hasOwn(target.data.components, target.name)) {
        return structuredClone(target.data.components[target.name]);
      }
      const current = await states(t);
      return Object.hasOwn(current, key) ? structuredClone(current[key]) : undefined;
    },

    async delete(t, key) {
      const target = await slot(t, key);
      if (target && Object.hasOwn(target.data.components, target.name)) {
        const { [target.name]: _, ...rest } = target.data.components;
        const previous = target.data.components;
        target.data.components = rest;
        try {
          await t.files.saveDocument(target.data);
        } catch (error) {
          target.data.components = previous;
          throw error;
        }
      }
      const current = await states(t);
      if (Object.hasOwn(current, key)) {
        const { [key]: _, ...rest } = current;
        await writeStates(t, rest);
      }
    },

    async dropSession(t, sessionId) {
      const prefix = `session:${sessionId}:`;
      const current = await states(t);
      const rest = Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith(prefix)));
      if (Object.keys(rest).length !== Object.keys(current).length) await writeStates(t, rest);
    },
  };
}

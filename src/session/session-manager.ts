import type { JSONValue } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import type { StateModule } from '../core/state-module.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { sessionComponentsKey } from '../store/state-scope.ts';

/** What a saved session looks like (seed 002's JsonSession layout). */
export interface SavedSession {
  /** The session id. */
  sessionId: string;
  /** Each component's state, by component name. */
  components: Record<string, JSONValue>;
  /** When it was saved, ISO 8601. */
  timestamp: string;
}

/**
 * The state key a SessionManager saves a session under: `session:<id>:engram.components` (the id may contain
 * `:`; stores read the id up to the last `:`). Stores delete it with the session; the value is seed 002's
 * JsonSession document, which the json-file store keeps as the session's own `<id>.json` file.
 */
export function sessionStateKey(sessionId: string): string {
  checkId(sessionId, 'sessionStateKey(sessionId)', 'session');
  return sessionComponentsKey(sessionId);
}

/**
 * Seed 002's SessionManager: saves and restores the state of a set of components (memories, agents, …) as
 * one document, atomically, in any store.
 * @example
 * const manager = SessionManager.forSessionId('user123').withSession(store).addComponent(memory);
 * await manager.loadIfExists();
 * // … conversation …
 * await manager.saveSession();
 */
export class SessionManager {
  readonly #sessionId: string;
  #store: MemoryStoreV1 | undefined;
  #scope: Scope = defaultScope;
  readonly #components = new Map<string, StateModule>();

  private constructor(sessionId: string) {
    this.#sessionId = sessionId;
  }

  /** Starts a manager for a session id. */
  static forSessionId(sessionId: string): SessionManager {
    checkId(sessionId, 'SessionManager.forSessionId(sessionId)', 'session');
    return new SessionManager(sessionId);
  }

  /** The store the session is saved in, and the scope it belongs to (`INVALID_ARGUMENT` for a non-store). */
  withSession(store: MemoryStoreV1, scope: Scope = defaultScope): this {
    const missing = missingMethods(store, storeMethods);
    if (missing.length > 0) throw invalid(`withSession(store): the store has no ${missing.join(', ')}`);
    this.#scope = checkScope(scope, 'session');
    this.#store = store;
    return this;
  }

  /**
   * Adds a component; its `componentName` must be a unique id within the session and it must have
   * `saveState` and `loadState` (a `StateModule`), else `INVALID_ARGUMENT` naming what is missing.
   */
  addComponent(component: StateModule): this {
    const missing = missingMethods(component, ['saveState', 'loadState']);
    if (missing.length > 0) {
      throw invalid(
        `addComponent(component): a component needs saveState() and loadState() (a StateModule); it has no ${missing.join(', ')}${
          missingMethods((component as { conversation?: unknown })?.conversation, ['saveState']).length === 0
            ? '; pass its `conversation`, which has them'
            : ''
        }`,
      );
    }
    checkId(component.componentName, 'addComponent(component): componentName', 'session');
    if (this.#components.has(component.componentName)) {
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'session',
        message: `a component named "${component.componentName}" is already registered`,
      });
    }
    this.#components.set(component.componentName, component);
    return this;
  }

  /** Loads every registered component's saved state, if the session was saved; returns whether it was. */
  async loadIfExists(): Promise<boolean> {
    const saved = await this.#requireStore().getState(this.#scope, sessionStateKey(this.#sessionId));
    if (saved === undefined) return false;
    const components = readComponents(saved);
    for (const [name, component] of this.#components) {
      // Own keys only: "__proto__" or "constructor" read from the prototype are not saved state.
      if (!Object.hasOwn(components, name)) continue;
      const state = components[name];
      if (state !== undefined) await component.loadState(state);
    }
    return true;
  }

  /**
   * Saves every registered component's state as one document (`{ sessionId, components, timestamp }`) in a
   * single write, so a crash leaves either the previous save or this one, never a mix.
   */
  async saveSession(): Promise<SavedSession> {
    const components: Record<string, JSONValue> = {};
    for (const [name, component] of this.#components) {
      const state = await component.saveState();
      if (state === undefined)
        throw invalid(
          `saveSession(): component "${name}" returned undefined from saveState(), not a JSON value; nothing was saved`,
        );
      // Defined, not assigned: a component named "__proto__" is a key of its own, not the object's prototype.
      Object.defineProperty(components, name, {
        value: state,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const saved: SavedSession = {
      sessionId: this.#sessionId,
      components,
      timestamp: new Date().toISOString(),
    };
    await this.#ensureSession();
    await this.#requireStore().putState(
      this.#scope,
      sessionStateKey(this.#sessionId),
      saved as unknown as JSONValue,
    );
    return saved;
  }

  /** Deletes the saved document (the components keep their in-process state). */
  async deleteSession(): Promise<void> {
    await this.#requireStore().deleteState(this.#scope, sessionStateKey(this.#sessionId));
  }

  /** Session state belongs to a session the scope can see: create it when this is the first save. */
  async #ensureSession(): Promise<void> {
    const store = this.#requireStore();
    if (await store.getSession(this.#scope, this.#sessionId)) return;
    try {
      await store.createSession(this.#scope, { id: this.#sessionId });
    } catch (error) {
      if (!(await store.getSession(this.#scope, this.#sessionId))) throw error;
    }
  }

  #requireStore(): MemoryStoreV1 {
    if (!this.#store) {
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'session',
        message: 'call withSession(store) first',
      });
    }
    return this.#store;
  }
}

const storeMethods = ['getState', 'putState', 'deleteState', 'getSession', 'createSession'] as const;

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'session', message });

/** The names of `methods` that `value` lacks (all of them when it is not an object). */
function missingMethods(value: unknown, methods: readonly string[]): string[] {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return [...methods];
  return methods.filter((m) => typeof (value as Record<string, unknown>)[m] !== 'function');
}

function readComponents(saved: JSONValue): Record<string, JSONValue> {
  const components =
    typeof saved === 'object' && saved !== null && !Array.isArray(saved)
      ? (saved as { components?: unknown }).components
      : undefined;
  if (typeof components !== 'object' || components === null || Array.isArray(components)) {
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'session',
      message: 'the saved session has no "components" object',
    });
  }
  return components as Record<string, JSONValue>;
}

import type { JSONValue } from '@ai-sdk/provider';
import { MemoryError } from '../core/errors/memory-error.ts';
import { isValidId } from '../core/ids.ts';
import { defaultScope, type Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { StateModule } from './state-module.ts';

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
 * The state key a session's component is saved under: `session:<id>:<componentName>`. Stores delete these
 * keys with the session, and the json-file store keeps them in the session document's `components`.
 */
export function sessionStateKey(sessionId: string, componentName: string): string {
  return `session:${sessionId}:${componentName}`;
}

/** The component name of the marker that records when a session was last saved. */
const savedMarker = 'engram.saved';

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
    if (!isValidId(sessionId)) {
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'session',
        message: 'session id must be a non-empty string',
      });
    }
    return new SessionManager(sessionId);
  }

  /** The store the session is saved in, and the scope it belongs to. */
  withSession(store: MemoryStoreV1, scope: Scope = defaultScope): this {
    this.#store = store;
    this.#scope = scope;
    return this;
  }

  /** Adds a component; its `componentName` must be unique within the session. */
  addComponent(component: StateModule): this {
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
    const store = this.#requireStore();
    const marker = await store.getState(this.#scope, sessionStateKey(this.#sessionId, savedMarker));
    if (marker === undefined) return false;
    for (const [name, component] of this.#components) {
      const state = await store.getState(this.#scope, sessionStateKey(this.#sessionId, name));
      if (state !== undefined) await component.loadState(state);
    }
    return true;
  }

  /**
   * Saves every registered component's state, then a marker with the time; a crash before the marker
   * leaves the previous save's marker, so `loadIfExists` never reports a session that was never saved.
   */
  async saveSession(): Promise<SavedSession> {
    const store = this.#requireStore();
    const components: Record<string, JSONValue> = {};
    for (const [name, component] of this.#components) {
      components[name] = await component.saveState();
      await store.putState(this.#scope, sessionStateKey(this.#sessionId, name), components[name]);
    }
    const saved: SavedSession = {
      sessionId: this.#sessionId,
      components,
      timestamp: new Date().toISOString(),
    };
    await store.putState(this.#scope, sessionStateKey(this.#sessionId, savedMarker), {
      timestamp: saved.timestamp,
    });
    return saved;
  }

  /** Deletes the saved states of the registered components and the marker (components keep their in-process state). */
  async deleteSession(): Promise<void> {
    const store = this.#requireStore();
    for (const name of this.#components.keys()) {
      await store.deleteState(this.#scope, sessionStateKey(this.#sessionId, name));
    }
    await store.deleteState(this.#scope, sessionStateKey(this.#sessionId, savedMarker));
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

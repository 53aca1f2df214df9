import type { Scope } from '../core/scope.ts';

/** Component state a store may offer (every `MemoryStoreV1` does): where a long-term memory keeps its background cursors. */
export interface CursorStateSlots {
  /** The state under `key`, or undefined. */
  getState(scope: Scope, key: string): Promise<unknown>;
  /** Writes the state under `key`. */
  putState(scope: Scope, key: string, state: string): Promise<void>;
}

/** Where a long-term memory keeps its background cursors: the store's component state when it has one, else in process. */
export interface CursorState {
  /** The value under `key` in the scope, or undefined. */
  get(scope: Scope, key: string): Promise<unknown>;
  /** Stores `value` under `key` in the scope. */
  put(scope: Scope, key: string, value: string): Promise<void>;
}

/** The cursor state of a store: its `getState` / `putState` when it has both, else a map in process. */
export function cursorStateOf(store: Partial<CursorStateSlots> | undefined): CursorState {
  const { getState, putState } = store ?? {};
  if (getState && putState)
    return {
      get: (scope, key) => getState.call(store, scope, key),
      put: (scope, key, v) => putState.call(store, scope, key, v),
    };
  const map = new Map<string, string>();
  return {
    get: async (scope, key) => map.get(JSON.stringify([scope, key])),
    put: async (scope, key, v) => {
      map.set(JSON.stringify([scope, key]), v);
    },
  };
}

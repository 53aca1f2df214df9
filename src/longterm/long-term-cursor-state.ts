import type { Scope } from '../core/scope.ts';

/** Where a long-term memory keeps its background cursors: the store's component state when it has one, else in process. */
export interface CursorState {
  /** The value under `key` in the scope, or undefined. */
  get(scope: Scope, key: string): Promise<unknown>;
  /** Stores `value` under `key` in the scope. */
  put(scope: Scope, key: string, value: string): Promise<void>;
}

/** The cursor state of a store: its `getState` / `putState` when it has both, else a map in process. */
export function cursorStateOf(store: unknown): CursorState {
  const s = store as { getState?: unknown; putState?: unknown } | undefined;
  if (s && typeof s.getState === 'function' && typeof s.putState === 'function') {
    const st = store as {
      getState(scope: Scope, key: string): Promise<unknown>;
      putState(scope: Scope, key: string, v: string): Promise<void>;
    };
    return {
      get: (scope, key) => st.getState(scope, key),
      put: (scope, key, v) => st.putState(scope, key, v),
    };
  }
  const map = new Map<string, string>();
  return {
    get: async (scope, key) => map.get(JSON.stringify([scope, key])),
    put: async (scope, key, v) => {
      map.set(JSON.stringify([scope, key]), v);
    },
  };
}

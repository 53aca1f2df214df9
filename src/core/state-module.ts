import type { JSONValue } from 'ai';

/**
 * A component whose state can be saved and restored by a session (seed 002's StateModule). `saveState`
 * returns a JSON value; `loadState` replaces the component's state with one that `saveState` produced.
 */
export interface StateModule {
  /** The key the component's state is saved under. */
  readonly componentName: string;
  /** The component's state as JSON. */
  saveState(): JSONValue | Promise<JSONValue>;
  /** Replaces the component's state. */
  loadState(state: JSONValue): void | Promise<void>;
}

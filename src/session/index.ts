/**
 * @module engram/session
 * Components that save and restore their state, and sessions over a store.
 * @example
 * const state = await memory.saveState(); await other.loadState(state);
 */
export * from './state-module.ts';

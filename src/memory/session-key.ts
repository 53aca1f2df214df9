import { ownerKey } from '../store/state-scope.ts';
import type { ConversationMemory } from './conversation-memory.ts';

/** A number per store object, so one session's key names its store too. */
const storeNumbers = new WeakMap<object, number>();
let stores = 0;

/**
 * One session of one store object in this process as one string: the store's number, the tenant, owner and id.
 * Every `ConversationMemory` of that session (a chat handler opens one per request) has the same key.
 */
export function sessionKey(memory: Pick<ConversationMemory, 'storage' | 'scope' | 'sessionId'>): string {
  let store = storeNumbers.get(memory.storage);
  if (store === undefined) {
    store = ++stores;
    storeNumbers.set(memory.storage, store);
  }
  return `${store}\u0000${memory.scope.tenant}\u0000${ownerKey(memory.scope)}\u0000${memory.sessionId}`;
}

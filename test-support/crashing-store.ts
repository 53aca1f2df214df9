import { createMemoryStore } from '../src/drivers/memory/memory-driver.ts';
import type { MemoryStoreV1 } from '../src/store/memory-store.ts';

/**
 * `inner` seen through a proxy whose `deleteMessages` throws `killed` while `crash.on`: what a process killed between
 * storing new messages and deleting the ones they replace leaves behind.
 */
export function crashingStore(inner: MemoryStoreV1 = createMemoryStore()): {
  store: MemoryStoreV1;
  crash: { on: boolean };
} {
  const crash = { on: false };
  const store = new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'deleteMessages')
        return async (...args: unknown[]) => {
          if (crash.on) throw new Error('killed');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, crash };
}

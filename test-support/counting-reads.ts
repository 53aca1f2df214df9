import type { MemoryStoreV1 } from '../src/store/memory-store.ts';

/** `store` with a tally of the log entries its `readRange` hands out (a test asserts how much of a log a read read). */
export function countEntryReads<S extends MemoryStoreV1>(
  store: S,
): { store: S; entriesRead(): number; reset(): void } {
  let read = 0;
  const readRange: MemoryStoreV1['readRange'] = async (...args) => {
    const entries = await store.readRange(...args);
    read += entries.length;
    return entries;
  };
  return {
    store: { ...store, readRange } as S,
    entriesRead: () => read,
    reset: () => {
      read = 0;
    },
  };
}

/** Test-only: a store whose long-term records run a hook before chosen calls (to inject a failure or a stall). */
import { MemoryError } from '../src/core/errors/memory-error.ts';
import type { HasLongTermRecords, LongTermStoreV1 } from '../src/longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../src/store/memory-store.ts';

/** A method of the long-term records contract. */
export type RecordsMethod = {
  [K in keyof LongTermStoreV1]-?: NonNullable<LongTermStoreV1[K]> extends (...args: never[]) => unknown
    ? K
    : never;
}[keyof LongTermStoreV1];

/**
 * `store` with its `longTermRecords` wrapped: each call of a method in `methods` awaits `before(method)` first
 * (throw there to fail the call before the store is reached; never resolve to stall it, as a process killed
 * before that write would be).
 */
export function hookRecords<S extends MemoryStoreV1 & HasLongTermRecords>(
  store: S,
  methods: readonly RecordsMethod[],
  before: (method: RecordsMethod) => void | Promise<void>,
): S {
  const records: LongTermStoreV1 = { ...store.longTermRecords };
  for (const method of methods) {
    const call = store.longTermRecords[method] as (...args: unknown[]) => Promise<unknown>;
    Object.assign(records, {
      [method]: async (...args: unknown[]) => {
        await before(method);
        return call.apply(store.longTermRecords, args);
      },
    });
  }
  return { ...store, longTermRecords: records };
}

/** `store` whose `method` of its long-term records throws a `STORE_ERROR` ("disk full") once after each `failNext()`. */
export function failingRecords<S extends MemoryStoreV1 & HasLongTermRecords>(
  store: S,
  method: RecordsMethod,
): { store: S; failNext(): void } {
  let fail = false;
  return {
    store: hookRecords(store, [method], () => {
      if (!fail) return;
      fail = false;
      throw new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'disk full' });
    }),
    failNext() {
      fail = true;
    },
  };
}

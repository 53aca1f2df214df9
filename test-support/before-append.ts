import type { AppendInput, AppendOptions, MemoryStoreV1 } from '../src/store/memory-store.ts';

/**
 * `inner` seen through a proxy whose `append` runs `before(inputs)` first, then appends (with its options), then
 * runs `after(inputs)` when given (once the append succeeded); `close` does nothing (the test closes `inner`).
 */
export function beforeAppend(
  inner: MemoryStoreV1,
  before: (inputs: readonly AppendInput[]) => Promise<void>,
  after?: (inputs: readonly AppendInput[]) => Promise<void>,
): MemoryStoreV1 {
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'append')
        return async (scope: never, id: string, inputs: AppendInput[], options?: AppendOptions) => {
          await before(inputs);
          const entries = await target.append(scope, id, inputs, options);
          await after?.(inputs);
          return entries;
        };
      if (key === 'close') return async () => {};
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

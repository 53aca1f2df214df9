import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';

/** The log write calls {@link killAfterLogWrites} counts. */
const logWrites = new Set(['append', 'clearMessages', 'deleteMessages', 'replaceMessages']);

/**
 * For a child script: `store` as it is (a real store), except that once armed it counts its log write calls (append,
 * deleteMessages, clearMessages, replaceMessages, and the methods named in `also`, putArtifact say) and SIGKILLs this
 * process right after the `n`-th returns (never when `n` is undefined): a deterministic kill between two writes of
 * the armed work.
 */
export function killAfterLogWrites<S extends MemoryStoreV1>(
  store: S,
  n: number | undefined,
  also: readonly (keyof MemoryStoreV1)[] = [],
): { store: S; arm(armed: boolean): void } {
  const counted = new Set<string>([...logWrites, ...also]);
  let armed = false;
  let writes = 0;
  const proxy = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !counted.has(key) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const result = await value.apply(target, args);
        if (armed && ++writes === n) process.kill(process.pid, 'SIGKILL');
        return result;
      };
    },
  });
  return {
    store: proxy,
    arm(on) {
      armed = on;
    },
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { checkFunction } from './check-options.ts';

const deferred = new AsyncLocalStorage<true>();

/**
 * Runs `work` so that the transactions it commits on a store that can defer durability (SQLite at
 * `durability: 'power'`) are not flushed to disk one by one: each is written (visible to every reader, and kept
 * through a process crash, as SQLite's WAL keeps it) and becomes power-loss durable with the store's next durable
 * commit (the WAL is flushed whole, earlier frames with it), a checkpoint or `close()`. Meant for writes that
 * either go with a durable commit soon after (an agent's prompt, durable with its first step) or can be derived
 * again from the log (content offloads and view state written while a view reads). Calls outside `work` keep their
 * own durability; a store that cannot defer ignores it.
 * @example
 * await withDeferredDurability(() => view.store(prompt)); // durable with the first step's commit
 */
export function withDeferredDurability<T>(work: () => Promise<T>): Promise<T> {
  checkFunction(work, 'withDeferredDurability(work)', 'store');
  return deferred.run(true, work);
}

/** Whether the caller runs inside {@link withDeferredDurability} (for a store's transactions). */
export function isDurabilityDeferred(): boolean {
  return deferred.getStore() === true;
}

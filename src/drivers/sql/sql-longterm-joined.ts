import { AsyncLocalStorage } from 'node:async_hooks';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import type { SqlClient } from './sql-client.ts';
import { createSqlLongTermRecords } from './sql-longterm.ts';
import type { SqlLongTermOptions } from './sql-longterm-options.ts';

/** The records a joined call runs on: those of an open transaction, for one store's records. */
interface Joined {
  /** The store's records the calls were made on. */
  base: LongTermStoreV1;
  /** The same records over the transaction's client. */
  inTransaction: LongTermStoreV1;
  /** Cleared when the work that joined returns: later calls (work it left running) run on their own. */
  open: boolean;
}

const joined = new AsyncLocalStorage<Joined>();

/** A SQL store's long-term records that can join one of its transactions: see {@link joinableLongTermRecords}. */
export interface JoinableLongTermRecords {
  /** The records to hand out (the store's `longTermRecords`). */
  readonly records: LongTermStoreV1;
  /**
   * Runs `work` so that its calls on {@link records} (in its async context, until it returns) run in the
   * transaction of `tx`: their writes commit or roll back with it.
   */
  join<T>(tx: SqlClient, work: () => Promise<T>): Promise<T>;
}

/**
 * The store's long-term records (`base`), and a way for its append to run a long-term memory's record in the
 * append's transaction without the long-term layer knowing SQL: inside {@link JoinableLongTermRecords.join},
 * each call on the records goes to `over(tx)`, the same records over the transaction's client (its own
 * `transaction` joins the open one, its reads see the transaction's writes, and caches that must not keep what a
 * transaction reads know it is one). Elsewhere, and after the joined work returned, calls go to `base`.
 */
export function joinableLongTermRecords(
  base: LongTermStoreV1,
  over: (tx: SqlClient) => LongTermStoreV1,
): JoinableLongTermRecords {
  const byTransaction = new WeakMap<SqlClient, LongTermStoreV1>();
  const records = new Proxy(base, {
    get(target, key) {
      const at = joined.getStore();
      return Reflect.get(at?.open && at.base === target ? at.inTransaction : target, key);
    },
  });
  return {
    records,
    async join(tx, work) {
      let inTransaction = byTransaction.get(tx);
      if (!inTransaction) {
        inTransaction = over(tx);
        byTransaction.set(tx, inTransaction);
      }
      const at: Joined = { base, inTransaction, open: true };
      try {
        return await joined.run(at, work);
      } finally {
        at.open = false;
      }
    },
  };
}

/**
 * The SQL store's long-term records over `options.client`, joinable to its transactions (over their clients): a
 * long-term memory's record riding on an append (an agent run's last step) joins the append's transaction.
 */
export function joinableSqlLongTermRecords(options: SqlLongTermOptions): JoinableLongTermRecords {
  return joinableLongTermRecords(createSqlLongTermRecords(options), (tx) =>
    createSqlLongTermRecords({ ...options, client: tx }),
  );
}

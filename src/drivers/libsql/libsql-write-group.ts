/** What a group runs its writes on: an open transaction that can set savepoints. */
export interface GroupTransaction {
  /** Runs a statement (`SAVEPOINT …`, `RELEASE …`, `ROLLBACK TO …`). */
  run(sql: string): Promise<unknown>;
}

/** A write waiting for its group: its work and how to answer its caller. */
interface GroupedWrite<Tx> {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The most writes one transaction takes. */
const maxGroup = 128;

/**
 * Group commit: writes submitted while a transaction is running (or in the event-loop turn before it starts)
 * wait, then run together in the next one (each in its own savepoint, so one that fails changes nothing and fails
 * alone) and share its commit — one fsync for many callers. Each caller is answered once that commit is durable, with its own outcome; if the commit itself fails,
 * every caller of the group gets that error. `transaction` runs a group's function in one write transaction (it
 * may run it again whole after a busy lock, so the function keeps no state across runs).
 */
export function createWriteGroup<Tx extends GroupTransaction>(
  transaction: (run: (tx: Tx) => Promise<void>) => Promise<void>,
  isRetry: (error: unknown) => boolean,
): <T>(work: (tx: Tx) => Promise<T>) => Promise<T> {
  let pending: GroupedWrite<Tx>[] = [];
  let running = false;
  const runGroup = async (group: GroupedWrite<Tx>[]) => {
    let outcomes: ({ value: unknown } | { error: unknown })[] = [];
    try {
      await transaction(async (tx) => {
        outcomes = [];
        const alone = group.length === 1;
        for (const { work } of group) {
          if (alone) {
            outcomes.push({ value: await work(tx) });
            continue;
          }
          await tx.run('SAVEPOINT engram_write');
          try {
            outcomes.push({ value: await work(tx) });
          } catch (error) {
            if (isRetry(error)) throw error;
            await tx.run('ROLLBACK TO engram_write');
            outcomes.push({ error });
          }
          await tx.run('RELEASE engram_write');
        }
      });
    } catch (error) {
      for (const write of group) write.reject(error);
      return;
    }
    group.forEach((write, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) write.reject(outcome.error);
      else write.resolve(outcome.value);
    });
  };
  const next = () => {
    if (running || pending.length === 0) return;
    running = true;
    // A turn of the event loop first: the client's calls are synchronous, so without it a caller appending in a
    // loop would never let timers and I/O run; the writes submitted meanwhile join the group.
    setImmediate(() => {
      const group = pending.slice(0, maxGroup);
      pending = pending.slice(maxGroup);
      void runGroup(group).finally(() => {
        running = false;
        next();
      });
    });
  };
  return <T>(work: (tx: Tx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      pending.push({ work, resolve: (value) => resolve(value as T), reject });
      next();
    });
}

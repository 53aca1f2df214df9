import type { LibsqlExecutor } from './libsql-executor.ts';

/** A write waiting for its group: its work and how to answer its caller. */
interface GroupedWrite {
  work: (tx: LibsqlExecutor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The most writes one transaction takes. */
const maxGroup = 128;

/**
 * Group commit: writes submitted while a transaction is running wait, then run together in the next one (each in
 * its own savepoint, so one that fails changes nothing and fails alone) and share its commit — one fsync for many
 * callers. Each caller is answered once that commit is durable, with its own outcome; if the commit itself fails,
 * every caller of the group gets that error. `transaction` runs a group's function in one write transaction (it
 * may run it again whole after a busy lock, so the function keeps no state across runs).
 */
export function createWriteGroup(
  transaction: (run: (tx: LibsqlExecutor) => Promise<void>) => Promise<void>,
  isRetry: (error: unknown) => boolean,
): (work: (tx: LibsqlExecutor) => Promise<unknown>) => Promise<unknown> {
  let pending: GroupedWrite[] = [];
  let running = false;
  const runGroup = async (group: GroupedWrite[]) => {
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
    const group = pending.slice(0, maxGroup);
    pending = pending.slice(maxGroup);
    void runGroup(group).finally(() => {
      running = false;
      next();
    });
  };
  return (work) =>
    new Promise((resolve, reject) => {
      pending.push({ work, resolve, reject });
      next();
    });
}

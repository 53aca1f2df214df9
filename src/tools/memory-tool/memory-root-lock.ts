import { randomUUID } from 'node:crypto';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createRecordSlot } from '../../working/record-slot.ts';

/** The long-term record kind of a `/memories` root's lock record (an `engram.` kind: never recalled). */
export const memoryLockKind = 'engram.memory_lock';

/** Runs a function while holding the exclusive lock of one scope's `/memories`. */
export interface MemoryRootLock {
  /** Takes the lock (waiting for another holder), runs `fn`, and gives the lock back, also when `fn` throws. */
  hold<T>(fn: () => Promise<T>): Promise<T>;
}

/** Options of {@link createMemoryRootLock}. */
export interface MemoryRootLockOptions {
  /** How long a holder keeps the lock without giving it back (a crashed holder's lock is free after it). @default 30,000 ms */
  leaseMs?: number;
  /** How long to wait for the lock before giving up with `CONFLICT`. @default 60,000 ms */
  waitMs?: number;
}

/** Thrown inside the slot's edit: someone else holds the lock; nothing is written. */
class Held extends Error {}

interface LockState {
  holder: string | null;
  until: number;
}

const parse = (text: string | undefined): LockState => {
  try {
    const v = text === undefined ? undefined : (JSON.parse(text) as Partial<LockState>);
    return { holder: typeof v?.holder === 'string' ? v.holder : null, until: Number(v?.until) || 0 };
  } catch {
    return { holder: null, until: 0 }; // not a lock record of ours: treat as free and overwrite it
  }
};

/**
 * The lock of one scope's `/memories`: one record (`mfile_lock`) whose text names the holder and its lease end,
 * taken and given back by compare-and-set on the record's version (a record slot), so it works the same across
 * handles, processes and machines on every store with long-term records. A holder that crashes keeps it until
 * its lease ends (`leaseMs`); a holder paused longer than that loses it without knowing, so keep commands short.
 */
export function createMemoryRootLock(
  records: LongTermStoreV1,
  scope: Scope,
  component: string,
  options: MemoryRootLockOptions = {},
): MemoryRootLock {
  const leaseMs = options.leaseMs ?? 30_000;
  const waitMs = options.waitMs ?? 60_000;
  const slot = createRecordSlot({
    records,
    scope,
    id: 'mfile_lock',
    kind: memoryLockKind,
    component,
    retries: 3,
    // Every command writes two versions (take, give back) that nobody reads: the newest 16 stay (at most 31
    // stored), pruned every 8 commands (a prune costs about a write; on the json-file store a journal rewrite).
    keepVersions: 16,
  });
  const write = (state: LockState) => ({ text: JSON.stringify(state), metadata: {} });

  const acquire = async (token: string): Promise<void> => {
    const deadline = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await slot.update((current) => {
          const state = parse(current?.text);
          if (state.holder !== null && state.holder !== token && state.until > Date.now()) throw new Held();
          return write({ holder: token, until: Date.now() + leaseMs });
        });
        return;
      } catch (error) {
        if (!(error instanceof Held) && !MemoryError.hasCode(error, 'CONFLICT')) throw error;
        if (Date.now() > deadline)
          throw new MemoryError({
            code: 'CONFLICT',
            component,
            message: `the memory directory stayed locked by another writer for ${waitMs} ms; try again`,
          });
        await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * Math.min(50, 2 ** attempt)));
      }
    }
  };

  const release = async (token: string): Promise<void> => {
    try {
      await slot.update((current) => {
        if (parse(current?.text).holder !== token) throw new Held(); // lost to an expired lease: not ours to free
        return write({ holder: null, until: 0 });
      });
    } catch (error) {
      // Held or CONFLICT: another writer took the lock after our lease ended; it is not ours to free.
      if (!(error instanceof Held) && !MemoryError.hasCode(error, 'CONFLICT')) throw error;
    }
  };

  return {
    async hold(fn) {
      const token = randomUUID();
      await acquire(token);
      try {
        return await fn();
      } finally {
        await release(token);
      }
    },
  };
}

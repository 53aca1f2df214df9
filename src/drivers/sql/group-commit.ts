/** A call waiting in a group commit: its input, and how to settle it. */
export interface GroupCall<I, O> {
  /** What the caller asked for. */
  readonly input: I;
  /** Settles the call with its result (later settlements are ignored, as a promise's are). */
  resolve(output: O): void;
  /** Settles the call with an error (later settlements are ignored, as a promise's are). */
  reject(error: unknown): void;
}

/** Options of {@link createGroupCommit}. */
export interface GroupCommitOptions<I, O> {
  /** Most calls in one batch. */
  maxCalls: number;
  /** Most total `size` in one batch (a single larger call still gets a batch of its own). */
  maxSize: number;
  /**
   * Runs one batch and settles each of its calls. `take()` closes the batch and returns its calls in arrival
   * order: call it when the shared commit can start (e.g. once the write lock is held), so calls arriving until
   * then still join. Batches run one at a time, in order.
   */
  run(take: () => readonly GroupCall<I, O>[]): Promise<void>;
}

/** Joins concurrent calls into batches: see {@link createGroupCommit}. */
export interface GroupCommit<I, O> {
  /** Joins the open batch (or opens one); resolves with this call's own outcome once its batch has run. */
  submit(input: I, size: number): Promise<O>;
}

/** A call as the batch keeps it: whether it has been settled. */
interface PendingCall<I, O> extends GroupCall<I, O> {
  settled: boolean;
}

interface Batch<I, O> {
  calls: PendingCall<I, O>[];
  size: number;
}

/**
 * Group commit: calls that arrive while a batch waits to start (behind the batch before it, or for a lock) join
 * it, up to `maxCalls` and `maxSize`; batches run strictly one after another. A lone caller never waits for
 * company: its batch starts at once. A call the batch leaves unsettled (a bug, or `run` throwing) is rejected
 * with the batch's error, so no caller hangs.
 */
export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const { maxCalls, maxSize, run } = options;
  /** The batch calls join (not yet taken); batches waiting to run, oldest first; whether one is running. */
  let open: Batch<I, O> | undefined;
  const waiting: Batch<I, O>[] = [];
  let draining = false;

  const drain = async () => {
    for (let batch = waiting.shift(); batch; batch = waiting.shift()) {
      const current = batch;
      const take = () => {
        if (open === current) open = undefined;
        return current.calls;
      };
      let failed = false;
      let failure: unknown;
      try {
        await run(take);
      } catch (error) {
        failed = true;
        failure = error;
      }
      // Only calls the run left unsettled get the failure; when the run returned, its error is made only then
      // (an Error captures a stack trace, too dear to make for every batch).
      for (const call of take()) {
        if (call.settled) continue;
        if (!failed) {
          failed = true;
          failure = new Error('[engram] [store] a group commit left a call unsettled');
        }
        call.reject(failure);
      }
    }
    draining = false;
  };

  return {
    submit(input, size) {
      return new Promise<O>((resolve, reject) => {
        if (!open || open.calls.length >= maxCalls || (open.calls.length > 0 && open.size + size > maxSize)) {
          open = { calls: [], size: 0 };
          waiting.push(open);
          if (!draining) {
            draining = true;
            // Started after this tick's other calls have joined (a lone call waits for no timer).
            queueMicrotask(drain);
          }
        }
        const call: PendingCall<I, O> = {
          input,
          settled: false,
          resolve(output) {
            call.settled = true;
            resolve(output);
          },
          reject(error) {
            call.settled = true;
            reject(error);
          },
        };
        open.calls.push(call);
        open.size += size;
      });
    },
  };
}

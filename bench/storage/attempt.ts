/** Runs child tasks so that a contender that fails is dropped from the rest of the run and named, with its error. */

import { runTask } from './child.ts';
import type { AppendResult, ColdOpenResult, Task } from './tasks.ts';

/** Child runs keyed by contender: a key that failed once is skipped afterwards. */
export interface Attempts {
  /** Runs `task` unless `key` failed before; undefined when it fails (now or before). */
  attempt<T extends AppendResult | ColdOpenResult>(
    key: string,
    task: Task,
  ): Promise<(T & { wallMs: number }) | undefined>;
  /** Failed keys and the first line of their errors. */
  failed: Map<string, string>;
}

/** A fresh set of attempts that logs failures with `log`. */
export function createAttempts(log: (line: string) => void): Attempts {
  const failed = new Map<string, string>();
  return {
    failed,
    async attempt<T extends AppendResult | ColdOpenResult>(key: string, task: Task) {
      if (failed.has(key)) return undefined;
      try {
        return await runTask<T>(task);
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        const line = text.split('\n').find((l) => /^\w*Error: /.test(l.trim())) ?? text.split('\n')[0]!;
        failed.set(key, line.trim().slice(0, 300));
        log(`  ${key} FAILED: ${line.trim()}`);
        return undefined;
      }
    },
  };
}

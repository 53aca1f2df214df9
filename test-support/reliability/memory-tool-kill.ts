import type { LongTermStoreV1 } from '../../src/longterm/long-term-store-v1.ts';
import { createMemoryFiles } from '../../src/tools/memory-tool/memory-files.ts';
import type { CommandContext } from '../../src/tools/memory-tool/memory-tool-commands.ts';

/** The scope of the memory tool's SIGKILL test. */
export const killTestScope = { tenant: 'kill', user: 'ada' };

/** The command context of the memory tool's SIGKILL test: a 300 ms lock lease, so a killed holder frees it soon. */
export function killTestContext(records: LongTermStoreV1): CommandContext {
  return {
    files: createMemoryFiles(records, killTestScope, 'memory-tool', { leaseMs: 300, waitMs: 10_000 }),
    maxFileBytes: 32 * 1024,
    maxFiles: 1000,
    maxPathLength: 255,
  };
}

/**
 * The stores of the long-term SIGKILL test: the reopenable SQL databases, and a json-file directory (single-writer:
 * one process at a time, a killed holder's lock is stale), each as a child process is told where it is.
 */
import { join } from 'node:path';
import { createJsonFileStore } from '../../src/drivers/json-file/json-file-driver.ts';
import type { HasLongTermRecords } from '../../src/longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { openReopenable, type ReopenableLocation, reopenableDrivers } from './reopenable-stores.ts';
import { tempDir } from './store-drivers.ts';

/** Where a child finds its store: a reopenable SQL database, or a json-file directory. */
export type LongTermLocation = ReopenableLocation | { directory: string };

/** A store with long-term records, opened on a location. */
export type LongTermStore = MemoryStoreV1 & HasLongTermRecords;

/** Opens a store on a location (what a new process does). */
export function openLongTermStore(location: LongTermLocation): LongTermStore {
  return 'directory' in location
    ? createJsonFileStore({ directory: location.directory })
    : openReopenable(location);
}

/** A database a test can open again, and where children find it. */
export interface LongTermDatabase {
  child: LongTermLocation;
  done(): Promise<void>;
}

/** SQLite, PostgreSQL (skipped without a test server) and json-file. */
export function longTermKillDrivers(): {
  name: string;
  skip: boolean;
  setup(label: string): Promise<LongTermDatabase>;
}[] {
  return [
    ...reopenableDrivers(),
    {
      name: 'json-file',
      skip: false,
      async setup(label) {
        const dir = await tempDir(label, true);
        return { child: { directory: join(dir.path, 'store') }, done: () => dir.remove() };
      },
    },
  ];
}

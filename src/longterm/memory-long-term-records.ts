import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { createLongTermRecords } from './create-long-term-records.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { memoryLongTermReads } from './memory-long-term-reads.ts';
import { createMemoryLongTermState, type LongTermJournal } from './memory-long-term-state.ts';
import { memoryLongTermVectors } from './memory-long-term-vectors.ts';
import { memoryLongTermWrites } from './memory-long-term-writes.ts';

export type { LongTermJournal, LongTermJournalEntry } from './memory-long-term-state.ts';

/** Options of {@link createMemoryLongTermRecords}. */
export interface MemoryLongTermRecordsOptions {
  /** The error prefix component, also the driver's name. @default 'memory' */
  component?: string;
  /** Whether the owning store is closed (calls then throw `STORE_CLOSED`). @default never */
  isClosed?: () => boolean;
  /** Makes the records durable (the json-file driver); without it they live in process. */
  journal?: LongTermJournal;
}

/**
 * The in-process long-term driver: every method of `LongTermDriverV1`, the optional ones included (its own
 * `getRecords`, a BM25 `searchText` over the terms stored with each version, and vectors), over records held
 * in process and, with a journal, made durable line by line.
 */
export function createMemoryLongTermDriver(
  options: Pick<MemoryLongTermRecordsOptions, 'component' | 'journal'> = {},
): LongTermDriverV1 {
  const component = options.component ?? 'memory';
  const state = createMemoryLongTermState(options.journal);
  return {
    specificationVersion: 'v1',
    name: component,
    ...memoryLongTermWrites(state, component),
    ...memoryLongTermReads(state, component),
    ...memoryLongTermVectors(state),
  };
}

/**
 * `LongTermStoreV1` held in process (the memory driver's `longTermRecords`, and the json-file driver's over a
 * journal): the in-process driver ({@link createMemoryLongTermDriver}) through `createLongTermRecords`.
 * Full-text search scores the scope's current records with FTS5's BM25 formula, vector search compares every
 * embedding of the model in the scope. Costs grow with the scope's records.
 */
export function createMemoryLongTermRecords(options: MemoryLongTermRecordsOptions = {}): LongTermStoreV1 {
  checkOptions(options, 'createMemoryLongTermRecords', 'longterm');
  checkKnownKeys(
    options,
    { component: true, isClosed: true, journal: true },
    'createMemoryLongTermRecords',
    'longterm',
  );
  const component = options.component ?? 'memory';
  const driver = createMemoryLongTermDriver({
    component,
    ...(options.journal ? { journal: options.journal } : {}),
  });
  return createLongTermRecords(driver, {
    component,
    ...(options.isClosed ? { isClosed: options.isClosed } : {}),
  });
}

import type { LongTermCase } from './long-term-case.ts';
import { longTermRecordCases } from './long-term-record-cases.ts';
import { longTermSearchCases } from './long-term-search-cases.ts';

/** The `LongTermStoreV1` conformance cases (see `describeLongTermStore`), records first, then search. */
export const longTermCases: LongTermCase[] = [...longTermRecordCases, ...longTermSearchCases];

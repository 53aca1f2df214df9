import { longTermAsOfCases } from './long-term-as-of-cases.ts';
import type { LongTermCase } from './long-term-case.ts';
import { longTermEmbeddingCases } from './long-term-embedding-cases.ts';
import { longTermHistoryOfCases } from './long-term-history-of-cases.ts';
import { longTermLatestTimeCases } from './long-term-latest-time-cases.ts';
import { longTermPruneCases } from './long-term-prune-cases.ts';
import { longTermRankedCases } from './long-term-ranked-cases.ts';
import { longTermRecordCases } from './long-term-record-cases.ts';
import { longTermSearchCases } from './long-term-search-cases.ts';
import { longTermSessionBoundCases } from './long-term-session-bound-cases.ts';

/** The `LongTermStoreV1` conformance cases (see `describeLongTermStore`), records first, then search and ranking. */
export const longTermCases: LongTermCase[] = [
  ...longTermRecordCases,
  ...longTermPruneCases,
  ...longTermHistoryOfCases,
  ...longTermLatestTimeCases,
  ...longTermEmbeddingCases,
  ...longTermSearchCases,
  ...longTermAsOfCases,
  ...longTermRankedCases,
  ...longTermSessionBoundCases,
];

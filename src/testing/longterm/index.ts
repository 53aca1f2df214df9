export {
  describeLongTermStore,
  type LongTermStoreFactory,
  type LongTermStoreHandle,
  longTermCaseNames,
} from './describe-long-term-store.ts';
export type { LongTermCase, LongTermCaseContext } from './long-term-case.ts';

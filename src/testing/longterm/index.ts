export {
  describeLongTermStore,
  type LongTermCase,
  type LongTermCaseContext,
  type LongTermStoreFactory,
  type LongTermStoreHandle,
  longTermCaseNames,
} from './describe-long-term-store.ts';

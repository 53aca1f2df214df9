/**
 * The parts of `engram/testing` that need vitest and fast-check: the store conformance suites, their case names,
 * and the arbitraries. A second barrel beside `./index.ts` so the package entry loads these only where the
 * runner is installed (see `src/testing.ts`).
 */
export {
  type ContentStoreFactory,
  type ContentStoreHandle,
  contentCaseNames,
  describeContentStore,
} from './content/index.ts';
export { arbConversation, type ConversationArbitraryOptions } from './conversation-arbitrary.ts';
export {
  type DescribeMemoryStoreOptions,
  describeMemoryStore,
  type MemoryStoreFactory,
  storeCaseNames,
} from './describe-memory-store.ts';
export {
  describeLongTermStore,
  type LongTermCase,
  type LongTermCaseContext,
  type LongTermStoreFactory,
  type LongTermStoreHandle,
  longTermCaseNames,
} from './longterm/index.ts';
export { arbMemoryMessage, arbModelMessage } from './message-arbitraries.ts';

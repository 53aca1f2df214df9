/**
 * @module engram/testing
 * The store conformance suites every driver passes (`describeMemoryStore`, `describeContentStore` for content items and
 * `describeLongTermStore` for long-term records), fixtures, fast-check arbitraries of
 * messages and conversations, the invariants every context view must satisfy (`checkContext`, `checkPairs`), and the
 * paths a memory-tool backend must refuse (`memoryToolPathTricks`). Needs vitest and
 * fast-check (optional peer dependencies).
 * @example
 * import { describeMemoryStore } from 'engram/testing';
 * describeMemoryStore('my-driver', { open: async () => createMyStore() });
 */
export {
  arbConversation,
  arbMemoryMessage,
  arbModelMessage,
  type ContentStoreFactory,
  type ContentStoreHandle,
  type ConversationArbitraryOptions,
  canonicalMessage,
  checkContext,
  checkPairs,
  contentCaseNames,
  createScriptedConversation,
  type DescribeMemoryStoreOptions,
  describeContentStore,
  describeLongTermStore,
  describeMemoryStore,
  expectMemoryError,
  type LongTermCase,
  type LongTermCaseContext,
  type LongTermStoreFactory,
  type LongTermStoreHandle,
  longTermCaseNames,
  type Mem0InjectedFault,
  type Mem0RecordedRequest,
  type Mem0TestServer,
  type Mem0TestServerOptions,
  type MemoryStoreFactory,
  makeMessage,
  makeToolPair,
  memoryToolPathTricks,
  type ScriptedConversationOptions,
  type StoreCase,
  type StoreCaseContext,
  splitTurns,
  startMem0TestServer,
  storeCaseNames,
  toInputs,
  uniqueScope,
  uniqueTenant,
  withText,
} from './testing/index.ts';

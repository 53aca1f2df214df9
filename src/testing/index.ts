/**
 * @module engram/testing
 * The `MemoryStoreV1` conformance suite every driver runs (vitest), and fixtures for tests.
 * Requires `vitest` and `fast-check` (optional peer dependencies).
 * @example
 * import { describeMemoryStore } from 'engram/testing';
 * describeMemoryStore('my-driver', { open: async () => createMyStore(), reopen: async (prev) => { await prev.close(); return createMyStore(); } });
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
  canonicalMessage,
  expectMemoryError,
  makeMessage,
  makeToolPair,
  toInputs,
  uniqueScope,
  uniqueTenant,
  withText,
} from './fixtures.ts';
export {
  describeLongTermStore,
  type LongTermCase,
  type LongTermCaseContext,
  type LongTermStoreFactory,
  type LongTermStoreHandle,
  longTermCaseNames,
} from './longterm/index.ts';
export {
  type Mem0InjectedFault,
  type Mem0RecordedRequest,
  type Mem0TestServer,
  type Mem0TestServerOptions,
  startMem0TestServer,
} from './mem0/index.ts';
export { memoryToolPathTricks } from './memory-tool-path-tricks.ts';
export { arbMemoryMessage, arbModelMessage } from './message-arbitraries.ts';
export {
  createScriptedConversation,
  type ScriptedConversationOptions,
  splitTurns,
} from './scripted-conversation.ts';
export type { StoreCase, StoreCaseContext } from './store-case.ts';
export { checkContext, checkPairs } from './view-invariants.ts';

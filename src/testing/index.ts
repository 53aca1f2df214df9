/**
 * The helpers of `engram/testing` that need no test runner: fixtures, a scripted conversation, the context-view
 * invariants, the memory-tool path tricks and a Mem0-compatible test server. They load without vitest or
 * fast-check; the conformance suites and arbitraries, which need both, are in `./suites.ts`.
 */
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
  type Mem0FaultMatch,
  type Mem0InjectedFault,
  type Mem0RecordedRequest,
  type Mem0TestServer,
  type Mem0TestServerOptions,
  startMem0TestServer,
} from './mem0/index.ts';
export { memoryToolPathTricks } from './memory-tool-path-tricks.ts';
export {
  createScriptedConversation,
  type ScriptedConversationOptions,
  splitTurns,
} from './scripted-conversation.ts';
export type { StoreCase, StoreCaseContext } from './store-case.ts';
export { checkContext, checkPairs } from './view-invariants.ts';

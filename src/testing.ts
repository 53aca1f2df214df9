/**
 * @module engram/testing
 * The store conformance suites every driver passes (`describeMemoryStore`, `describeContentStore` for content items and
 * `describeLongTermStore` for long-term records), fixtures, fast-check arbitraries of
 * messages and conversations, the invariants every context view must satisfy (`checkContext`, `checkPairs`), the
 * paths a memory-tool backend must refuse (`memoryToolPathTricks`) and a Mem0-compatible test server. The suites
 * and arbitraries need vitest and fast-check (optional peer dependencies); without them they throw
 * `MISSING_DEPENDENCY` when used, and every other helper works. An ES module only (it loads the suites with a
 * top-level `await`): `import`, not `require`.
 * @example
 * import { describeMemoryStore } from 'engram/testing';
 * describeMemoryStore('my-driver', { open: async () => createMyStore() });
 */
import { isMissingPackage, missingPeer } from './core/peer-module.ts';
import type * as Suites from './testing/suites.ts';

export {
  canonicalMessage,
  checkContext,
  checkPairs,
  createScriptedConversation,
  expectMemoryError,
  type Mem0FaultMatch,
  type Mem0InjectedFault,
  type Mem0RecordedRequest,
  type Mem0TestServer,
  type Mem0TestServerOptions,
  makeMessage,
  makeToolPair,
  memoryToolPathTricks,
  type ScriptedConversationOptions,
  type StoreCase,
  type StoreCaseContext,
  splitTurns,
  startMem0TestServer,
  toInputs,
  uniqueScope,
  uniqueTenant,
  withText,
} from './testing/index.ts';
export type {
  ContentStoreFactory,
  ContentStoreHandle,
  ConversationArbitraryOptions,
  DescribeMemoryStoreOptions,
  LongTermCase,
  LongTermCaseContext,
  LongTermStoreFactory,
  LongTermStoreHandle,
  MemoryStoreFactory,
} from './testing/suites.ts';

/** The test runner the suites and arbitraries need (optional peers: a project that tests with them has them). */
const runner = ['vitest', 'fast-check'];

/** Why the suites did not load (vitest or fast-check not installed), kept as the cause of the stand-ins' errors. */
let runnerMissing: unknown;

/** The suites and arbitraries, or undefined where vitest or fast-check is not installed. */
const suites: typeof Suites | undefined = await import('./testing/suites.ts').catch((error: unknown) => {
  if (!isMissingPackage(error, runner)) throw error;
  runnerMissing = error;
  return undefined;
});

/** The suite export `name`, or (without the runner) a stand-in that throws `MISSING_DEPENDENCY` when called or read. */
function suite<K extends keyof typeof Suites>(name: K): (typeof Suites)[K] {
  if (suites) return suites[name];
  const missing = () =>
    missingPeer(
      { component: 'testing', needs: `${name} needs vitest and fast-check`, packages: runner, dev: true },
      runnerMissing,
    );
  const stand: object = new Proxy(() => undefined, {
    apply() {
      throw missing();
    },
    get() {
      throw missing();
    },
  });
  return stand as (typeof Suites)[K];
}

/** The `MemoryStoreV1` conformance suite (vitest); see `DescribeMemoryStoreOptions`. */
export const describeMemoryStore = suite('describeMemoryStore');
/** The names of the `MemoryStoreV1` conformance cases. */
export const storeCaseNames = suite('storeCaseNames');
/** The content-store conformance suite (vitest). */
export const describeContentStore = suite('describeContentStore');
/** The names of the content-store conformance cases. */
export const contentCaseNames = suite('contentCaseNames');
/** The long-term store conformance suite (vitest). */
export const describeLongTermStore = suite('describeLongTermStore');
/** The names of the long-term store conformance cases. */
export const longTermCaseNames = suite('longTermCaseNames');
/** A fast-check arbitrary of whole conversations (tool pairs kept together). */
export const arbConversation = suite('arbConversation');
/** A fast-check arbitrary of AI SDK `ModelMessage`s. */
export const arbModelMessage = suite('arbModelMessage');
/** A fast-check arbitrary of engram `MemoryMessage`s. */
export const arbMemoryMessage = suite('arbMemoryMessage');

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockEmbeddingModelV4, MockLanguageModelV4 } from 'ai/test';
import { agent } from '../../src/ai-sdk/agent/agent.ts';
import { createChatStore } from '../../src/ai-sdk/chat/chat-store.ts';
import { createContentStore } from '../../src/content/create-content-store.ts';
import { createMemoryStore } from '../../src/drivers/memory/memory-driver.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../../src/tokens/estimate-token-counter.ts';
import { createSlidingWindowMemory } from '../../src/views/sliding-window-memory.ts';
import { createCoreMemory } from '../../src/working/core-memory.ts';
import { createWorkingMemory } from '../../src/working/working-memory.ts';
import { createMinimalContentDriver } from '../minimal-content-driver.ts';
import { createMinimalLongTermDriver } from '../minimal-long-term-driver.ts';
import { pgTestUrl } from '../postgres/test-database.ts';
import { scriptedLanguageModel } from '../scripted-language-model.ts';
import { entryExclusions } from './hostile-values.ts';

type Options = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the table calls exports of every signature
type Callable = any;

/** How the option-keys walk calls one export: its valid minimal options, and where they go in the call. */
export interface OptionCase {
  /** Valid options with nothing but what the export needs (made fresh for each call). */
  options: () => Options;
  /** Calls the export with `options`. @default `fn(options)` (`new fn(options)` for a class) */
  call?: (fn: Callable, options: Options) => unknown;
  /** What the error must name besides the key. @default the export's name */
  names?: string;
}

const counter = createEstimateTokenCounter();
const scope = { tenant: 'keys' };
const model = () => new MockLanguageModelV4();
const conversation = () => createConversationMemory({ store: createMemoryStore(), counter, sessionId: 's' });
const content = () => createContentStore({ counter });
/** An agent whose model answers (`runBranches` runs it). */
const anAgent = () =>
  agent({ name: 'helper', description: 'helps', model: scriptedLanguageModel([{ text: 'ok' }]).model });
const messages = [{ role: 'user' as const, content: 'hello' }];
const pgSchema = () => `engram_keys_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
/** `fn(options)` and `new fn(options)`'s variants with arguments before the options. */
const after =
  (...before: unknown[]) =>
  (fn: Callable, options: Options) =>
    fn(...before, options);
const constructAfter =
  (...before: unknown[]) =>
  (fn: Callable, options: Options) =>
    new fn(...before, options);

/**
 * Every export that takes an options object, keyed `entry.name` (`root` for `engram`), with valid minimal
 * options: the option-keys walk adds a misspelt key to them and expects `INVALID_ARGUMENT` naming it.
 */
export const optionCases: Record<string, OptionCase> = {
  // engram
  'root.createContentStore': { options: () => ({}) },
  'root.createJsonFileStore': { options: () => ({ directory: mkdtempSync(join(tmpdir(), 'engram-keys-')) }) },
  'root.createMemoryStore': { options: () => ({}) },
  'root.createLongTermMemory': { options: () => ({ scope }) },
  'root.embedderFromModel': { options: () => ({}), call: after(new MockEmbeddingModelV4()) },
  'root.formatRecall': { options: () => ({}), call: after([]) },
  'root.createConversationMemory': { options: () => ({}) },
  'root.createSimpleMemory': { options: () => ({}), call: after(messages) },
  'root.SimpleMemory': { options: () => ({}), call: constructAfter(messages) },
  'root.SlidingWindowMemory': { options: () => ({}), call: constructAfter(messages, 4) },
  'root.TokenWindowMemory': { options: () => ({}), call: constructAfter(messages, 1000) },
  'root.SummarizingMemory': {
    options: () => ({ summarizer: async () => 'summary' }),
    call: constructAfter(messages),
  },
  'root.toMemoryMessage': { options: () => ({}), call: after(messages[0], {}) },
  'root.toMemoryMessages': { options: () => ({}), call: after(messages, {}) },
  'root.createSessions': { options: () => ({ store: createMemoryStore() }) },
  'root.createBpeTokenCounter': { options: () => ({}) },
  'root.createEstimateTokenCounter': { options: () => ({}) },
  'root.createTokenCounter': { options: () => ({}) },
  'root.createContentTools': { options: () => ({ content: content() }) },
  'root.createCoreMemoryTools': {
    options: () => ({ memory: createCoreMemory({ scope, blocks: [{ label: 'persona', limit: 200 }] }) }),
  },
  'root.createHistoryTools': { options: () => ({ memory: conversation() }) },
  'root.createLongTermTools': { options: () => ({ memory: createLongTermMemory({ scope }) }) },
  'root.createWorkingMemoryTool': { options: () => ({ memory: createWorkingMemory({ scope }) }) },
  'root.createAssemblyRecorder': { options: () => ({ memory: conversation() }) },
  'root.createAutoContextMemory': {
    options: () => ({ conversation: conversation(), content: content(), maxTokens: 10_000 }),
  },
  'root.createCitationMemory': { options: () => ({ conversation: conversation(), content: content() }) },
  'root.createExtractiveObserver': { options: () => ({}) },
  'root.createExtractiveSummarizer': { options: () => ({}) },
  'root.createObservationalMemory': { options: () => ({ conversation: conversation(), background: false }) },
  'root.createSlidingWindowMemory': { options: () => ({ conversation: conversation(), windowSize: 4 }) },
  'root.createSummarizingMemory': {
    options: () => ({ conversation: conversation(), keepRecent: 2, summarizer: async () => 'summary' }),
  },
  'root.createTokenWindowMemory': { options: () => ({ conversation: conversation(), maxTokens: 1000 }) },
  'root.recordAssemblies': {
    options: () => ({}),
    call: (fn, options) =>
      fn(createSlidingWindowMemory({ conversation: conversation(), windowSize: 4 }), options),
  },
  'root.createCoreMemory': { options: () => ({ scope, blocks: [{ label: 'persona', limit: 200 }] }) },
  'root.createWorkingMemory': { options: () => ({ scope }) },
  // engram/sqlite, engram/postgres, engram/libsql
  'sqlite.createSqliteStore': { options: () => ({ path: ':memory:' }) },
  'sqlite.openSqliteStore': { options: () => ({ path: ':memory:' }) },
  'postgres.createPostgresStore': { options: () => ({ connectionString: pgTestUrl(), schema: pgSchema() }) },
  'postgres.openPostgresStore': { options: () => ({ connectionString: pgTestUrl(), schema: pgSchema() }) },
  'libsql.createLibsqlStore': { options: () => ({ url: ':memory:' }) },
  'libsql.createLibsqlDrivers': { options: () => ({ url: ':memory:' }) },
  // engram/ai-sdk
  'ai-sdk.agent': { options: () => ({ name: 'helper', description: 'helps', model: model() }) },
  'ai-sdk.agentUIMessageStream': {
    options: () => ({}),
    call: after({ stream: { async *[Symbol.asyncIterator]() {} } }),
  },
  'ai-sdk.contentToModelOutput': { options: () => ({ content: content(), toolName: 'web_fetch' }) },
  'ai-sdk.createAgent': { options: () => ({ model: model(), store: createMemoryStore(), scope }) },
  'ai-sdk.createChatHandler': {
    options: () => ({ agent: anAgent(), chats: createChatStore({ store: createMemoryStore() }) }),
  },
  'ai-sdk.createChatStore': { options: () => ({ store: createMemoryStore() }) },
  'ai-sdk.createLanguageModelCompactor': { options: () => ({ model: model() }) },
  'ai-sdk.createLanguageModelExtractor': { options: () => ({ model: model() }) },
  'ai-sdk.createLanguageModelObserver': { options: () => ({ model: model() }) },
  'ai-sdk.createLanguageModelReflector': { options: () => ({ model: model() }) },
  'ai-sdk.createLanguageModelSummarizer': { options: () => ({ model: model() }) },
  'ai-sdk.memoryPrepareStep': {
    options: () => ({ view: createSlidingWindowMemory({ conversation: conversation(), windowSize: 4 }) }),
  },
  'ai-sdk.runBranches': {
    options: () => ({ memory: conversation(), branches: [{ agent: anAgent(), prompt: 'hello' }] }),
  },
  'ai-sdk.subAgentTool': { options: () => ({ caller: 'lead' }), call: (fn, o) => fn(anAgent(), o) },
  'ai-sdk.toAiSdkPrompt': { options: () => ({}), call: after(messages) },
  'ai-sdk.withMemory': {
    options: () => ({ memory: conversation() }),
    call: (fn, o) => fn({ model: model() }, o),
  },
  // engram/langgraph, engram/openai-agents
  'langgraph.createEngramCheckpointSaver': { options: () => ({ store: createMemoryStore() }) },
  'langgraph.EngramCheckpointSaver': { options: () => ({ store: createMemoryStore() }) },
  'langgraph.createEngramStore': { options: () => ({ store: createMemoryStore() }) },
  'langgraph.EngramStore': { options: () => ({ store: createMemoryStore() }) },
  'openai-agents.createEngramSession': { options: () => ({ store: createMemoryStore() }) },
  // engram/converters, engram/memory-tool, engram/mem0, engram/patterns, engram/embeddings
  'converters.formatForModel': { options: () => ({ self: 'lead' }), call: after([]) },
  'memory-tool.createMemoryToolHandler': { options: () => ({ store: createMemoryStore(), scope }) },
  'mem0.createMem0LongTermMemory': { options: () => ({ ids: { userId: 'u' }, apiKey: 'k' }) },
  'patterns.createHierarchicalMemory': { options: () => ({ memory: conversation() }) },
  'patterns.createRagMemory': { options: () => ({ memory: conversation() }) },
  'patterns.createSharedMemoryPool': { options: () => ({ pool: 'p' }) },
  'patterns.openEpisodicMemory': { options: () => ({ series: 's' }) },
  'embeddings.localEmbedding': { options: () => ({}) },
  // engram/driver
  'driver.createContentItems': { options: () => ({}), call: (fn, o) => fn(createMinimalContentDriver(), o) },
  'driver.createMemoryContentItems': { options: () => ({}) },
  'driver.createLongTermRecords': {
    options: () => ({}),
    call: (fn, o) => fn(createMinimalLongTermDriver(), o),
  },
  'driver.createMemoryLongTermRecords': { options: () => ({}) },
  'driver.prepareContentItem': {
    options: () => ({ counter, clock: { now: () => new Date() }, component: 'keys' }),
    call: after({ type: 'custom', source: 's', content: 'text' }),
  },
  'driver.checkKnownKeys': {
    options: () => ({ known: 1 }),
    call: (fn, o) => fn(o, { known: true }, 'myFactory', 'keys'),
    names: 'myFactory',
  },
  'driver.checkListOptions': { options: () => ({}), call: (fn, o) => fn(o, 'keys'), names: 'listRecords' },
  'driver.checkSessionListOptions': {
    options: () => ({}),
    call: (fn, o) => fn(o, 'keys'),
    names: 'listSessions',
  },
  'driver.checkListArtifactsOptions': {
    options: () => ({}),
    call: (fn, o) => fn(o, 'keys'),
    names: 'listArtifacts',
  },
  'driver.checkPutArtifactOptions': {
    options: () => ({}),
    call: (fn, o) => fn(o, 'keys'),
    names: 'putArtifact',
  },
  'driver.checkAppendOptions': { options: () => ({}), call: (fn, o) => fn(o, 'keys'), names: 'append' },
  'driver.checkDeleteSessionOptions': {
    options: () => ({}),
    call: (fn, o) => fn(o, 'keys'),
    names: 'deleteSession',
  },
  // engram/testing
  'testing.createScriptedConversation': { options: () => ({ seed: 1, messages: 4 }) },
  'testing.startMem0TestServer': { options: () => ({}) },
  'testing.arbConversation': { options: () => ({}) },
};

/**
 * Exports the option-keys walk leaves out although they take an options object or are named like a factory
 * (`create…`, `open…`, `with…`), each with its reason. Keys are `entry.name`.
 */
export const optionExclusions: Record<string, string> = {
  // The error classes, as in the fuzz test: engram constructs its errors itself.
  ...entryExclusions,
  'root.createId': 'takes an id prefix (a string), no options',
  'driver.createId': 'the same function, re-exported for the driver kit (see root.createId)',
  'root.createContextReloadTool': 'takes the view to reload (checked for reload()), no options',
  'root.createExtractiveReflector': 'takes no arguments',
  'driver.createSerialQueue': 'takes no arguments',
  'driver.createLogStore':
    "takes a driver and extras merged into the store as given (the store's own methods)",
  'driver.withDeferredDurability': 'takes the work to run (a function), no options',
  'driver.withArtifactsOnAppend': 'takes the store to extend, no options',
  'driver.checkAppendCondition':
    'takes the condition checkAppendOptions returned (the options already checked there) and the session read, no options',
  'driver.checkDeleteCondition':
    'takes the condition checkDeleteSessionOptions returned (the options already checked there) and the session read, no options',
  'testing.withText': 'takes a message and its new text, no options',
  'testing.describeMemoryStore': 'registers a vitest suite: it can only run at the top of a test file',
  'testing.describeContentStore': 'registers a vitest suite (see describeMemoryStore)',
  'testing.describeLongTermStore': 'registers a vitest suite (see describeMemoryStore)',
};

/**
 * Rows whose export still takes a misspelt key without a word (or names another factory), each with what a
 * misspelling there costs. The walk expects each of them to fail and fails on one that no longer does, so the
 * list can only shrink: a fix removes its row in the same commit.
 */
export const knownIgnoring: Record<string, string> = {};

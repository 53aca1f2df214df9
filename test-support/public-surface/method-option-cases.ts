import { agent } from '../../src/ai-sdk/agent/agent.ts';
import { createChatStore } from '../../src/ai-sdk/chat/chat-store.ts';
import type { MemoryErrorCode } from '../../src/core/errors/memory-error.ts';
import { createMemoryStore } from '../../src/drivers/memory/memory-driver.ts';
import { createEngramCheckpointSaver } from '../../src/langgraph/engram-checkpoint-saver.ts';
import { createEngramStore } from '../../src/langgraph/engram-store.ts';
import { createMemoryLongTermRecords } from '../../src/longterm/memory-long-term-records.ts';
import { scriptedLanguageModel } from '../scripted-language-model.ts';
import { instanceCases } from './instance-cases.ts';

type Options = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the table calls methods of every signature
type Callable = any;

/** How the method walk calls one method: on which instances, with which valid minimal options. */
export interface MethodOptionCase {
  /** The instances to call it on: labels of {@link methodInstances}. */
  on: string[];
  /** Calls the method of `instance` with `options` (awaited when it returns a promise). */
  call: (instance: Callable, options: Options) => unknown;
  /** Valid options with nothing but what the method needs (made fresh for each call). @default `{}` */
  options?: () => Options;
  /** What the error must name besides the key. @default the method's name */
  names?: string;
  /** The codes a refusal may have: the method's documented one. @default `['INVALID_ARGUMENT']` */
  codes?: MemoryErrorCode[];
  /** Options where null means something documented (`put`'s `ttl: null`, no expiry): the null walk skips them. */
  nullable?: string[];
}

const scope = { tenant: 'keys' };
/** A session `s` in `store` (its methods that take options need one), then `store`. */
const withSession = async (store: Callable) => {
  if (!(await store.getSession(scope, 's'))) await store.createSession(scope, { id: 's' });
  return store;
};
const message = (id: string) => ({ id, role: 'user', parts: [{ type: 'text', text: 'hello' }] });
const threadConfig = { configurable: { thread_id: 't' } };

/**
 * The instances the method walk calls, by label: every one of the fuzz test's `instanceCases`, and the
 * option-taking objects it does not build (an agent, a chat store, LangGraph's saver and store, long-term records).
 * Each call builds a fresh one.
 */
export const methodInstances: Record<string, () => unknown> = {
  ...Object.fromEntries(instanceCases),
  agent: () =>
    agent({ name: 'helper', description: 'helps', model: scriptedLanguageModel([{ text: 'ok' }]).model }),
  'chat store': () => createChatStore({ store: createMemoryStore() }),
  'checkpoint saver': () => createEngramCheckpointSaver({ store: createMemoryStore() }),
  'LangGraph store': () => createEngramStore({ store: createMemoryStore() }),
  'long-term records': () => createMemoryLongTermRecords(),
};

const stores = ['memory store', 'sqlite store', 'libsql store'];

/**
 * Every public method that takes an options object, keyed `Declarer.method` as `optionTakingMethods` finds them,
 * with how to call it: the method walk adds a misspelt key to its options, then sets each option to null, and
 * expects a `MemoryError` naming the key.
 */
export const methodOptionCases: Record<string, MethodOptionCase> = {
  'Agent.run': { on: ['agent'], call: (a, o) => a.run('hello', undefined, o).result },
  'ChatStore.append': { on: ['chat store'], call: (c, o) => c.append('c', [message('m1')], o) },
  'ChatStore.fork': {
    on: ['chat store'],
    call: async (c, o) => {
      await c.append('c', [message('m1')]);
      return c.fork('c', { atMessageId: 'm1', ...o });
    },
  },
  'ChatStore.update': {
    on: ['chat store'],
    call: async (c, o) => {
      await c.append('c', [message('m1')]);
      return c.update('c', message('m1'), o);
    },
  },
  'ContentStore.compact': {
    on: ['content store'],
    call: async (c, o) => {
      await c.store({ type: 'custom', source: 's', content: 'x' });
      return c.compact((await c.snapshot()).items[0], o);
    },
  },
  'ContentStore.describe': {
    on: ['content store'],
    call: async (c, o) => c.describe(await c.store({ type: 'custom', source: 's', content: 'x' }), o),
  },
  'ConversationMemory.listArtifacts': {
    on: ['conversation memory'],
    call: (m, o) => m.listArtifacts(undefined, undefined, o),
  },
  'ConversationMemory.search': { on: ['conversation memory'], call: (m, o) => m.search('hello', o) },
  'ConversationMemory.tail': { on: ['conversation memory'], call: (m, o) => m.tail(o) },
  'EngramCheckpointSaver.getDeltaChannelHistory': {
    on: ['checkpoint saver'],
    options: () => ({ config: threadConfig, channels: [] }),
    call: (s, o) => s.getDeltaChannelHistory(o),
  },
  'EngramCheckpointSaver.list': {
    on: ['checkpoint saver'],
    call: async (s, o) => {
      for await (const _ of s.list(threadConfig, o));
    },
    nullable: ['before', 'filter'],
  },
  'EngramStore.get': { on: ['LangGraph store'], call: (s, o) => s.get(['ns'], 'k', o) },
  'EngramStore.listNamespaces': { on: ['LangGraph store'], call: (s, o) => s.listNamespaces(o) },
  'EngramStore.put': {
    on: ['LangGraph store'],
    call: (s, o) => s.put(['ns'], 'k', { a: 1 }, undefined, o),
    nullable: ['ttl'],
  },
  'EngramStore.search': {
    on: ['LangGraph store'],
    call: (s, o) => s.search(['ns'], o),
    codes: ['INVALID_ARGUMENT', 'INVALID_QUERY'],
  },
  'LongTermMemory.retrieve': { on: ['long-term memory'], call: (m, o) => m.retrieve('Lisbon', o) },
  'LongTermMemory.search': { on: ['long-term memory'], call: (m, o) => m.search('Lisbon', o) },
  'LongTermStoreV1.latestRecordTime': {
    on: ['long-term records'],
    call: (r, o) => r.latestRecordTime(scope, o),
  },
  'LongTermStoreV1.listRecords': { on: ['long-term records'], call: (r, o) => r.listRecords(scope, o) },
  'MemoryStoreV1.append': {
    on: stores,
    call: async (s, o) => (await withSession(s)).append(scope, 's', [], o),
  },
  'MemoryStoreV1.deleteSession': {
    on: stores,
    call: async (s, o) => (await withSession(s)).deleteSession(scope, 's', o),
  },
  'MemoryStoreV1.listArtifacts': {
    on: stores,
    call: async (s, o) => (await withSession(s)).listArtifacts(scope, 's', undefined, undefined, o),
  },
  'MemoryStoreV1.listSessions': { on: stores, call: (s, o) => s.listSessions(scope, o) },
  'MemoryStoreV1.putArtifact': {
    on: stores,
    call: async (s, o) =>
      (await withSession(s)).putArtifact(
        scope,
        's',
        { id: 'a', kind: 'k', fromSeq: 0, toSeq: 0, data: null },
        o,
      ),
  },
  'Sessions.copy': {
    on: ['sessions'],
    call: async (s, o) => s.copy((await s.create({ id: 'a' })).sessionId, o),
  },
  'Sessions.create': { on: ['sessions'], call: (s, o) => s.create(o) },
  'Sessions.list': { on: ['sessions'], call: (s, o) => s.list(o) },
};

const contract = (library: string) =>
  `${library}'s contract, which engram implements and the library calls with its own options: they are the library's to name (it adds keys in minor versions), so engram takes them as given`;

/** Methods the walk leaves out although they take an options object, each with its reason. */
export const methodOptionExclusions: Record<string, string> = {
  '@ai-sdk/provider:EmbeddingModelV4.doEmbed': contract('the AI SDK provider (embed() calls it)'),
  '@langchain/langgraph-checkpoint:BaseCheckpointSaver.get': contract("LangGraph's (its RunnableConfig)"),
  'EngramCheckpointSaver.getTuple': contract("LangGraph's (its RunnableConfig)"),
  'EngramCheckpointSaver.put': contract("LangGraph's (its RunnableConfig)"),
  'EngramCheckpointSaver.putWrites': contract("LangGraph's (its RunnableConfig)"),
  'ai:Agent.generate': contract(
    "the AI SDK's Agent (withMemory forwards its call options to the model's agent)",
  ),
  'ai:Agent.stream': contract("the AI SDK's Agent (see ai:Agent.generate)"),
  'ai:StreamTextResult.toUIMessageStreamResponse':
    "the AI SDK's own result object, returned as the SDK made it",
  '@types/node:ReadableStream.getReader': "a web stream's own method (a chat response's body)",
  '@types/node:ReadableStream.pipeThrough': "a web stream's own method",
  '@types/node:ReadableStream.pipeTo': "a web stream's own method",
  '@types/node:ReadableStream.values': "a web stream's own method",
  'ContentCompactor.compact':
    "a compactor's contract, implemented by the caller and called by the content store with options it checked (ContentStore.compact is walked)",
  'LogDriverV1.append':
    'a driver contract: createLogStore checks the options before calling it (MemoryStoreV1.append is walked)',
  'LogDriverV1.deleteSession':
    'a driver contract (see LogDriverV1.append; MemoryStoreV1.deleteSession is walked)',
  'LogDriverV1.listArtifacts':
    'a driver contract (see LogDriverV1.append; MemoryStoreV1.listArtifacts is walked)',
  'LogDriverV1.listSessions':
    'a driver contract (see LogDriverV1.append; MemoryStoreV1.listSessions is walked)',
  'LogDriverV1.putArtifact':
    'a driver contract (see LogDriverV1.append; MemoryStoreV1.putArtifact is walked)',
  'LongTermDriverV1.latestRecordTime':
    'a driver contract: createLongTermRecords checks the options before calling it (LongTermStoreV1.latestRecordTime is walked)',
  'LongTermDriverV1.listRecords':
    'a driver contract (see LongTermDriverV1.latestRecordTime; LongTermStoreV1.listRecords is walked)',
  'SqliteDatabaseLike.function':
    "a method of the caller's own SQLite database, which engram calls (with its options), never offers",
};

/**
 * Rows whose method still takes a misspelt key or a null without a word, each with what it costs. The walk
 * expects each to fail and fails on one that no longer does, so the list can only shrink.
 */
export const methodsIgnoring: Record<string, string> = {};

import type { LanguageModel } from 'ai';
import type { HasContentItems } from '../../content/content-store-v1.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { checkChoice, checkKnownKeys, checkOptionalInteger, checkOptions } from '../../core/check-options.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkScope, type Scope } from '../../core/scope.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { toEmbedder } from '../../longterm/embedder.ts';
import type { LongTermMemoryOptions } from '../../longterm/long-term-memory-options.ts';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import {
  type ConversationMemoryOptions,
  createConversationMemory,
} from '../../memory/conversation-memory.ts';
import { createAutoContextMemory } from '../../views/auto-context/auto-context-memory.ts';
import { createCitationMemory } from '../../views/citation-memory.ts';
import { checkLanguageModel } from '../check-language-model.ts';
import { agent } from './agent.ts';
import type { Agent, AgentConfig, AgentLongTermMemory } from './agent-types.ts';
import { checkNestedOptions, checkPinnedMemories, configKeys } from './agent-wiring.ts';
import { modelContextWindow } from './model-context-window.ts';

/** A store that holds all of an agent's memory: its log, content items and long-term records (every built-in store). */
export type AgentStore = NonNullable<ConversationMemoryOptions['store']> &
  HasContentItems &
  HasLongTermRecords;

/** The budget used for a model whose context window is not known. */
const fallbackWindow = 32_000;

/** Options of {@link createAgent}: {@link AgentConfig}'s, with the memory built from a store. */
export interface CreateAgentOptions
  extends Omit<AgentConfig, 'name' | 'description' | 'memory' | 'contentStore' | 'longTermMemory'> {
  /** Any AI SDK language model. */
  model: LanguageModel;
  /** Where all of the agent's memory lives (`createSqliteStore({ path })`, `createPostgresStore(…)`, …). */
  store: AgentStore;
  /** Whose memory it is: the conversation, the content and the long-term records belong to this scope. */
  scope: Scope;
  /** The conversation to continue; a second process with the same id sees the same messages. @default 'default' */
  sessionId?: string;
  /** The agent's name. @default 'assistant' */
  name?: string;
  /** What it does. @default 'An assistant with durable memory' */
  description?: string;
  /**
   * The context budget in tokens. @default the model's context window when it is a well-known model
   * (`modelContextWindow`), else 32,000
   */
  maxTokens?: number;
  /**
   * How the context is kept within the budget: `ladder` (`createAutoContextMemory`: large tool results sent in full
   * once, then cited; older tool results cleared, tool runs compacted, rounds summarized as the context fills) or
   * `citations` (`createCitationMemory`: first use in full, then a citation; the newest whole units that fit).
   * @default 'ladder'
   */
  context?: 'ladder' | 'citations';
  /**
   * Recall of what this scope said in earlier sessions (`createLongTermMemory` on the store), or `false`; another
   * key than `mode`, `recallTokens` and `embedding` (a misspelt `mod`, a `memory`) is `INVALID_ARGUMENT`.
   * @default {} (static recall, full text only)
   */
  longTermMemory?: false | CreateAgentLongTermMemory;
}

/** `createAgent`'s `longTermMemory`: `agent()`'s options but the memory, which it builds, and that memory's embedding model. */
export interface CreateAgentLongTermMemory extends Omit<AgentLongTermMemory, 'memory'> {
  /**
   * An AI SDK embedding model whose vectors are fused with full text in recall (`localEmbedding()` from
   * `engram/embeddings`, `openai.embedding('text-embedding-3-small')`): `createLongTermMemory`'s `embedding`.
   * @default none (full text only)
   */
  embedding?: LongTermMemoryOptions['embedding'];
}

/**
 * Every option of {@link CreateAgentOptions}: `agent()`'s (but the memory and content store it builds), and its
 * own. Derived from `agent()`'s list, so the two cannot drift apart.
 */
const { memory: _memory, contentStore: _contentStore, ...agentKeys } = configKeys;
const optionKeys: Record<keyof CreateAgentOptions, true> = {
  ...agentKeys,
  store: true,
  scope: true,
  sessionId: true,
  maxTokens: true,
  context: true,
};

const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component: 'agent', message });

/**
 * An {@link agent} with durable memory from one store: its conversation (`sessionId` in `scope`), a content store
 * for large tool results (in full once, then a citation), a context kept within the model's window, and recall of
 * what this user said in earlier sessions. Every other option is `agent()`'s.
 * @example
 * const assistant = createAgent({
 *   model: openai('gpt-4o-mini'),
 *   store: createSqliteStore({ path: 'chat.db' }),
 *   scope: { tenant: 'acme', user: 'ada' },
 * });
 * console.log((await assistant.run('Where did we leave off?').result).text);
 */
export function createAgent(options: CreateAgentOptions): Agent {
  checkOptions(options, 'createAgent', 'agent');
  checkKnownKeys(options, optionKeys, 'createAgent', 'agent');
  // Its longTermMemory has no memory: createAgent makes it (one given was replaced without a word).
  checkNestedOptions(options, 'createAgent(options)', { mode: true, recallTokens: true, embedding: true });
  checkPinnedMemories(options, 'createAgent(options)');
  const {
    model,
    store,
    scope: _scope,
    sessionId = 'default',
    maxTokens: _maxTokens,
    context = 'ladder',
    longTermMemory = {},
    ...rest
  } = options;
  if (typeof store !== 'object' || store === null) throw bad('createAgent: store must be an engram store');
  const scope = checkScope(options.scope, 'agent');
  // Their texts are built with describeValue: JSON.stringify and String threw on a BigInt, a cyclic object or a
  // null-prototype one, a raw TypeError instead of this INVALID_ARGUMENT.
  checkChoice(context, ['ladder', 'citations'], 'createAgent(options).context', 'agent', 'ladder');
  checkOptionalInteger(options.maxTokens, 'createAgent(options).maxTokens', 'agent', 1);
  checkLanguageModel(model, 'createAgent(options).model', 'agent');
  const maxTokens = options.maxTokens ?? modelContextWindow(model) ?? fallbackWindow;

  const conversation = createConversationMemory({ store, scope, sessionId });
  const content = createContentStore({ store, scope });
  const memory =
    context === 'ladder'
      ? createAutoContextMemory({ conversation, content, maxTokens })
      : createCitationMemory({ conversation, content, maxTokens });
  const config: AgentConfig = {
    ...rest,
    name: options.name ?? 'assistant',
    description: options.description ?? 'An assistant with durable memory',
    model,
    memory,
    contentStore: content,
  };
  if (longTermMemory !== false) {
    const { embedding, ...recall } = longTermMemory;
    const where = 'createAgent(options).longTermMemory.embedding';
    const memory = createLongTermMemory({
      store,
      scope,
      ...(embedding !== undefined ? { embedding: toEmbedder(embedding, where) } : {}),
    });
    config.longTermMemory = { ...recall, memory };
  }
  return agent(config);
}

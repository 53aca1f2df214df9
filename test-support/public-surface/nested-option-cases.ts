import { createContentStore } from '../../src/content/create-content-store.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { createEstimateTokenCounter } from '../../src/tokens/estimate-token-counter.ts';
import { optionCases } from './option-cases.ts';

type Options = Record<string, unknown>;

/** How the nested option-keys walk tries one nested options object: the export's options with it present and valid. */
export interface NestedOptionCase {
  /** Valid options of the export holding the nested object at the row's path (made fresh for each call). */
  options: () => Options;
  /** What the error must name besides the path. @default the export's name */
  names?: string;
  /** The error's code. @default 'INVALID_ARGUMENT' */
  code?: 'INVALID_ARGUMENT' | 'INVALID_QUERY';
}

const scope = { tenant: 'keys' };
const counter = createEstimateTokenCounter();
/** The row of the top-level walk (`optionCases`) of `key`, its options completed with `extra`. */
const withOptions = (key: string, extra: Options) => (): Options => ({
  ...optionCases[key]!.options(),
  ...extra,
});
/** A scope row: `checkScope` refuses a misspelt scope field for every export, naming `scope.<key>`. */
const scoped = (key: string): NestedOptionCase => ({ options: withOptions(key, { scope }), names: 'scope' });
const rule = { offload: { overTokens: 10 }, keepTurns: 1 };
const policy = { default: rule, tools: { web_fetch: rule } };
const prune = { reasoning: 'all', toolCalls: [{ type: 'all', tools: ['web_fetch'] }] };

/**
 * Every object-typed option nested in an export's options, keyed `entry.name:path` as `nestedOptionObjects` finds
 * them (`[]` an array's element, `*` a map's value), with the export's valid options holding it: the nested walk
 * adds a misspelt key to it and expects `INVALID_ARGUMENT` naming the path (`longTermMemory.zzMisspelt`).
 */
export const nestedOptionCases: Record<string, NestedOptionCase> = {
  // engram
  'root.SimpleMemory:scope': scoped('root.SimpleMemory'),
  'root.SlidingWindowMemory:scope': scoped('root.SlidingWindowMemory'),
  'root.SummarizingMemory:scope': scoped('root.SummarizingMemory'),
  'root.SummarizingMemory:prune': { options: withOptions('root.SummarizingMemory', { prune }) },
  'root.SummarizingMemory:prune.toolCalls[]': { options: withOptions('root.SummarizingMemory', { prune }) },
  'root.TokenWindowMemory:scope': scoped('root.TokenWindowMemory'),
  'root.TokenWindowMemory:prune': { options: withOptions('root.TokenWindowMemory', { prune }) },
  'root.TokenWindowMemory:prune.toolCalls[]': { options: withOptions('root.TokenWindowMemory', { prune }) },
  'root.createSimpleMemory:scope': scoped('root.createSimpleMemory'),
  'root.createSlidingWindowMemory:prune': {
    options: withOptions('root.createSlidingWindowMemory', { prune }),
  },
  'root.createSlidingWindowMemory:prune.toolCalls[]': {
    options: withOptions('root.createSlidingWindowMemory', { prune }),
  },
  'root.createSummarizingMemory:prune': { options: withOptions('root.createSummarizingMemory', { prune }) },
  'root.createSummarizingMemory:prune.toolCalls[]': {
    options: withOptions('root.createSummarizingMemory', { prune }),
  },
  'root.createTokenWindowMemory:prune': { options: withOptions('root.createTokenWindowMemory', { prune }) },
  'root.createTokenWindowMemory:prune.toolCalls[]': {
    options: withOptions('root.createTokenWindowMemory', { prune }),
  },
  'root.createAutoContextMemory:citations': {
    options: withOptions('root.createAutoContextMemory', { citations: policy }),
  },
  'root.createAutoContextMemory:citations.default': {
    options: withOptions('root.createAutoContextMemory', { citations: policy }),
  },
  'root.createAutoContextMemory:citations.default.offload': {
    options: withOptions('root.createAutoContextMemory', { citations: policy }),
  },
  'root.createAutoContextMemory:citations.tools.*': {
    options: withOptions('root.createAutoContextMemory', { citations: policy }),
  },
  'root.createAutoContextMemory:citations.tools.*.offload': {
    options: withOptions('root.createAutoContextMemory', { citations: policy }),
  },
  'root.createCitationMemory:policy': { options: withOptions('root.createCitationMemory', { policy }) },
  'root.createCitationMemory:policy.default': {
    options: withOptions('root.createCitationMemory', { policy }),
  },
  'root.createCitationMemory:policy.default.offload': {
    options: withOptions('root.createCitationMemory', { policy }),
  },
  'root.createCitationMemory:policy.tools.*': {
    options: withOptions('root.createCitationMemory', { policy }),
  },
  'root.createCitationMemory:policy.tools.*.offload': {
    options: withOptions('root.createCitationMemory', { policy }),
  },
  'root.createContentStore:scope': scoped('root.createContentStore'),
  'root.createConversationMemory:scope': scoped('root.createConversationMemory'),
  'root.createCoreMemory:scope': scoped('root.createCoreMemory'),
  'root.createCoreMemory:blocks[]': { options: withOptions('root.createCoreMemory', {}) },
  'root.createLongTermMemory:scope': scoped('root.createLongTermMemory'),
  'root.createLongTermMemory:keepOut': {
    options: withOptions('root.createLongTermMemory', { keepOut: { toolDerived: 'recall' } }),
  },
  'root.createSessions:scope': scoped('root.createSessions'),
  'root.createWorkingMemory:scope': scoped('root.createWorkingMemory'),
  // engram/ai-sdk
  'ai-sdk.agent:longTermMemory': {
    options: withOptions('ai-sdk.agent', {
      longTermMemory: { memory: createLongTermMemory({ scope }), mode: 'static' },
    }),
  },
  'ai-sdk.agent:recordAssembly': { options: withOptions('ai-sdk.agent', { recordAssembly: { keep: 2 } }) },
  'ai-sdk.contentToModelOutput:rule': {
    options: withOptions('ai-sdk.contentToModelOutput', { rule: { offload: rule.offload } }),
  },
  'ai-sdk.contentToModelOutput:rule.offload': {
    options: withOptions('ai-sdk.contentToModelOutput', { rule: { offload: rule.offload } }),
  },
  'ai-sdk.createAgent:scope': scoped('ai-sdk.createAgent'),
  'ai-sdk.createAgent:longTermMemory': {
    options: withOptions('ai-sdk.createAgent', { longTermMemory: { mode: 'static' } }),
  },
  'ai-sdk.createAgent:recordAssembly': {
    options: withOptions('ai-sdk.createAgent', { recordAssembly: { keep: 2 } }),
  },
  'ai-sdk.createChatHandler:agentStream': {
    options: withOptions('ai-sdk.createChatHandler', { agentStream: { sendReasoning: false } }),
  },
  'ai-sdk.createChatStore:scope': scoped('ai-sdk.createChatStore'),
  'ai-sdk.runBranches:branches[]': { options: withOptions('ai-sdk.runBranches', {}) },
  'ai-sdk.subAgentTool:scope': scoped('ai-sdk.subAgentTool'),
  'ai-sdk.subAgentTool:content': {
    options: withOptions('ai-sdk.subAgentTool', {
      content: { store: createContentStore({ counter }), mode: 'snapshot' },
    }),
  },
  // engram/driver, engram/langgraph, engram/mem0, engram/memory-tool, engram/openai-agents, engram/patterns
  // A listing's filter is a query: a field it does not know is INVALID_QUERY, as every other bad filter.
  'driver.checkListOptions:filter': {
    options: () => ({ filter: { kinds: ['fact'] } }),
    names: 'filter',
    code: 'INVALID_QUERY',
  },
  'langgraph.EngramCheckpointSaver:scope': scoped('langgraph.EngramCheckpointSaver'),
  'langgraph.createEngramCheckpointSaver:scope': scoped('langgraph.createEngramCheckpointSaver'),
  'langgraph.EngramStore:scope': scoped('langgraph.EngramStore'),
  'langgraph.EngramStore:ttl': { options: withOptions('langgraph.EngramStore', { ttl: { defaultTtl: 5 } }) },
  'langgraph.createEngramStore:scope': scoped('langgraph.createEngramStore'),
  'langgraph.createEngramStore:ttl': {
    options: withOptions('langgraph.createEngramStore', { ttl: { defaultTtl: 5 } }),
  },
  'mem0.createMem0LongTermMemory:ids': { options: withOptions('mem0.createMem0LongTermMemory', {}) },
  'memory-tool.createMemoryToolHandler:scope': scoped('memory-tool.createMemoryToolHandler'),
  'openai-agents.createEngramSession:scope': scoped('openai-agents.createEngramSession'),
  'patterns.createSharedMemoryPool:scope': scoped('patterns.createSharedMemoryPool'),
  'patterns.openEpisodicMemory:scope': scoped('patterns.openEpisodicMemory'),
  'patterns.openEpisodicMemory:ranking': {
    options: withOptions('patterns.openEpisodicMemory', { ranking: { rrfK: 60 } }),
  },
};

/**
 * Nested objects the walk finds that are not options, each with why a key there is not checked against a list:
 * user data (messages, metadata, JSON values), maps keyed by the user's names, AI SDK values passed through to the
 * SDK, and stores (a store's other members are its own). Keys are `entry.name:path`.
 */
export const nestedOptionExclusions: Record<string, string> = {
  'ai-sdk.agent:tools': "tool definitions (the AI SDK's ToolSet), keyed by the user's tool names",
  'ai-sdk.createAgent:tools': 'tool definitions (see ai-sdk.agent:tools)',
  'ai-sdk.createChatStore:tools': 'tool definitions (see ai-sdk.agent:tools)',
  'ai-sdk.createChatHandler:uiStream':
    "the AI SDK's UIMessageStreamOptions, passed through to toUIMessageStreamResponse (the SDK owns its keys)",
  'ai-sdk.runBranches:branches[].prompt[]':
    "a user message's content parts (the AI SDK's UserContent): user data",
  'driver.checkListOptions:filter.metadata': "metadata to match, keyed by the user's own metadata keys",
  'mem0.createMem0LongTermMemory:metadata': "metadata stored with every memory, keyed by the user's own keys",
  'root.createConversationMemory:initialMessages[]': 'messages to seed the log with: user data',
  'root.createAutoContextMemory:citations.tools':
    "a map keyed by the user's tool names (each rule is checked: .*)",
  'root.createCitationMemory:policy.tools': "a map keyed by the user's tool names (each rule is checked: .*)",
  'root.createContentStore:store':
    'a store (HasContentItems): any MemoryStoreV1 with contentItems, its other members its own',
  'root.createCoreMemory:store':
    'a store (HasLongTermRecords): any store with longTermRecords, its other members its own',
  'root.createLongTermMemory:store': 'a store (see root.createCoreMemory:store)',
  'root.createWorkingMemory:store': 'a store (see root.createCoreMemory:store)',
  'memory-tool.createMemoryToolHandler:store': 'a store (see root.createCoreMemory:store)',
};

/**
 * Rows whose export still takes a misspelt nested key without a word (or names another export), each with what a
 * misspelling there costs. The walk expects each of them to fail and fails on one that no longer does, so the
 * list can only shrink: a fix removes its row in the same commit.
 */
export const nestedKnownIgnoring: Record<string, string> = {};

/**
 * Fields of the nested options objects of `nestedOptionCases` that the nested option-values walk leaves out, each
 * with why no value there is of a wrong type (its declared type takes anything). Keys are `entry.name:path.field`.
 */
export const nestedValueExclusions: Record<string, string> = {};

/**
 * Fields whose wrong-typed values are still taken without a word (or refused without naming the field), each with
 * "unchecked: not yet". The walk expects each to fail and fails on one that no longer does, so the list can only
 * shrink: a fix removes its row in the same commit. Keys are `entry.name:path.field`.
 */
export const nestedValuesNotYetChecked: Record<string, string> = {};

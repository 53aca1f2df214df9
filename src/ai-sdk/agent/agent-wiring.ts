import {
  asSchema,
  isStepCount,
  type ModelMessage,
  type StopCondition,
  type ToolSet,
  type UserContent,
} from 'ai';
import {
  checkChoice,
  checkFunction,
  checkKnownKeys,
  checkMethods,
  checkOptionalInteger,
} from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId } from '../../core/ids.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { checkRetentionPolicy } from '../../memory/retention-policy.ts';
import { SimpleMemory } from '../../memory/simple-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { createContentTools } from '../../tools/content-tools.ts';
import { createHistoryTools } from '../../tools/history-tools.ts';
import { createLongTermTools } from '../../tools/long-term-tools.ts';
import { createCoreMemoryTools, createWorkingMemoryTool } from '../../tools/working-memory-tools.ts';
import { type AssemblyRecorder, createAssemblyRecorder } from '../../views/assembly/assembly-records.ts';
import { type ContextView, toContextView } from '../../views/context-view.ts';
import { checkLanguageModel } from '../check-language-model.ts';
import type { AgentConfig, AgentEvent, AgentLongTermMemory, AgentRunOptions } from './agent-types.ts';
import { checkPrompt } from './check-prompt.ts';
import type { EventChannel } from './event-channel.ts';
import { withJsonToolResults } from './json-tool-results.ts';
import { createSentCounts, type SentCounts } from './sent-counts.ts';
import { checkToolsContext } from './tools-context.ts';

const component = 'agent';

/** An `INVALID_ARGUMENT` error of the agent. */
export const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/** What an agent decides once, from its config: the parts every run shares. */
export interface AgentWiring {
  config: AgentConfig;
  /** The config's memory as a view (adapted once), or undefined: each run then gets a new SimpleMemory. */
  view: ContextView<ModelMessage> | undefined;
  /** The agent's tools (its own, the content store's, long-term, working and core memory's). */
  tools: ToolSet;
  /** The stop conditions, checked after each step. */
  conditions: StopCondition<ToolSet>[];
  /** Whether long-term memory is recalled before the first step and recorded after the run. */
  staticRecall: boolean;
  /** Counts what the agent sends, once per message content and text (kept per agent, across runs). */
  counts: SentCounts;
  /** The counter of a view without a conversation (o200k_base). */
  o200k: TokenCounter;
}

/** What one run works with: the agent's parts, and the run's memory, tools, counter, recorder and events. */
export interface RunParts {
  wiring: AgentWiring;
  config: AgentConfig;
  view: ContextView<ModelMessage>;
  tools: ToolSet;
  /** The view's conversation's counter (o200k_base without one), so the agent's figures and the view's agree. */
  counter: TokenCounter;
  countOf: (message: ModelMessage) => number;
  /** Counts a text in `counter`, once per distinct text. */
  countTextOf: (text: string) => number;
  /** Records each step's assembly, when the config asks. */
  recording: AssemblyRecorder | undefined;
  runId: string;
  channel: EventChannel<AgentEvent>;
  signal: AbortSignal | undefined;
  context: Record<string, unknown> | undefined;
}

/** Every option of {@link AgentConfig}: a key not listed is a misspelt option, refused (createAgent's derive from it). */
export const configKeys: Record<keyof AgentConfig, true> = {
  name: true,
  description: true,
  model: true,
  instructions: true,
  tools: true,
  memory: true,
  contentStore: true,
  longTermMemory: true,
  workingMemory: true,
  coreMemory: true,
  memoryPlacement: true,
  stopWhen: true,
  componentName: true,
  memoryRetention: true,
  recordAssembly: true,
};

/** Checks an agent's config (typed errors naming the field). */
export function checkConfig(config: AgentConfig): void {
  if (typeof config !== 'object' || config === null) throw bad('agent(config): config must be an object');
  checkKnownKeys(config, configKeys, 'agent', component, 'agent(config)');
  if (typeof config.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(config.name))
    throw bad('agent(config): name must be 1–64 letters, digits, _ or - (it names the agent as a tool)');
  if (typeof config.description !== 'string') throw bad('agent(config): description must be a string');
  checkLanguageModel(config.model, 'agent(config): model', component);
  for (const key of ['instructions', 'componentName'] as const)
    if (config[key] !== undefined && typeof config[key] !== 'string')
      throw bad(`agent(config): ${key} must be a string, got ${describeValue(config[key])}`);
  checkTools(config.tools);
  checkStopWhen(config.stopWhen);
  checkChoice(
    config.memoryPlacement,
    ['instructions', 'user'],
    'agent(config): memoryPlacement',
    component,
    'instructions',
  );
  checkNestedOptions(config, 'agent(config)', longTermKeys);
  checkPinnedMemories(config, 'agent(config)');
  if (config.memoryRetention !== undefined)
    checkRetentionPolicy(config.memoryRetention, 'agent(config): memoryRetention', component);
}

/**
 * Checks an agent's `workingMemory` and `coreMemory`, named from `where` (`agent(config)`, `createAgent(options)`):
 * each absent, or an object with the methods its tools call and `render()`, which every step calls to pin it in the
 * context. Else `INVALID_ARGUMENT` naming it, before anything runs: a falsy one (`cond && memory`) was taken as none
 * when the tools were made, then failed every run with a raw TypeError at its first step.
 */
export function checkPinnedMemories(
  config: { workingMemory?: unknown; coreMemory?: unknown },
  where: string,
): void {
  if (config.workingMemory !== undefined)
    checkMethods(config.workingMemory, `${where}: workingMemory`, component, ['update', 'render']);
  if (config.coreMemory !== undefined)
    checkMethods(config.coreMemory, `${where}: coreMemory`, component, [
      'append',
      'replace',
      'insert',
      'rethink',
      'render',
    ]);
}

/** Every key of an agent's `longTermMemory` (the compiler keeps it complete). */
const longTermKeys: Record<keyof AgentLongTermMemory, true> = {
  memory: true,
  mode: true,
  recallTokens: true,
};

/**
 * Checks the options objects nested in an agent's config, named from `where` (`agent(config)`,
 * `createAgent(options)`): `recordAssembly` must be a boolean or `{ keep }` (an integer >= 1), and a key
 * `recordAssembly` or `longTermMemory` does not have (`longTermKeys` lists the latter's) is `INVALID_ARGUMENT`
 * naming its path (`agent(config).longTermMemory.mod`), before anything runs: a misspelt `mod` would run the agent
 * in `static` mode, a `memory` in `recordAssembly` would replace the view's conversation. `longTermMemory`'s values
 * are checked too (see `checkLongTermValues`), named by their path (`createAgent(options).longTermMemory.mode`).
 */
export function checkNestedOptions(
  config: { recordAssembly?: unknown; longTermMemory?: unknown },
  where: string,
  longTermKeys: Readonly<Record<string, true>>,
): void {
  const record = config.recordAssembly;
  if (record !== undefined && typeof record !== 'boolean' && (typeof record !== 'object' || record === null))
    throw bad(`${where}: recordAssembly must be a boolean or { keep }, got ${describeValue(record)}`);
  if (typeof record === 'object') {
    checkKnownKeys(record, { keep: true }, where, component, `${where}.recordAssembly`);
    checkOptionalInteger((record as { keep?: unknown }).keep, `${where}.recordAssembly.keep`, component, 1);
  }
  const longTerm = config.longTermMemory;
  // false is none (createAgent's documented off switch; agent() took it alike). 7 or 'x' was taken by agent(), then
  // recalled from at the first run: a raw TypeError.
  if (longTerm === undefined || longTerm === false) return;
  const withMemory = 'memory' in longTermKeys;
  if (typeof longTerm !== 'object' || longTerm === null || Array.isArray(longTerm))
    throw bad(`${where}.longTermMemory must be false or an object, got ${describeValue(longTerm)}`);
  checkKnownKeys(longTerm, longTermKeys, where, component, `${where}.longTermMemory`);
  checkLongTermValues(longTerm as Partial<AgentLongTermMemory>, `${where}.longTermMemory`, withMemory);
}

/**
 * The values of an agent's `longTermMemory` at `where`: `mode` one of its choices, `recallTokens` an integer from 1
 * to 1,000,000, and (`withMemory`: `agent()`'s, not `createAgent`'s, which makes it) `memory` a long-term memory
 * with the methods the mode calls (`record` and `retrieve` for recall, `add` and `retrieve` for the tools), so a
 * wrong one is refused here, not as a raw TypeError at the first run.
 */
function checkLongTermValues(
  longTerm: Partial<AgentLongTermMemory>,
  where: string,
  withMemory: boolean,
): void {
  const mode = checkChoice(longTerm.mode, ['static', 'agent', 'both'], `${where}.mode`, component, 'static');
  const { recallTokens } = longTerm;
  if (
    recallTokens !== undefined &&
    (!Number.isSafeInteger(recallTokens) || recallTokens < 1 || recallTokens > 1_000_000)
  )
    throw bad(
      `${where}.recallTokens must be an integer from 1 to 1000000, got ${describeValue(recallTokens)}`,
    );
  if (withMemory) {
    const methods = {
      static: ['record', 'retrieve'],
      agent: ['add', 'retrieve'],
      both: ['record', 'add', 'retrieve'],
    };
    checkMethods(longTerm.memory, `${where}.memory`, component, methods[mode]);
  }
}

/** The config's tools: an object whose every entry is a tool (an object), not a string or an array. */
function checkTools(tools: unknown): void {
  if (tools === undefined) return;
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools))
    throw bad(`agent(config): tools must be an object of AI SDK tools, got ${describeValue(tools)}`);
  for (const [name, t] of Object.entries(tools))
    if (typeof t !== 'object' || t === null)
      throw bad(`agent(config): tools.${name} must be an AI SDK tool, got ${describeValue(t)}`);
}

/** The config's stopWhen: a stop condition (a function) or an array of them; checked after the first step else. */
function checkStopWhen(stopWhen: unknown): void {
  if (stopWhen === undefined) return;
  const conditions: unknown[] = Array.isArray(stopWhen) ? stopWhen : [stopWhen];
  conditions.forEach((c, i) => {
    checkFunction(c, `agent(config): stopWhen${Array.isArray(stopWhen) ? `[${i}]` : ''}`, component);
  });
}

/** The agent's parts from its config (checked first); a seed 000 memory of the config is adapted here, once. */
export function wireAgent(config: AgentConfig): AgentWiring {
  checkConfig(config);
  const view = config.memory === undefined ? undefined : toContextView(config.memory);
  const stopWhen = config.stopWhen ?? isStepCount(20);
  const ltm = config.longTermMemory;
  return {
    config,
    view,
    tools: toolsOf(config, config.contentStore, view?.conversation),
    conditions: Array.isArray(stopWhen) ? stopWhen : [stopWhen],
    staticRecall: ltm !== undefined && (ltm.mode ?? 'static') !== 'agent',
    counts: createSentCounts(),
    o200k: createTokenCounter({ encoding: 'o200k_base' }),
  };
}

/**
 * One run's parts: its memory (the run's option, else the agent's, else a new `SimpleMemory`; a seed 000
 * memory adapted here, once), tools, counter and recorder. Checks the prompt, the context and the tools' context
 * schemas first.
 */
export async function wireRun(
  wiring: AgentWiring,
  prompt: string | UserContent,
  context: Record<string, unknown> | undefined,
  options: AgentRunOptions,
  channel: EventChannel<AgentEvent>,
): Promise<RunParts> {
  const { config } = wiring;
  checkRunOptions(options);
  const view = options.memory
    ? toContextView(options.memory)
    : (wiring.view ?? toContextView(new SimpleMemory()));
  // A run's own content store, or its own memory beside a content store (a sub-agent's), gets tools over them.
  const contentStore = options.contentStore ?? config.contentStore;
  const tools =
    options.contentStore || (options.memory && contentStore)
      ? toolsOf(config, contentStore, view.conversation)
      : wiring.tools;
  checkPrompt(prompt, 'run(prompt): prompt');
  if (context !== undefined && (typeof context !== 'object' || context === null || Array.isArray(context)))
    throw bad('run(prompt, context): context must be an object');
  await checkToolsContext(tools, context);
  const counter = view.conversation?.counter ?? wiring.o200k;
  return {
    wiring,
    config,
    view,
    tools,
    counter,
    countOf: wiring.counts.countWith(counter),
    countTextOf: wiring.counts.countTextWith(counter),
    recording: config.recordAssembly ? assemblyRecorder(view, config.recordAssembly) : undefined,
    runId: createId('run'),
    channel,
    signal: options.abortSignal,
    context,
  };
}

/** Every option of {@link AgentRunOptions}: a key not listed is a misspelt option, refused. */
const runKeys: Record<keyof AgentRunOptions, true> = {
  memory: true,
  abortSignal: true,
  from: true,
  contentStore: true,
};

/** Checks a run's options: an object of known keys, an `AbortSignal`, a string `from` (typed errors naming them). */
function checkRunOptions(options: AgentRunOptions): void {
  const where = 'run(prompt, context, options)';
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw bad(`${where}: options must be an object, got ${describeValue(options)}`);
  checkKnownKeys(options, runKeys, 'run', component, `${where}.options`);
  if (options.abortSignal !== undefined && !(options.abortSignal instanceof AbortSignal))
    throw bad(`${where}: abortSignal must be an AbortSignal, got ${describeValue(options.abortSignal)}`);
  if (options.from !== undefined && typeof options.from !== 'string')
    throw bad(`${where}: from must be a string, got ${describeValue(options.from)}`);
}

/**
 * The agent's tools: its own, the content store's, and the long-term memory's in `agent` / `both` mode. With a
 * content store and a stored conversation, also `search_history` (unless the agent has a tool of that name):
 * a result the view shows as a citation, or no longer shows, is found again in the log from a description.
 */
function toolsOf(
  config: AgentConfig,
  contentStore: AgentConfig['contentStore'],
  conversation: ConversationMemory | undefined,
): ToolSet {
  // The caller's tools, their results checked: one the AI SDK cannot serialize is a tool error, as a throw is.
  const tools: ToolSet = withJsonToolResults(config.tools ?? {});
  if (contentStore) Object.assign(tools, createContentTools({ content: contentStore }));
  if (contentStore && conversation)
    tools.search_history ??= createHistoryTools({ memory: conversation }).search_history;
  const ltm = config.longTermMemory;
  if (ltm && (ltm.mode === 'agent' || ltm.mode === 'both')) {
    const own = createLongTermTools({
      memory: ltm.memory,
      ...(conversation ? { session: conversation.sessionId } : {}),
    });
    tools.record_to_memory = own.record_to_memory;
    // With a content store, its retrieve_from_memory keeps the name (seed 004); long-term recall is renamed.
    tools[contentStore ? 'retrieve_from_long_term_memory' : 'retrieve_from_memory'] =
      own.retrieve_from_memory;
  }
  if (config.workingMemory) Object.assign(tools, createWorkingMemoryTool({ memory: config.workingMemory }));
  if (config.coreMemory) Object.assign(tools, createCoreMemoryTools({ memory: config.coreMemory }));
  return withSchemasConverted(tools);
}

/**
 * The tools with each input schema converted once (`asSchema`, whose JSON Schema is computed on first use and
 * kept): the AI SDK converts a zod schema to JSON Schema again at every step otherwise (~2 ms a step for the
 * built-in tools). A schema already converted is kept as it is.
 */
function withSchemasConverted(tools: ToolSet): ToolSet {
  const out: ToolSet = {};
  for (const [name, t] of Object.entries(tools))
    out[name] = t.inputSchema === undefined ? t : { ...t, inputSchema: asSchema(t.inputSchema) };
  return out;
}

/** One recorder per conversation, across runs, so retention counts what this process recorded (weakly held). */
const recorders = new WeakMap<ConversationMemory, AssemblyRecorder>();

/** The recorder of a view's conversation. */
function assemblyRecorder(
  view: ContextView<ModelMessage>,
  option: true | { keep?: number },
): AssemblyRecorder {
  const { conversation } = view;
  if (!conversation)
    throw bad(
      'recordAssembly needs a memory on a stored conversation (a ConversationMemory, an engram view or a seed 000 class)',
    );
  let recorder = recorders.get(conversation);
  if (!recorder) {
    recorder = createAssemblyRecorder({ memory: conversation, ...(option === true ? {} : option) });
    recorders.set(conversation, recorder);
  }
  return recorder;
}

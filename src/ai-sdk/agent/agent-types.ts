import type {
  AssistantContent,
  FinishReason,
  LanguageModel,
  LanguageModelUsage,
  ModelMessage,
  StopCondition,
  ToolSet,
  UserContent,
} from 'ai';
import type { ContentStore } from '../../content/create-content-store.ts';
import type { StateModule } from '../../core/state-module.ts';
import type { LongTermMemory, LongTermMemoryMode } from '../../longterm/long-term-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import type { RetentionPolicy } from '../../memory/retention-policy.ts';
import type { ContextView } from '../../views/context-view.ts';
import type { CoreMemory } from '../../working/core-memory.ts';
import type { WorkingMemory } from '../../working/working-memory.ts';

/** Seed 003's `memory_retention`: what happens to the agent's memory when a run ends (the one `RetentionPolicy`). */
export type MemoryRetention = RetentionPolicy;

/** Long-term memory of an agent (seed 002): the memory and how the agent uses it. */
export interface AgentLongTermMemory {
  /** Any {@link LongTermMemory} (`createLongTermMemory`, `createMem0LongTermMemory`). */
  memory: LongTermMemory;
  /**
   * `static`: recalled with the prompt before the first step and sent as a `<long_term_memory>` user-role block
   * (never in the instructions), the run's user and assistant messages recorded after it; `agent`: the tools
   * `record_to_memory` and `retrieve_from_memory`; `both`. @default 'static'
   */
  mode?: LongTermMemoryMode;
  /**
   * The token budget of the recalled block (`static` and `both`): whole records with the neighbouring turns that
   * make them understandable, best first, none of the messages the model already sees (an integer from 1 to
   * 1,000,000). @default a tenth of the view's token budget when it has one (`lastAssembly().budget`), else of
   * the model's context window when it is a well-known one (`modelContextWindow`), at most 4,000; else 2,000
   */
  recallTokens?: number;
}

/** What {@link agent} takes (seed 000's agent config, with engram's memory options). */
export interface AgentConfig {
  /** The agent's name (in events, and as a sub-agent's tool name). */
  name: string;
  /** What it does (a sub-agent's tool description). */
  description: string;
  /** Any AI SDK language model. */
  model: LanguageModel;
  /** The system prompt: the agent's own (system messages in memory are never sent). */
  instructions?: string;
  /** AI SDK tools. */
  tools?: ToolSet;
  /**
   * The default memory of its runs (a run's `memory` option wins): a `ContextView` (any engram view, a
   * `ConversationMemory`, seed 000's classes), or a seed 000 `Memory` of your own, adapted once by `toContextView`.
   * @default a new SimpleMemory per run
   */
  memory?: ContextView<ModelMessage> | Memory;
  /**
   * A content store: its tools (`store_in_memory`, `retrieve_from_memory`, `query_memory`) are added, and with a
   * memory on a stored conversation also `search_history` (the log, searched by relevance).
   */
  contentStore?: ContentStore;
  /** Long-term memory and its mode (a key it does not have, a misspelt `mod`, is `INVALID_ARGUMENT`). */
  longTermMemory?: AgentLongTermMemory;
  /** Working memory, always in the context and updated by the agent (`update_working_memory`). */
  workingMemory?: WorkingMemory;
  /** Core memory blocks, always in the context and edited by the agent (`memory_append`, `memory_replace`, …). */
  coreMemory?: CoreMemory;
  /** Where working memory and core blocks go: after the instructions, or in a leading user-role block. @default 'instructions' */
  memoryPlacement?: 'instructions' | 'user';
  /** When to stop the tool loop (AI SDK stop conditions, checked after each step). @default isStepCount(20) */
  stopWhen?: StopCondition<ToolSet> | StopCondition<ToolSet>[];
  /** The key of its state in a session (`SessionManager.addComponent(agent)`). @default its name */
  componentName?: string;
  /** Seed 003's retention, applied at the end of each run: `single_run` clears the view's conversation. @default 'session' */
  memoryRetention?: MemoryRetention;
  /**
   * Records what each step sent (an `AssemblyRecord` beside the session's log: every item by source with its
   * tokens, what the view left out and why, the provider's reported input tokens and the unattributed rest);
   * `engram context` and `engram inspect` show them. Needs a view with a conversation (every engram view,
   * conversation and seed 000 class). `keep`: records kept per session. @default false
   */
  recordAssembly?: boolean | { keep?: number };
}

/** Options of one run. */
export interface AgentRunOptions {
  /**
   * This run's memory (seed 000: run options, then the agent's config, then a new SimpleMemory): a `ContextView`
   * or a seed 000 `Memory` of your own (adapted once by `toContextView`).
   */
  memory?: ContextView<ModelMessage> | Memory;
  /** Cancels the run: the step in flight is not stored (no tool call without its result). */
  abortSignal?: AbortSignal;
  /**
   * The agent that asked (a sub-agent's caller): the prompt is stored with `agent: { from, to, kind: 'call' }`
   * and reaches this agent's model as `[Request from <from>]: …` (seed 003's `agent_call`).
   */
  from?: string;
  /** This run's content store instead of the agent's (a sub-agent gets its caller's, shared or a snapshot). */
  contentStore?: ContentStore;
}

/** The events of a run, in order: `agent-start`, per step deltas and tool events then `agent-step-end`, `agent-end`. */
export type AgentEvent =
  | { type: 'agent-start'; agent: string; prompt: string | UserContent }
  | { type: 'text-delta'; step: number; text: string }
  | { type: 'reasoning-delta'; step: number; text: string }
  | { type: 'tool-call'; step: number; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; step: number; toolCallId: string; toolName: string; output: unknown }
  | { type: 'tool-error'; step: number; toolCallId: string; toolName: string; error: string }
  | {
      type: 'agent-step-end';
      step: number;
      finishReason: FinishReason;
      appended: ModelMessage[];
      /** What the step sent, in tokens, by source. */
      context: AgentContextStats;
    }
  | {
      type: 'agent-end';
      agent: string;
      response: AssistantContent | undefined;
      finishReason: FinishReason | 'aborted';
      usage: LanguageModelUsage;
    };

/** What one step sent to the model, in tokens by source: in the memory's counter (o200k_base when the memory has none). */
export interface AgentContextStats {
  /** The agent's instructions. */
  instructions: number;
  /** Working memory and core blocks. */
  pinned: number;
  /** The recalled long-term memory block. */
  recall: number;
  /** The messages from memory (summaries, observations and citations a view puts there included). */
  messages: number;
}

/** What a run produced. */
export interface AgentResult {
  /** The last assistant message among the run's appended messages (seed 000), or undefined. */
  response: AssistantContent | undefined;
  /** Its text parts, joined. */
  text: string;
  /** Every message in memory at the end of the run (the execution record). */
  messages: ModelMessage[];
  /** What the run appended (its prompt, then each step's assistant and tool messages). */
  appended: ModelMessage[];
  /** Steps the model took. */
  steps: number;
  /** Why the last step ended, or `aborted`. */
  finishReason: FinishReason | 'aborted';
  /** Tokens over all steps. */
  usage: LanguageModelUsage;
  /**
   * Calls of the last step that no tool answered (tools without `execute`, answered by your code): that step was
   * not stored, so memory never holds a call without its result. Store `pendingStep` with your tool results in one
   * `store` call, then run again.
   */
  pendingToolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  /**
   * The response messages of that unstored step: its assistant message, and a tool message with the results of
   * the calls its tools did answer (empty when nothing is pending).
   */
  pendingStep: ModelMessage[];
}

/** A run: its events as they happen, and its result. */
export interface AgentRun {
  /** The events (buffered: reading them is optional, and late readers get them all). */
  stream: AsyncIterable<AgentEvent>;
  /** Resolves when the run ended (an aborted run resolves with `finishReason: 'aborted'`); rejects on an error. */
  result: Promise<AgentResult>;
}

/** An agent (seed 000), and a session component (seed 002's `ReActAgent`: its state is its memory's kind and whether the last run was interrupted). */
export interface Agent extends StateModule {
  /** Whether the last run was cancelled (seed 002's `interrupted`); kept by `saveState` / `loadState`. */
  readonly interrupted: boolean;
  /** Its name. */
  readonly name: string;
  /** Its description. */
  readonly description: string;
  /**
   * Runs the agent on a prompt. `context` reaches every tool as `options.context` (the AI SDK's `toolsContext`,
   * checked against each tool's `contextSchema` before the model is called: a mismatch is `INVALID_ARGUMENT`)
   * and the SDK's callbacks as `runtimeContext`; a sub-agent tool passes it on to the sub-agent's run.
   */
  run(prompt: string | UserContent, context?: Record<string, unknown>, options?: AgentRunOptions): AgentRun;
}

import { type ModelMessage, type Tool, tool } from 'ai';
import { z } from 'zod';
import type { ContentStore } from '../../content/create-content-store.ts';
import { contentForSubAgent, type SubAgentContentMode } from '../../content/sub-agent-content.ts';
import {
  checkChoice,
  checkKnownKeys,
  checkMethods,
  checkNestedKeys,
  checkOptionalInteger,
  checkOptions,
} from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId } from '../../core/ids.ts';
import { checkScope, defaultScope, type Scope } from '../../core/scope.ts';
import {
  type ConversationMemoryOptions,
  createConversationMemory,
  logStoreMethods,
} from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import type { ContextView } from '../../views/context-view.ts';
import type { Agent } from './agent-types.ts';

/** Options of {@link subAgentTool}. */
export interface SubAgentToolOptions {
  /** The calling agent's name: the task is stored in the sub-agent's memory as its `agent_call`. */
  caller: string;
  /**
   * The sub-agent's memory: `isolated` (default) — a new conversation per call, on `store` when given (session
   * `<caller>/<sub-agent>/<tool call id>`, or `<caller>/<sub-agent>/<tool call id>/<id>` when the store already
   * holds that one: a repeated tool call id), so it sees neither the caller's history nor earlier calls; or a view
   * (or seed 000 `Memory`) you keep, shared by every call (the sub-agent remembers its earlier tasks).
   */
  memory?: 'isolated' | ContextView<ModelMessage> | Memory;
  /** Where isolated memories live. @default in process */
  store?: ConversationMemoryOptions['store'];
  /**
   * Whose isolated memories these are on `store`: the caller's scope, so one tenant's or user's sub-agent runs are
   * never in another's. @default { tenant: 'default' }
   */
  scope?: Scope;
  /**
   * The caller's content store and how the sub-agent gets it (seed 004's ShareMemoryWithSubAgents); another key (a
   * misspelt `mod`) is `INVALID_ARGUMENT`. @default 'shared'
   */
  content?: { store: ContentStore; mode?: SubAgentContentMode };
  /**
   * Longest answer returned to the caller, in characters (the rest is cut, saying so): a positive integer.
   * @default 20,000
   */
  maxAnswerChars?: number;
}

/** What the tool returns to the calling model. */
export type SubAgentAnswer = { agent: string; answer: string; steps: number } | { error: string };

/**
 * An agent as a tool of another (seeds 003 and 004): the calling model passes a `task`; the sub-agent runs it
 * with its own memory (isolated by default), the task stored there as the caller's `agent_call` (its model reads
 * `[Request from <caller>]: …`), and its answer — the last assistant message of its run — comes back as the tool
 * result. The caller's content store is shared, snapshotted or kept apart by `content.mode`. A cancelled caller
 * cancels the sub-agent's run; the caller's run context (`options.context`) is the sub-agent's run context. A bad
 * argument is `INVALID_ARGUMENT` naming it and what was given, when the tool is made.
 * @example
 * const researcher = agent({ name: 'researcher', description: 'Finds sources', model, tools: { web_search } });
 * const lead = agent({ name: 'lead', description: 'Plans', model, tools: { researcher: subAgentTool(researcher, { caller: 'lead' }) } });
 */
export function subAgentTool(
  sub: Agent,
  options: SubAgentToolOptions,
): Tool<{ task: string }, SubAgentAnswer> {
  checkSubAgentToolArguments(sub, options);
  const max = options.maxAnswerChars ?? 20_000;
  return tool({
    description: `${sub.description} (the ${sub.name} agent: give it one self-contained task; it answers in text)`,
    inputSchema: z.object({
      task: z.string().min(1).max(20_000).describe('The task, with everything it needs'),
    }),
    execute: async ({ task }, { toolCallId, abortSignal, context }) => {
      const memory =
        options.memory === undefined || options.memory === 'isolated'
          ? createConversationMemory({
              ...(options.store ? { store: options.store } : {}),
              ...(options.scope ? { scope: options.scope } : {}),
              sessionId: await isolatedSession(options, `${options.caller}/${sub.name}/${toolCallId}`),
            })
          : options.memory;
      const contentStore = options.content
        ? await contentForSubAgent(options.content.store, options.content.mode ?? 'shared')
        : undefined;
      // The caller's run context goes on to the sub-agent's tools (the agent gives every tool the same object).
      const runContext =
        typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : undefined;
      const result = await sub.run(task, runContext, {
        memory,
        from: options.caller,
        ...(abortSignal ? { abortSignal } : {}),
        ...(contentStore ? { contentStore } : {}),
      }).result;
      if (result.finishReason === 'aborted') return { error: `${sub.name} was cancelled` };
      const answer =
        result.text.length > max
          ? `${result.text.slice(0, max)}\n[… ${result.text.length - max} more characters not shown]`
          : result.text;
      return { agent: sub.name, answer, steps: result.steps };
    },
  });
}

/**
 * The session of an isolated call: `base` (`<caller>/<sub-agent>/<tool call id>`), created now so no other call
 * takes it; when `store` already holds it (a provider that repeats tool call ids, an empty one, or a scripted model:
 * the sub-agent read the earlier call's task and answer, another user's under the same scope), a new session
 * `<base>/<id>`. Without a store every call's memory is a new in-process one: `base` as is.
 */
async function isolatedSession(options: SubAgentToolOptions, base: string): Promise<string> {
  const { store } = options;
  if (store === undefined) return base;
  const scope = options.scope ?? defaultScope;
  try {
    await store.createSession(scope, { id: base });
    return base;
  } catch (error) {
    // Refused for another reason than being taken (the store failed): that error.
    if (!(await store.getSession(scope, base))) throw error;
  }
  return `${base}/${createId('ses')}`;
}

const component = 'agent';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/**
 * Checks {@link subAgentTool}'s arguments when the tool is made: `sub` an agent (`run()`, a string `name` and
 * `description`), `options` an object of known keys whose values are what they document. Else `INVALID_ARGUMENT`
 * naming the argument and what was given (`subAgentTool(options).maxAnswerChars must be an integer >= 1, got "500"`),
 * never a raw TypeError, and never an option silently taken as off (a string `maxAnswerChars` cut nothing).
 */
function checkSubAgentToolArguments(sub: Agent, options: SubAgentToolOptions): void {
  checkMethods(sub, 'subAgentTool(sub)', component, ['run']);
  for (const key of ['name', 'description'] as const)
    if (typeof sub[key] !== 'string')
      throw bad(`subAgentTool(sub).${key} must be a string, got ${describeValue(sub[key])}`);
  checkOptions(options, 'subAgentTool', component);
  checkKnownKeys(
    options,
    { caller: true, memory: true, store: true, scope: true, content: true, maxAnswerChars: true },
    'subAgentTool',
    component,
  );
  const where = 'subAgentTool(options)';
  if (typeof options.caller !== 'string' || options.caller === '')
    throw bad(`${where}.caller must be a non-empty string, got ${describeValue(options.caller)}`);
  const { memory } = options;
  if (typeof memory === 'string') checkChoice(memory, ['isolated'], `${where}.memory`, component, 'isolated');
  else if (memory !== undefined) checkMethods(memory, `${where}.memory`, component, ['read', 'store']);
  if (options.store !== undefined) checkMethods(options.store, `${where}.store`, component, logStoreMethods);
  if (options.scope !== undefined) checkScope(options.scope, component);
  checkOptionalInteger(options.maxAnswerChars, `${where}.maxAnswerChars`, component, 1);
  checkNestedKeys(options.content, { store: true, mode: true }, `${where}.content`, component);
  if (options.content !== undefined) {
    // Checked here, not at the first call of the tool: the store the sub-agent's content tools use, and (but
    // `shared`) what makes its own space.
    const { store, mode } = options.content;
    const own = checkChoice(
      mode,
      ['shared', 'snapshot', 'isolated'],
      `${where}.content.mode`,
      component,
      'shared',
    );
    const space = own === 'shared' ? [] : ['withSpace', 'snapshot', 'restore'];
    checkMethods(store, `${where}.content.store`, component, ['put', 'retrieve', 'query', ...space]);
  }
}

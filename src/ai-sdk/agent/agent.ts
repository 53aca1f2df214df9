import {
  type AssistantContent,
  type FinishReason,
  isStepCount,
  type LanguageModelUsage,
  type ModelMessage,
  type StepResult,
  streamText,
  type ToolSet,
  type UserContent,
} from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId } from '../../core/ids.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { formatRecall } from '../../longterm/format-recall.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import { SimpleMemory } from '../../memory/simple-memory.ts';
import { withExtras } from '../../messages/from-model-message.ts';
import { formatForModel } from '../../messages/multi-agent-format.ts';
import { toModelMessages } from '../../messages/to-model-message.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { createContentTools } from '../../tools/content-tools.ts';
import { createLongTermTools } from '../../tools/long-term-tools.ts';
import { createCoreMemoryTools, createWorkingMemoryTool } from '../../tools/working-memory-tools.ts';
import { type AssemblyRecorder, createAssemblyRecorder } from '../../views/assembly/assembly-records.ts';
import { findAssembly } from '../../views/assembly/record-assemblies.ts';
import type {
  Agent,
  AgentConfig,
  AgentEvent,
  AgentResult,
  AgentRun,
  AgentRunOptions,
  MemoryRetention,
} from './agent-types.ts';
import { createEventChannel } from './event-channel.ts';
import { stepAssembly } from './step-assembly.ts';
import { storeStep } from './store-step.ts';
import { checkToolsContext, toolsContextOf } from './tools-context.ts';

const component = 'agent';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

type AssistantPart = Exclude<AssistantContent, string>[number];

const emptyUsage = (): LanguageModelUsage =>
  ({
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
  }) as LanguageModelUsage;

/** Adds two usages field by field (numbers only; nested token details summed where both have them). */
function addUsage(a: LanguageModelUsage, b: LanguageModelUsage | undefined): LanguageModelUsage {
  if (!b) return a;
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (typeof value === 'number') out[key] = (typeof mine === 'number' ? mine : 0) + value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const sub: Record<string, unknown> = { ...((mine as object) ?? {}) };
      for (const [k, v] of Object.entries(value))
        if (typeof v === 'number') sub[k] = (typeof sub[k] === 'number' ? (sub[k] as number) : 0) + v;
      out[key] = sub;
    }
  }
  return out as LanguageModelUsage;
}

/** Applies seed 003's retention at the end of a run. */
async function applyRetention(memory: Memory, retention: MemoryRetention): Promise<void> {
  if (retention !== 'single_run') return;
  const m = memory as { clear?: () => Promise<unknown>; conversation?: { clear?: () => Promise<unknown> } };
  if (typeof m.clear === 'function') await m.clear();
  else if (typeof m.conversation?.clear === 'function') await m.conversation.clear();
  else throw bad("memoryRetention 'single_run' needs a memory with clear() (every engram memory has one)");
}

const textOf = (content: AssistantContent | undefined): string =>
  content === undefined
    ? ''
    : typeof content === 'string'
      ? content
      : content.map((p) => (p.type === 'text' ? p.text : '')).join('');

/**
 * The messages sent to the model: memory's, without system messages, other agents' messages attributed
 * (`formatForModel`), and the recalled block right before the run's prompt (found by its id; when a view no
 * longer shows it, before the latest user message).
 */
function promptMessages(
  stored: readonly ModelMessage[],
  recall: string,
  self: string,
  promptId: string | undefined,
): { messages: ModelMessage[]; ids: (string | undefined)[] } {
  const attributed = stored.some((m) => (m as Partial<MemoryMessage>).agent !== undefined)
    ? formatForModel(stored as MemoryMessage[], { self })
    : (stored as MemoryMessage[]);
  const kept = attributed.filter((m) => m.role !== 'system');
  const messages = toModelMessages(kept);
  const ids = kept.map((m) => m.id as string | undefined);
  if (recall === '') return { messages, ids };
  let at = promptId === undefined ? -1 : kept.findIndex((m) => m.id === promptId);
  if (at < 0) {
    at = messages.length;
    while (at > 0 && messages[at - 1]?.role !== 'user') at--;
    at = Math.max(0, at - 1);
  }
  return {
    messages: [...messages.slice(0, at), { role: 'user', content: recall }, ...messages.slice(at)],
    ids: [...ids.slice(0, at), undefined, ...ids.slice(at)],
  };
}

/** A view's `instructions()` (a summarizing view with `summaryRole: 'instructions'`), directly or under a seed 000 class. */
async function viewInstructionsOf(memory: Memory): Promise<string> {
  type WithInstructions = { instructions?: () => Promise<string | undefined> };
  const m = memory as WithInstructions & { view?: WithInstructions };
  const own =
    typeof m.instructions === 'function'
      ? m
      : typeof m.view?.instructions === 'function'
        ? m.view
        : undefined;
  return (await own?.instructions?.()) ?? '';
}

/** The stored conversation under a memory: a view's, a seed 000 class's, or the memory itself; else undefined. */
function conversationOf(memory: Memory): ConversationMemory | undefined {
  const m = memory as Partial<ConversationMemory> & {
    memory?: ConversationMemory;
    conversation?: ConversationMemory;
  };
  return (
    m.memory ??
    m.conversation ??
    (typeof m.putArtifact === 'function' ? (m as ConversationMemory) : undefined)
  );
}

/** One recorder per conversation, across runs, so retention counts what this process recorded (weakly held). */
const recorders = new WeakMap<ConversationMemory, AssemblyRecorder>();

/** The recorder of a memory's session (its stored conversation). */
function assemblyRecorder(memory: Memory, option: true | { keep?: number }): AssemblyRecorder {
  const conversation = conversationOf(memory);
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

/** The memory's log with engram's ids: a seed 000 class's `conversation`, else the memory itself. */
const logOf = (memory: Memory): Memory => (memory as { conversation?: Memory }).conversation ?? memory;

const idOf = (m: ModelMessage | undefined) => (m as Partial<MemoryMessage> | undefined)?.id;

function checkConfig(config: AgentConfig): void {
  if (typeof config !== 'object' || config === null) throw bad('agent(config): config must be an object');
  if (typeof config.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(config.name))
    throw bad('agent(config): name must be 1–64 letters, digits, _ or - (it names the agent as a tool)');
  if (typeof config.description !== 'string') throw bad('agent(config): description must be a string');
  if (!config.model) throw bad('agent(config): model is required');
  const mode = config.longTermMemory?.mode;
  if (mode !== undefined && !['static', 'agent', 'both'].includes(mode))
    throw bad("agent(config): longTermMemory.mode must be 'static', 'agent' or 'both'");
  const retention = config.memoryRetention;
  if (retention !== undefined && !['single_run', 'session', 'persistent'].includes(retention))
    throw bad("agent(config): memoryRetention must be 'single_run', 'session' or 'persistent'");
}

/** The agent's tools: its own, the content store's, and the long-term memory's in `agent` / `both` mode. */
function toolsOf(config: AgentConfig, contentStore: AgentConfig['contentStore']): ToolSet {
  const tools: ToolSet = { ...(config.tools ?? {}) };
  if (contentStore) Object.assign(tools, createContentTools({ content: contentStore }));
  const ltm = config.longTermMemory;
  if (ltm && (ltm.mode === 'agent' || ltm.mode === 'both')) {
    const session = config.memory ? (logOf(config.memory) as { sessionId?: unknown }).sessionId : undefined;
    const own = createLongTermTools({
      memory: ltm.memory,
      ...(typeof session === 'string' ? { session } : {}),
    });
    tools.record_to_memory = own.record_to_memory;
    // With a content store, its retrieve_from_memory keeps the name (seed 004); long-term recall is renamed.
    tools[contentStore ? 'retrieve_from_long_term_memory' : 'retrieve_from_memory'] =
      own.retrieve_from_memory;
  }
  if (config.workingMemory) Object.assign(tools, createWorkingMemoryTool({ memory: config.workingMemory }));
  if (config.coreMemory) Object.assign(tools, createCoreMemoryTools({ memory: config.coreMemory }));
  return tools;
}

/** Working memory and core blocks as rendered now (they change when the agent edits them), or ''. */
async function pinnedMemory(config: AgentConfig): Promise<string> {
  const parts = await Promise.all([config.workingMemory?.render(), config.coreMemory?.render()]);
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n');
}

/**
 * Seed 000's agent on the AI SDK v7. `run(prompt)` resolves its memory (the run's option, else the agent's, else a
 * new `SimpleMemory`), stores the prompt, and then at every step reads all messages from memory, leaves out
 * system messages (the agent's `instructions` are the system prompt), calls the model (`streamText`, one step:
 * it runs the step's tools, and a tool that throws becomes a tool error the model sees), stores the step's
 * assistant and tool messages in one `store` call, and emits `agent-step-end` with `appended()`. It stops when a
 * step ends without tool calls or `stopWhen` says so, reads memory once more (the execution record) and answers
 * with the last assistant message among the appended ones. An abort drops the step in flight, so no tool call
 * is ever stored without its result. Long-term memory (seed 002) is recalled before the first step into a
 * user-role block and recorded after the run (`static`), offered as tools (`agent`), or both; seed 003's
 * `memoryRetention` applies itself when the run ends.
 * @example
 * const assistant = agent({ name: 'assistant', description: 'An assistant', model, instructions: 'Be brief.' });
 * const { stream, result } = assistant.run('Hello', undefined, { memory });
 * for await (const event of stream) if (event.type === 'text-delta') process.stdout.write(event.text);
 * console.log((await result).text);
 */
export function agent(config: AgentConfig): Agent {
  checkConfig(config);
  const o200k = createTokenCounter({ encoding: 'o200k_base' });
  // Each step re-sends the history: its messages are counted once per agent and encoding, keyed by their JSON
  // (bounded cache).
  const counted = new Map<string, number>();
  const countWith = (counter: TokenCounter) => (m: ModelMessage) => {
    const key = JSON.stringify([counter.encoding, m.role, m.content]);
    let n = counted.get(key);
    if (n === undefined) {
      n = counter.count(m);
      if (counted.size >= 10_000) counted.delete(counted.keys().next().value as string);
      counted.set(key, n);
    }
    return n;
  };
  const defaultTools = toolsOf(config, config.contentStore);
  const stopWhen = config.stopWhen ?? isStepCount(20);
  const conditions = Array.isArray(stopWhen) ? stopWhen : [stopWhen];
  const ltm = config.longTermMemory;
  const staticRecall = ltm !== undefined && (ltm.mode ?? 'static') !== 'agent';
  let interrupted = false;

  const run = (
    prompt: string | UserContent,
    context?: Record<string, unknown>,
    options: AgentRunOptions = {},
  ): AgentRun => {
    const channel = createEventChannel<AgentEvent>();
    const memory: Memory = options.memory ?? config.memory ?? new SimpleMemory();
    const signal = options.abortSignal;
    const tools = options.contentStore ? toolsOf(config, options.contentStore) : defaultTools;
    const result = (async (): Promise<AgentResult> => {
      if (typeof prompt !== 'string' && !Array.isArray(prompt))
        throw bad('run(prompt): prompt must be a string or user content parts');
      if (
        context !== undefined &&
        (typeof context !== 'object' || context === null || Array.isArray(context))
      )
        throw bad('run(prompt, context): context must be an object');
      await checkToolsContext(tools, context);
      channel.push({ type: 'agent-start', agent: config.name, prompt });
      const asked =
        options.from === undefined
          ? { role: 'user', content: prompt }
          : { role: 'user', content: prompt, agent: { from: options.from, to: config.name, kind: 'call' } };
      const log = logOf(memory);
      // Counts in the memory's counter, so the agent's figures and the view's agree (o200k_base without one).
      const counter = conversationOf(memory)?.counter ?? o200k;
      const countOf = countWith(counter);
      const recording = config.recordAssembly ? assemblyRecorder(memory, config.recordAssembly) : undefined;
      const runId = createId('run');
      const before = (await log.appended()).length;
      await storeStep(memory, [asked as ModelMessage]);
      const promptId = idOf([...(await log.appended())].reverse().find((m) => m.role === 'user'));
      let recall: string | undefined;
      let pending: AgentResult['pendingToolCalls'] = [];
      const pendingStep: ModelMessage[] = [];
      let usage = emptyUsage();
      let finishReason: FinishReason | 'aborted' = 'stop';
      const steps: StepResult<ToolSet>[] = [];
      for (let step = 0; ; step++) {
        if (signal?.aborted) {
          finishReason = 'aborted';
          break;
        }
        const stored = await memory.read();
        // Taken at once: another run on the same view may read it before this step goes on.
        const viewAssembly = recording ? findAssembly(memory) : undefined;
        if (recall === undefined) {
          // Recalled once, before the first step: records of messages the model already sees are left out.
          recall = '';
          const query = typeof prompt === 'string' ? prompt : textOf(prompt as AssistantContent);
          if (staticRecall && ltm && query.trim() !== '') {
            const seen = new Set([...stored, ...(log === memory ? [] : await log.read())].map(idOf));
            const hits = await ltm.memory.search(query.slice(0, 4096));
            recall = formatRecall(
              hits.filter(
                (h) =>
                  !(
                    h.record.provenance.messageIds.length > 0 &&
                    h.record.provenance.messageIds.every((id) => seen.has(id))
                  ),
              ),
            );
          }
        }
        const { messages: history, ids: historyIds } = promptMessages(stored, recall, config.name, promptId);
        // Working memory and core blocks, read afresh each step: in the instructions, or a leading user block.
        const pinned = await pinnedMemory(config);
        const inUser = pinned !== '' && config.memoryPlacement === 'user';
        const messages: ModelMessage[] = inUser ? [{ role: 'user', content: pinned }, ...history] : history;
        // The agent's instructions, then a summary the view sends as instructions, then pinned memory (unless in a user block).
        const viewInstructions = await viewInstructionsOf(memory);
        const instructions =
          [config.instructions, viewInstructions, inUser ? '' : pinned]
            .filter((x): x is string => x !== undefined && x !== '')
            .join('\n\n') || config.instructions;
        const response = streamText({
          model: config.model,
          ...(instructions === undefined ? {} : { instructions }),
          messages,
          tools,
          ...(signal ? { abortSignal: signal } : {}),
          // AI SDK v7: tools get `toolsContext[toolName]` (validated by a tool's `contextSchema`), callbacks
          // get `runtimeContext`; the run's context is both, the same object for every tool.
          ...(context === undefined
            ? {}
            : { runtimeContext: context, toolsContext: toolsContextOf(tools, context) as never }),
          maxRetries: 2,
        });
        let failed: unknown;
        let aborted = false;
        for await (const part of response.fullStream) {
          switch (part.type) {
            case 'text-delta':
              channel.push({ type: 'text-delta', step, text: part.text });
              break;
            case 'reasoning-delta':
              channel.push({ type: 'reasoning-delta', step, text: part.text });
              break;
            case 'tool-call':
              channel.push({
                type: 'tool-call',
                step,
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                input: part.input,
              });
              break;
            case 'tool-result':
              channel.push({
                type: 'tool-result',
                step,
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                output: part.output,
              });
              break;
            case 'tool-error':
              channel.push({
                type: 'tool-error',
                step,
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                error: part.error instanceof Error ? part.error.message : String(part.error),
              });
              break;
            case 'abort':
              aborted = true;
              break;
            case 'error':
              failed ??= part.error;
              break;
          }
        }
        if (aborted || signal?.aborted) {
          // The step in flight is dropped whole: nothing of it is stored.
          finishReason = 'aborted';
          break;
        }
        if (failed !== undefined) throw failed;
        const [done] = await response.steps;
        if (done) steps.push(done);
        const reason = await response.finishReason;
        usage = addUsage(usage, await response.usage);
        // Recorded before anything can end the step: the model was sent this context, and billed for it.
        if (recording) {
          const assembly = await stepAssembly({
            counter,
            countOf,
            instructions: config.instructions,
            viewInstructions,
            pinned,
            pinnedInUser: inUser,
            recall,
            tools,
            history,
            historyIds,
            view: viewAssembly,
          });
          const inputTokens = (await response.usage)?.inputTokens;
          await recording.record(assembly, {
            agent: config.name,
            run: runId,
            step,
            ...(viewAssembly ? { viewTokens: viewAssembly.tokens } : {}),
            ...(typeof inputTokens === 'number' ? { provider: { inputTokens } } : {}),
          });
        }
        // A call no tool answered (a tool without `execute`) must not be stored alone: the step is handed back.
        const answered = new Set(
          (done?.content ?? []).flatMap((p) =>
            p.type === 'tool-result' || p.type === 'tool-error' ? [p.toolCallId] : [],
          ),
        );
        const unanswered = (done?.toolCalls ?? []).filter(
          (c) => !c.providerExecuted && !answered.has(c.toolCallId),
        );
        if (unanswered.length > 0) {
          pending = unanswered.map((c) => ({
            toolCallId: c.toolCallId,
            toolName: c.toolName,
            input: c.input,
          }));
          // The step's assistant message, rebuilt from its content, for the caller to store with its results.
          pendingStep.push({
            role: 'assistant',
            content: (done?.content ?? []).flatMap((p): AssistantPart[] =>
              p.type === 'text'
                ? [{ type: 'text' as const, text: p.text }]
                : p.type === 'tool-call'
                  ? [
                      {
                        type: 'tool-call' as const,
                        toolCallId: p.toolCallId,
                        toolName: p.toolName,
                        input: p.input,
                      },
                    ]
                  : [],
            ),
          });
          finishReason = 'tool-calls';
          break;
        }
        await storeStep(memory, (await response.response).messages);
        channel.push({
          type: 'agent-step-end',
          step,
          finishReason: reason,
          appended: await memory.appended(),
          context: {
            instructions: config.instructions ? counter.countText(config.instructions) : 0,
            pinned: pinned ? counter.countText(pinned) : 0,
            recall: recall ? counter.countText(recall) : 0,
            messages: history.reduce(
              (sum, m) => (recall && m.content === recall ? sum : sum + countOf(m)),
              0,
            ),
          },
        });
        finishReason = reason;
        if (reason !== 'tool-calls') break;
        let stop = false;
        for (const condition of conditions) if (await condition({ steps })) stop = true;
        if (stop) break;
      }
      const messages = await memory.read();
      const appended = await memory.appended();
      const last = [...appended].reverse().find((m) => m.role === 'assistant');
      const responseContent = last?.content as AssistantContent | undefined;
      if (staticRecall && ltm && finishReason !== 'aborted') {
        // This run's messages (an agent's memory may hold earlier runs too), tool results included: the memory
        // records user and assistant turns, and marks a turn said after reading tool output as tool-derived.
        const said = (await log.appended())
          .slice(before)
          .filter((m) => m.role === 'user' || m.role === 'assistant' || m.role === 'tool');
        await ltm.memory.record(
          said.map((m) => (idOf(m) === undefined ? withExtras(m) : (m as MemoryMessage))),
        );
      }
      interrupted = finishReason === 'aborted';
      await applyRetention(memory, config.memoryRetention ?? 'session');
      channel.push({
        type: 'agent-end',
        agent: config.name,
        response: responseContent,
        finishReason,
        usage,
      });
      channel.close();
      return {
        response: responseContent,
        text: textOf(responseContent),
        messages,
        appended,
        steps: steps.length,
        finishReason,
        usage,
        pendingToolCalls: pending,
        pendingStep,
      };
    })();
    result.catch((error: unknown) => channel.fail(error));
    return { stream: channel.iterable, result };
  };

  const memoryKind = () => {
    const m = config.memory as { componentName?: unknown; constructor?: { name?: string } } | undefined;
    if (!m) return 'SimpleMemory';
    if (typeof m.componentName === 'string') return m.componentName;
    return m.constructor?.name && m.constructor.name !== 'Object' ? m.constructor.name : 'Memory';
  };
  return {
    name: config.name,
    description: config.description,
    componentName: config.componentName ?? config.name,
    get interrupted() {
      return interrupted;
    },
    run,
    saveState: () => ({ memory: memoryKind(), interrupted }),
    loadState(state) {
      const s = state as { interrupted?: unknown } | null;
      if (typeof s !== 'object' || s === null || Array.isArray(s) || typeof s.interrupted !== 'boolean')
        throw bad(
          `loadState: the state of agent "${config.name}" must be an object with a boolean "interrupted"`,
        );
      interrupted = s.interrupted;
    },
  };
}

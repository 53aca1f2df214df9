import {
  type Agent,
  type FinishReason,
  type ModelMessage,
  type OutputInterface,
  type PrepareStepFunction,
  ToolLoopAgent,
  type ToolLoopAgentSettings,
  type ToolSet,
} from 'ai';
import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { type ContextView, checkContextView } from '../views/context-view.ts';
import { closeFailedStep } from './failed-step.ts';
import { type FinishedSteps, finishedSteps, type StepEnd } from './finished-steps.ts';
import { type MemoryPrepareStep, memoryPrepareStep } from './memory-prepare-step.ts';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.ts';

/** The AI SDK's runtime context type (not exported by `ai` under a name). */
type Context = Parameters<PrepareStepFunction<ToolSet>>[0]['runtimeContext'];
type NoTools = Record<string, never>;

/** The parts of a call this wrapper reads or replaces; the rest passes through untouched. */
interface LooseCall {
  prompt?: string | ModelMessage[];
  messages?: ModelMessage[];
  onEnd?: (event: EndEvent) => unknown;
  onFinish?: (event: EndEvent) => unknown;
  onStepEnd?: (step: StepEnd) => unknown;
  onStepFinish?: (step: StepEnd) => unknown;
  abortSignal?: AbortSignal;
  [key: string]: unknown;
}
/** The fields of the SDK's `onEnd` event this wrapper reads. */
interface EndEvent {
  responseMessages: ModelMessage[];
  finishReason?: FinishReason;
}
interface LooseAgent {
  id: string | undefined;
  tools: unknown;
  generate(call: LooseCall): PromiseLike<{ responseMessages: ModelMessage[] }>;
  stream(call: LooseCall): PromiseLike<unknown>;
}

/**
 * Options of {@link withMemory}: the memory (or a view over it) the agent reads and writes.
 * @example
 * const options: WithMemoryOptions = { view: createTokenWindowMemory({ conversation, maxTokens: 8_000 }) };
 */
export interface WithMemoryOptions {
  /** A conversation memory: the agent sees all of it. Give this or `view`. */
  memory?: ConversationMemory;
  /**
   * A view over a conversation memory: the agent sees its output, new messages go to its `store()`
   * (`toContextView(memory)` adapts a seed 000 `Memory` of your own).
   */
  view?: ContextView<ModelMessage>;
  /** Instructions placed before the view's system messages (summaries). @default the agent's `instructions` */
  instructions?: string;
}

/**
 * An agent with memory: `generate` / `stream` as the AI SDK's, plus the view and a way to wait for streams.
 * @example
 * const agent: MemoryAgent<never, typeof tools> = withMemory({ model, tools }, { memory });
 */
export type MemoryAgent<
  CALL_OPTIONS = never,
  TOOLS extends ToolSet = NoTools,
  RUNTIME_CONTEXT extends Context = Context,
  OUTPUT extends OutputInterface = never,
> = Agent<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT> & MemoryAgentExtras;

/**
 * What {@link withMemory} adds to an agent.
 * @example
 * await agent.settled(); // every finished stream is stored
 */
export interface MemoryAgentExtras {
  /** What the agent reads and writes. */
  readonly view: ContextView<ModelMessage>;
  /** Resolves once every finished stream's messages are stored; rejects with a store error. */
  settled(): Promise<void>;
}

/**
 * Gives an AI SDK agent memory, so a caller keeps the SDK's own loop. Each call sends the view's output
 * followed by the new `prompt` / `messages`; the new input and every response message (`responseMessages`
 * of all steps, not only the last step's `response.messages`) are stored once. A second call sees the first.
 *
 * - From `ToolLoopAgentSettings` (recommended) it builds a `ToolLoopAgent` per call whose `prepareStep` is
 *   {@link memoryPrepareStep} (then your own `prepareStep`, which sees the view's messages): the view applies
 *   at every step of the tool loop, and each step is stored as the next one starts.
 * - From an existing `Agent` it can only shape the call: the view's output is passed as `messages`, the call's
 *   input is stored before it starts (kept when the call fails or is aborted, as over settings) and its response
 *   messages when it ends; a call stopped by its `abortSignal` (a stream then never ends) or a `generate` that
 *   rejects stores the steps it finished, never the step in flight (the SDK's `onStepEnd`, which the wrapper
 *   passes, then runs the call's own). The view's system messages
 *   (summaries) travel inside `messages`, so build that agent with `allowSystemInMessages: true` if your view
 *   makes them.
 *
 * A tool with `needsApproval` leaves its call and approval request as the log's last message. To continue, send
 * only the answer: `generate({ messages: [{ role: 'tool', content: [{ type: 'tool-approval-response', approvalId,
 * approved }] }] })`. The SDK looks for the requests in the call's own messages, so a call whose input ends with a
 * tool message is sent after the view's history; the approved tools run (a denied call gets an
 * `execution-denied` result), and the answer, the results and the reply are stored after the request, each once.
 *
 * `stream` stores when the stream ends (the SDK's `onEnd`, which runs only once the stream is consumed), the
 * SDK ignores errors thrown there, so a failed store is rethrown by the next call and by `settled()`. A stream that
 * fails mid-step (its `finishReason` is `'error'`) stores what the step generated, each of its calls left without a
 * result answered by an error result saying so: never a call without its result.
 * @example
 * const agent = withMemory({ model, tools, instructions: 'Be brief.' }, { memory: createConversationMemory() });
 * await agent.generate({ prompt: 'My name is Ada.' });
 * const { text } = await agent.generate({ prompt: 'What is my name?' }); // the model sees the first call
 */
export function withMemory<
  A extends {
    readonly version: 'agent-v1';
    generate(...args: never[]): PromiseLike<unknown>;
    stream(...args: never[]): PromiseLike<unknown>;
  },
>(agent: A, options: WithMemoryOptions): A & MemoryAgentExtras;
export function withMemory<
  CALL_OPTIONS = never,
  TOOLS extends ToolSet = NoTools,
  RUNTIME_CONTEXT extends Context = Context,
  OUTPUT extends OutputInterface = never,
>(
  settings: ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  options: WithMemoryOptions,
): MemoryAgent<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>;
export function withMemory<
  CALL_OPTIONS,
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends Context,
  OUTPUT extends OutputInterface,
>(
  agent:
    | Agent<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>
    | ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  options: WithMemoryOptions,
): MemoryAgent<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT> {
  const view = checkOptions(agent, options);
  const pending = new Set<Promise<void>>();
  let failed: { error: unknown } | undefined;
  /** Rethrows a store error an `onEnd` could not throw. */
  const rethrow = () => {
    if (!failed) return;
    const { error } = failed;
    failed = undefined;
    throw error;
  };
  /** Runs a store that the SDK's onEnd would swallow; keeps its error for the next call and settled(). */
  const track = (task: Promise<void>) => {
    const tracked = task.catch((error: unknown) => {
      failed ??= { error };
    });
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
    return tracked;
  };
  /** The call's `onEnd` (or deprecated `onFinish`), run after `store`. */
  const onEndAfter =
    (call: LooseCall, store: (event: EndEvent) => Promise<void>) => async (event: EndEvent) => {
      await track(store(event));
      await (call.onEnd ?? call.onFinish)?.(event);
    };
  const settled = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
    rethrow();
  };

  let wrapped: Omit<LooseAgent, 'tools'> & { tools: unknown };
  if ((agent as { version?: unknown }).version !== 'agent-v1') {
    const settings = agent as ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>;
    /**
     * A run of one call. A call continuing tool calls (its input ends with a tool message: answers to approval
     * requests) sends the view's history before its input, since the SDK looks for the requests it answers in the
     * call's own messages before the first step; the steps store only the input. Other calls are sent as given.
     */
    const build = async (call: LooseCall) => {
      const input = inputOf(call);
      const history = input.at(-1)?.role === 'tool' ? toAiSdkPrompt(await view.read()).messages : [];
      const steps = memoryPrepareStep({
        view,
        instructions: options.instructions ?? textOf(settings.instructions),
      });
      const prepareStep = compose(
        steps,
        settings.prepareStep as PrepareStepFunction<ToolSet> | undefined,
        history.length,
      );
      const built = new ToolLoopAgent({ ...settings, prepareStep } as typeof settings);
      const sent = history.length === 0 ? call : withMessages(call, [...history, ...input]);
      return { steps, agent: built as unknown as LooseAgent, call: sent };
    };
    wrapped = {
      id: settings.id,
      tools: settings.tools,
      async generate(call) {
        checkCall(call, 'generate');
        rethrow();
        const run = await build(call);
        try {
          const result = await run.agent.generate(run.call);
          await run.steps.finish(result);
          return result;
        } catch (error) {
          await run.steps.finish();
          throw error;
        }
      },
      async stream(call) {
        checkCall(call, 'stream');
        rethrow();
        const run = await build(call);
        const { onFinish: _, ...rest } = run.call;
        return run.agent.stream({ ...rest, onEnd: onEndAfter(call, (event) => run.steps.finish(event)) });
      },
    };
  } else {
    const inner = agent as unknown as LooseAgent;
    /** The call with the view's output before its new messages, and those new messages. */
    const shape = async (call: LooseCall) => {
      const input = inputOf(call);
      const history = toAiSdkPrompt(await view.read(), { instructions: options.instructions });
      const system: ModelMessage[] = history.instructions
        ? [{ role: 'system', content: history.instructions }]
        : [];
      const {
        onFinish: _f,
        onEnd: _e,
        onStepEnd: _s,
        onStepFinish: _sf,
        ...rest
      } = withMessages(call, [...system, ...history.messages, ...input]);
      return { input, rest };
    };
    /** The call's response messages, stored when it ends (its input was stored before it started). */
    const storeRun = async (responseMessages: readonly ModelMessage[], finishReason?: FinishReason) => {
      const closed = closeFailedStep(responseMessages, finishReason);
      if (closed.length > 0) await view.store(closed);
    };
    /** The steps of a stopped or failed call that were not stored yet (each whole; the one in flight is not). */
    const storeFinished = (steps: FinishedSteps) => {
      const { messages, finishReason } = steps.take();
      return storeRun(messages, finishReason);
    };
    /** The call's input, stored once the view was read for it: kept when the call fails or is aborted. */
    const storeInput = async (input: ModelMessage[]) => {
      if (input.length > 0) await view.store(input);
    };
    wrapped = {
      id: inner.id,
      tools: inner.tools,
      async generate(call) {
        checkCall(call, 'generate');
        rethrow();
        const { input, rest } = await shape(call);
        await storeInput(input);
        const steps = finishedSteps(call.onStepEnd ?? call.onStepFinish);
        let result: { responseMessages: ModelMessage[] };
        try {
          result = await inner.generate({
            ...rest,
            onStepEnd: steps.onStepEnd,
            onEnd: call.onEnd ?? call.onFinish,
          });
        } catch (error) {
          // Stopped or failed: the steps it finished are kept (they were lost with the result that never came).
          await track(storeFinished(steps));
          throw error;
        }
        await storeRun(result.responseMessages);
        return result;
      },
      async stream(call) {
        checkCall(call, 'stream');
        rethrow();
        const { input, rest } = await shape(call);
        await storeInput(input);
        const steps = finishedSteps(call.onStepEnd ?? call.onStepFinish);
        // A stopped stream never ends (no onEnd): the steps it finished are stored when it is stopped.
        const stopped = () => void track(storeFinished(steps));
        call.abortSignal?.addEventListener('abort', stopped, { once: true });
        return inner.stream({
          ...rest,
          onStepEnd: steps.onStepEnd,
          onEnd: onEndAfter(call, async (event) => {
            call.abortSignal?.removeEventListener('abort', stopped);
            // Ended after a stop stored some steps: only the others; else the whole run (with approvals' results).
            if (steps.taken > 0) return storeFinished(steps);
            steps.take();
            await storeRun(event.responseMessages, event.finishReason);
          }),
        });
      },
    };
  }
  return { version: 'agent-v1', ...wrapped, view, settled } as unknown as MemoryAgent<
    CALL_OPTIONS,
    TOOLS,
    RUNTIME_CONTEXT,
    OUTPUT
  >;
}

/**
 * Our prepareStep, then the caller's, which sees (and may override) the view's messages. Both see as the call's
 * `initialMessages` its input only, without the `history` messages of the view sent before it.
 */
function compose(
  steps: MemoryPrepareStep,
  user: PrepareStepFunction<ToolSet> | undefined,
  history: number,
): PrepareStepFunction<ToolSet> {
  return async (sdkOptions) => {
    const options =
      history === 0
        ? sdkOptions
        : { ...sdkOptions, initialMessages: sdkOptions.initialMessages.slice(history) };
    const ours = await steps(options);
    if (!user) return ours;
    const theirs = await user({
      ...options,
      messages: ours.messages,
      instructions: ours.instructions ?? options.instructions,
    });
    return { ...ours, ...theirs };
  };
}

/** The call's new messages: its `messages`, or its `prompt` as messages. */
function inputOf(call: LooseCall): ModelMessage[] {
  return (
    call.messages ??
    (typeof call.prompt === 'string' ? [{ role: 'user', content: call.prompt }] : call.prompt!)
  );
}

/** The call sending `messages` in place of its `prompt` / `messages`. */
function withMessages(call: LooseCall, messages: ModelMessage[]): LooseCall {
  const { prompt: _p, messages: _m, ...rest } = call;
  return { ...rest, messages };
}

function textOf(instructions: unknown): string | undefined {
  return typeof instructions === 'string' ? instructions : undefined;
}

/**
 * Checks a `generate` / `stream` call before anything is read or stored: an object with a `prompt` (text or
 * messages) or `messages`, exactly one of them (its other fields are the SDK's, passed through).
 */
function checkCall(call: LooseCall, method: 'generate' | 'stream'): void {
  const fail = (message: string) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'ai-sdk',
      message: `withMemory: ${method}(call) ${message}`,
    });
  if (typeof call !== 'object' || call === null || Array.isArray(call))
    throw fail(`must be an object with a prompt or messages, got ${describeValue(call)}`);
  if ((call.prompt === undefined) === (call.messages === undefined))
    throw fail('must have exactly one of prompt or messages');
  if (call.prompt !== undefined && typeof call.prompt !== 'string' && !Array.isArray(call.prompt))
    throw fail(`.prompt must be a string or messages, got ${describeValue(call.prompt)}`);
  if (call.messages !== undefined && !Array.isArray(call.messages))
    throw fail(`.messages must be an array of messages, got ${describeValue(call.messages)}`);
}

function checkOptions(agent: unknown, options: WithMemoryOptions): ContextView<ModelMessage> {
  const fail = (message: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'ai-sdk', message: `withMemory: ${message}` });
  if (typeof agent !== 'object' || agent === null) throw fail('expected a ToolLoopAgent or its settings');
  const a = agent as { version?: unknown; model?: unknown; generate?: unknown };
  if (a.version === 'agent-v1' ? typeof a.generate !== 'function' : a.model === undefined) {
    throw fail('expected an Agent (version "agent-v1") or ToolLoopAgentSettings with a model');
  }
  if (typeof options === 'object' && options !== null)
    checkKnownKeys(options, { memory: true, view: true, instructions: true }, 'withMemory', 'ai-sdk');
  const { memory, view } = (options ?? {}) as WithMemoryOptions;
  if ((memory === undefined) === (view === undefined))
    throw fail('give exactly one of { memory } or { view }');
  const chosen = checkContextView(memory ?? view, `withMemory: ${memory ? 'memory' : 'view'}`, 'ai-sdk');
  if (options.instructions !== undefined && typeof options.instructions !== 'string') {
    throw fail('instructions must be a string');
  }
  return chosen;
}

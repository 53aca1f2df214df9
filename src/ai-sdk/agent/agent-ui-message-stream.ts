import { isDeepStrictEqual } from 'node:util';
import type { ModelMessage, UIMessageChunk } from 'ai';
import { checkBoolean, checkFunction, checkKnownKeys, checkOptions } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { errorReason } from '../../core/errors/error-reason.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { type UIToolResult, uiToolResult } from '../ui-tool-result.ts';
import type { AgentEvent, AgentRun } from './agent-types.ts';

/** Options of {@link agentUIMessageStream}. */
export interface AgentUIMessageStreamOptions {
  /** The id of the streamed assistant message (the `start` chunk's `messageId`). @default none: the client makes one */
  messageId?: string;
  /** Whether reasoning goes to the client. @default true */
  sendReasoning?: boolean;
  /** The `errorText` sent when the run fails. @default the error's message */
  onError?: (error: unknown) => string;
}

/** Every key of {@link AgentUIMessageStreamOptions} (the compiler keeps it complete): any other is refused. */
export const agentStreamOptionKeys: Record<keyof AgentUIMessageStreamOptions, true> = {
  messageId: true,
  sendReasoning: true,
  onError: true,
};

/**
 * An `agent()` run as the AI SDK's UI message stream, for `createUIMessageStreamResponse({ stream })` and
 * `useChat`: `start`, then per model call `start-step`, its text and reasoning (`*-start`, `*-delta`, `*-end`; a
 * tool call closes the open one), `tool-input-available` per call, `tool-output-available` or `tool-output-error`
 * per result (once the step is stored, a result stored differently, such as an error as the model got it, is sent
 * again as stored), `finish-step` at `agent-step-end`; then `finish` with the run's finish reason. A step the run did not
 * store (cancelled midway, or ending with calls no tool answered) is taken back with `reset-step` (its `step-start`
 * stays in the client's message), and a cancelled run ends with `abort`; a run that fails ends with `error`, the step
 * it had in flight taken back first. So
 * what the client holds at the end is the reply the run stored in its memory, as a chat store's `load()` reads it
 * back (tool results as stored, after a tool's `toModelOutput`). Not quite for two text (or reasoning) blocks in a
 * row within one model call: the run's events do not separate them, so they stream as one part and read back as two. Cancelling the stream
 * stops reading the events, not the run: abort the run with its `abortSignal`.
 * @example
 * const run = assistant.run(prompt, undefined, { memory: view, abortSignal: request.signal });
 * return createUIMessageStreamResponse({ stream: agentUIMessageStream(run) });
 */
export function agentUIMessageStream(
  run: Pick<AgentRun, 'stream'>,
  options: AgentUIMessageStreamOptions = {},
): ReadableStream<UIMessageChunk> {
  const events: Partial<AsyncIterable<AgentEvent>> | undefined =
    typeof run === 'object' && run !== null ? run.stream : undefined;
  if (typeof events?.[Symbol.asyncIterator] !== 'function')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'agent',
      message: `agentUIMessageStream(run): run must be an agent run (agent.run(...)) with its event stream, got ${describeValue(run)}`,
    });
  checkOptions(options, 'agentUIMessageStream', 'agent');
  checkKnownKeys(options, agentStreamOptionKeys, 'agentUIMessageStream', 'agent');
  if (options.onError !== undefined)
    checkFunction(options.onError, 'agentUIMessageStream(run, options): onError', 'agent');
  checkBoolean(options.sendReasoning, 'agentUIMessageStream(run, options): sendReasoning', 'agent', true);
  const chunks = toChunks(run.stream, options);
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

async function* toChunks(
  events: AsyncIterable<AgentEvent>,
  { messageId, sendReasoning = true, onError = errorText }: AgentUIMessageStreamOptions,
): AsyncGenerator<UIMessageChunk, void, undefined> {
  yield { type: 'start', ...(messageId === undefined ? {} : { messageId }) };
  let step: number | undefined;
  let open: { kind: 'text' | 'reasoning'; id: string } | undefined;
  const counts = { text: 0, reasoning: 0 };
  /** What each tool part of the open step shows, to match it with what the step stored. */
  const sent = new Map<string, UIToolResult>();
  function* close(): Generator<UIMessageChunk> {
    if (open) yield { type: `${open.kind}-end`, id: open.id };
    open = undefined;
  }
  function* enter(at: number): Generator<UIMessageChunk> {
    if (step === at) return;
    yield* close();
    if (step !== undefined) yield { type: 'reset-step' }; // a step that never ended was not stored
    sent.clear();
    step = at;
    yield { type: 'start-step' };
  }
  try {
    for await (const event of events) {
      switch (event.type) {
        case 'text-delta':
        case 'reasoning-delta': {
          const kind = event.type === 'text-delta' ? 'text' : 'reasoning';
          if (kind === 'reasoning' && !sendReasoning) break;
          yield* enter(event.step);
          if (open?.kind !== kind) {
            yield* close();
            open = { kind, id: `${kind}-${counts[kind]++}` }; // as a chat store's load() numbers them
            yield { type: `${kind}-start`, id: open.id };
          }
          yield { type: `${kind}-delta`, id: open.id, delta: event.text };
          break;
        }
        case 'tool-call':
          yield* enter(event.step);
          yield* close();
          yield {
            type: 'tool-input-available',
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            input: event.input,
          };
          break;
        case 'tool-result':
          yield* enter(event.step);
          sent.set(event.toolCallId, { state: 'output-available', output: event.output });
          yield { type: 'tool-output-available', toolCallId: event.toolCallId, output: event.output };
          break;
        case 'tool-error':
          yield* enter(event.step);
          sent.set(event.toolCallId, { state: 'output-error', errorText: event.error });
          yield { type: 'tool-output-error', toolCallId: event.toolCallId, errorText: event.error };
          break;
        case 'agent-step-end':
          yield* enter(event.step);
          yield* close();
          yield* storedResults(event.appended, sent);
          sent.clear();
          yield { type: 'finish-step' };
          step = undefined;
          break;
        case 'agent-end':
          yield* close();
          if (step !== undefined) yield { type: 'reset-step' };
          step = undefined;
          yield event.finishReason === 'aborted'
            ? { type: 'abort' }
            : { type: 'finish', finishReason: event.finishReason };
          break;
        case 'agent-start':
          break;
      }
    }
  } catch (error) {
    yield* close();
    // The step in flight when the run failed was not stored (the steps it finished were): taken back, as on abort.
    if (step !== undefined) yield { type: 'reset-step' };
    yield { type: 'error', errorText: onError(error) };
  }
}

/**
 * The step's tool results as it stored them, where they differ from what was sent: an error as the model got it
 * (`Error: …`), an output as the tool's `toModelOutput` made it. Sent again, they update the parts in place.
 */
function* storedResults(
  appended: readonly ModelMessage[],
  sent: ReadonlyMap<string, UIToolResult>,
): Generator<UIMessageChunk> {
  for (const message of appended) {
    if (message.role !== 'tool') continue;
    for (const item of message.content) {
      const shown = item.type === 'tool-result' ? sent.get(item.toolCallId) : undefined;
      if (item.type !== 'tool-result' || shown === undefined) continue;
      const stored = uiToolResult(item.output);
      if (isDeepStrictEqual(stored, shown)) continue;
      const { toolCallId } = item;
      yield stored.state === 'output-error'
        ? { type: 'tool-output-error', toolCallId, errorText: stored.errorText }
        : { type: 'tool-output-available', toolCallId, output: stored.output };
    }
  }
}

function errorText(error: unknown): string {
  return errorReason(error);
}

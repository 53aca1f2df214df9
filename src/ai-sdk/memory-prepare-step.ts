import type { FinishReason, Instructions, ModelMessage } from 'ai';
import { checkBoolean, checkKnownKeys } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { type ContextView, checkContextView } from '../views/context-view.ts';
import { newInput } from './approval-continuation.ts';
import { closeFailedStep } from './failed-step.ts';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.ts';

/**
 * Options of {@link memoryPrepareStep}.
 * @example
 * const options: MemoryPrepareStepOptions = { view: createTokenWindowMemory({ conversation, maxTokens: 8_000 }), instructions: 'Be brief.' };
 */
export interface MemoryPrepareStepOptions {
  /**
   * The view whose output replaces the raw history at every step: any engram view, or a conversation memory
   * (all of it); `toContextView(memory)` adapts a seed 000 `Memory` of your own.
   */
  view: ContextView<ModelMessage>;
  /**
   * Instructions placed before the view's system messages (summaries). @default the call's own
   * `instructions` when they are a string, else none
   */
  instructions?: string;
  /**
   * Store the call's input (`prompt` / `messages`) at the first step; of a call answering tool approvals whose
   * requests the log holds, only its last message (the answers). Set `false` when you stored the new turn
   * yourself and pass only a placeholder prompt. @default true
   */
  storeInput?: boolean;
}

/**
 * What `finish` reads: a `generateText` result, a `streamText` result's `responseMessages`, or the `onEnd` event.
 * @example
 * await prepareStep.finish({ responseMessages: stream.responseMessages });
 */
export interface FinishedRun {
  /** Every response message of the run (`result.responseMessages`; for a stream, awaited). */
  responseMessages: readonly ModelMessage[] | PromiseLike<readonly ModelMessage[]>;
  /**
   * How the run ended (`result.finishReason`; for a stream, awaited; the `onEnd` event has it): `'error'` (a
   * stream that failed mid-step) answers the last step's calls left without results with an error result
   * ({@link closeFailedStep}), so none is stored alone. @default undefined (the messages are stored as given)
   */
  finishReason?: FinishReason | PromiseLike<FinishReason>;
}

/**
 * The fields of the AI SDK's `prepareStep` options that {@link memoryPrepareStep} reads.
 * @example
 * const input: PrepareStepInput = { stepNumber: 0, initialMessages: [{ role: 'user', content: 'Hi' }], responseMessages: [] };
 */
export interface PrepareStepInput {
  /** The step about to run, from 0. */
  stepNumber: number;
  /** The call's `prompt` / `messages`, as messages. */
  initialMessages: readonly ModelMessage[];
  /** Every response message of the call so far (tool results of approvals first, then each step's). */
  responseMessages: readonly ModelMessage[];
  /** The call's own instructions. */
  initialInstructions?: Instructions | undefined;
}

/**
 * An AI SDK `prepareStep` that routes the history through a view, with `finish` to store the last step.
 * @example
 * const prepareStep: MemoryPrepareStep = memoryPrepareStep({ view: memory });
 */
export interface MemoryPrepareStep {
  /**
   * The `prepareStep` function: stores what is new, reads the view, returns `{ messages, instructions }`. Its
   * parameter is the part of the SDK's `prepareStep` options it reads, so it fits any tool set.
   */
  (options: PrepareStepInput): Promise<{ messages: ModelMessage[]; instructions?: string }>;
  /**
   * Stores the final step's response messages (the only ones `prepareStep` never sees) and ends the run.
   * Idempotent. Without an argument (a call that threw) it only ends the run: every step before the failing
   * one was already stored.
   */
  finish(run?: FinishedRun): Promise<void>;
}

/**
 * Gives a plain `generateText` / `streamText` call memory, step by step. At the first step it stores the
 * call's input (and any tool results the SDK produced from approvals); at every later step it stores the
 * previous steps' response messages it has not stored yet (the SDK's `responseMessages`, counted, so none is
 * stored twice). Then it reads the view and returns its output as `{ messages, instructions }`, replacing the
 * SDK's raw history: a token window or citations apply inside one tool loop too. A step's assistant message
 * and its tool results are stored together, so a tool call never reaches the model without its result.
 *
 * The step after the last never comes, so call `await prepareStep.finish(result)` after the call (with a
 * stream: `finish({ responseMessages: result.responseMessages, finishReason: result.finishReason })`). It serves one call at a time; a new call
 * starting before `finish` is an `INVALID_ARGUMENT` error rather than a silently lost answer (create one per
 * concurrent call, or use {@link withMemory}, which does all of this).
 *
 * A tool with `needsApproval` ends the run with its call and approval request, stored by `finish`. The SDK looks
 * for the requests an answer names in the call's own messages, before the first step, so the call continuing
 * it carries the history, then a tool message with the `tool-approval-response`s: the view's
 * (`toAiSdkPrompt(await view.read()).messages`) or messages you kept. When the log holds every request the
 * answers name, the messages before them are taken as the log's history and not stored again (with ids or
 * without, changed by a view such as citations or not); the answers, the approved tools' results (a denial's
 * `execution-denied` result) and the reply are stored after the request, each once. The answers may share the tool
 * message of the step that asked with its results (as `convertToModelMessages` builds it): the results the log
 * already holds are not stored again, only the answers. Put a new user message in a
 * call of its own: before the answers, it would be taken as history. A continuation whose requests the log does
 * not hold (a conversation begun elsewhere) stores its whole input, as any call does; an answer under the id of
 * a stored message with other content is `DUPLICATE_MESSAGE_ID`, as anywhere.
 * @example
 * const view = createTokenWindowMemory({ conversation, maxTokens: 8_000 });
 * const prepareStep = memoryPrepareStep({ view });
 * const result = await generateText({ model, tools, prompt: 'Weather in Paris?', prepareStep, stopWhen: stepCountIs(5) });
 * await prepareStep.finish(result);
 * // The run stopped for an approval: answer it.
 * const answers: ModelMessage = { role: 'tool', content: [{ type: 'tool-approval-response', approvalId, approved: true }] };
 * const history = toAiSdkPrompt(await view.read()).messages;
 * await prepareStep.finish(await generateText({ model, tools, messages: [...history, answers], prepareStep }));
 */
export function memoryPrepareStep(options: MemoryPrepareStepOptions): MemoryPrepareStep {
  checkOptions(options);
  const { view } = options;
  const storeInput = options.storeInput ?? true;
  /** The response messages of the open run already stored; undefined when no run is open. */
  let stored: number | undefined;

  const storeNew = async (messages: readonly ModelMessage[]) => {
    const from = stored ?? 0;
    if (messages.length < from) throw invalid('responseMessages shrank between steps');
    if (messages.length > from) await view.store(messages.slice(from));
    stored = messages.length;
  };

  const prepareStep = (async ({ stepNumber, initialMessages, responseMessages, initialInstructions }) => {
    if (stepNumber === 0) {
      if (stored !== undefined) {
        throw invalid(
          'a new call started before finish() was called for the previous one (its last step would be lost); ' +
            'await prepareStep.finish(result) after each call, or create one memoryPrepareStep per concurrent call',
        );
      }
      if (storeInput && initialMessages.length > 0) await view.store(await newInput(view, initialMessages));
      stored = 0;
    } else if (stored === undefined) {
      throw invalid(`step ${stepNumber} of a call whose first step this prepareStep did not see`);
    }
    await storeNew(responseMessages);
    const prompt = toAiSdkPrompt(await view.read(), {
      instructions: options.instructions ?? textOf(initialInstructions),
    });
    if (prompt.messages.length === 0) throw invalid('the view returned no messages to send');
    return {
      messages: prompt.messages,
      ...(prompt.instructions === undefined ? {} : { instructions: prompt.instructions }),
    };
  }) as MemoryPrepareStep;

  prepareStep.finish = async (run) => {
    if (stored === undefined) return;
    if (run !== undefined)
      await storeNew(closeFailedStep(await run.responseMessages, await run.finishReason));
    stored = undefined;
  };
  return prepareStep;
}

/** The call's instructions when they are plain text (a system message with provider options is left to the SDK). */
function textOf(instructions: Instructions | undefined): string | undefined {
  return typeof instructions === 'string' ? instructions : undefined;
}

function checkOptions(options: MemoryPrepareStepOptions): void {
  if (typeof options !== 'object' || options === null)
    throw invalid('memoryPrepareStep(options): options must be an object');
  checkKnownKeys(
    options,
    { view: true, instructions: true, storeInput: true },
    'memoryPrepareStep',
    'ai-sdk',
  );
  checkContextView(options.view, 'memoryPrepareStep({ view }): view', 'ai-sdk');
  checkBoolean(options.storeInput, 'memoryPrepareStep({ storeInput }): storeInput', 'ai-sdk', true);
  if (options.instructions !== undefined && typeof options.instructions !== 'string') {
    throw invalid('memoryPrepareStep({ instructions }): instructions must be a string');
  }
}

function invalid(message: string): MemoryError {
  return new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'ai-sdk',
    message: `memoryPrepareStep: ${message}`,
  });
}

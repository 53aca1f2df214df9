import {
  type FinishReason,
  type LanguageModelUsage,
  type ModelMessage,
  type StepResult,
  streamText,
  type ToolSet,
} from 'ai';
import type { MemoryMessage } from '../../core/message.ts';
import type { AssemblyRecordExtras, AssemblyRecorder } from '../../views/assembly/assembly-records.ts';
import type { ContextAssembly } from '../../views/assembly/context-assembly.ts';
import { promptMessages } from './agent-recall.ts';
import type { AgentConfig, AgentResult } from './agent-types.ts';
import type { RunParts } from './agent-wiring.ts';
import { stepAssembly } from './step-assembly.ts';
import { forwardStream, unansweredCalls } from './step-stream.ts';
import { toolsContextOf } from './tools-context.ts';

/** What one step starts from: the view's read (taken for this step), its assembly, and the run's recall and prompt. */
export interface StepInput {
  step: number;
  /** The view's messages, read for this step. */
  read: readonly ModelMessage[];
  /** What the view said it assembled for that read (when the run records assemblies). */
  viewAssembly: ContextAssembly | undefined;
  /** The run's recalled block ('' when none). */
  recall: string;
  /** The id of the run's prompt as stored. */
  promptId: string | undefined;
  /**
   * Called before the step stores its messages when it ends the run (no tool calls), with how many it stores:
   * what the run writes at its end may ride on that append (the long-term record).
   */
  endsRun?: (count: number) => void;
}

/** How a step ended: dropped by an abort, handed back with calls no tool answered, or stored. */
export type StepOutcome =
  | { kind: 'aborted' }
  | {
      kind: 'pending';
      done: StepResult<ToolSet> | undefined;
      usage: LanguageModelUsage | undefined;
      pendingToolCalls: AgentResult['pendingToolCalls'];
      pendingStep: ModelMessage[];
    }
  | {
      kind: 'stored';
      done: StepResult<ToolSet> | undefined;
      usage: LanguageModelUsage | undefined;
      finishReason: FinishReason;
      stored: MemoryMessage[];
    };

/** What a step sent besides its input, as {@link recordingOf} takes it. */
interface SentContext {
  viewInstructions: string;
  pinned: string;
  inUser: boolean;
  history: ModelMessage[];
  historyIds: (string | undefined)[];
}

/** The step's assembly and its record's extras, for the run's recorder. */
async function recordingOf(
  run: RunParts,
  recorder: AssemblyRecorder,
  input: StepInput,
  usage: LanguageModelUsage | undefined,
  sent: SentContext,
): Promise<{ recorder: AssemblyRecorder; assembly: ContextAssembly; extras: AssemblyRecordExtras }> {
  const { config, counter, countOf, tools } = run;
  const assembly = await stepAssembly({
    counter,
    countOf,
    instructions: config.instructions,
    viewInstructions: sent.viewInstructions,
    pinned: sent.pinned,
    pinnedInUser: sent.inUser,
    recall: input.recall,
    tools,
    history: sent.history,
    historyIds: sent.historyIds,
    view: input.viewAssembly,
  });
  const inputTokens = usage?.inputTokens;
  const extras: AssemblyRecordExtras = {
    agent: config.name,
    run: run.runId,
    step: input.step,
    ...(input.viewAssembly ? { viewTokens: input.viewAssembly.tokens } : {}),
    ...(typeof inputTokens === 'number' ? { provider: { inputTokens } } : {}),
  };
  return { recorder, assembly, extras };
}

/** Working memory and core blocks as rendered now (they change when the agent edits them), or ''. */
async function pinnedMemory(config: AgentConfig): Promise<string> {
  const parts = await Promise.all([config.workingMemory?.render(), config.coreMemory?.render()]);
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n');
}

/**
 * One step of the agent loop: sends the model the view's messages (system messages left out, the recall block
 * before the prompt, pinned memory in the instructions or a leading user block, a view's summary after the
 * agent's instructions), streams the step (one `streamText` step: it runs the step's tools, and a tool that throws
 * becomes a tool error the model sees) as the run's events, and stores the step's assistant and tool messages in
 * one `store` call with the record of what was sent (`recordAssembly`) and what the step's read wrote (the run's
 * ride) in the same transaction, then emits
 * `agent-step-end`. An abort drops the step whole; a call no tool answered hands the step back unstored (its
 * record is written alone: the model was sent that context).
 */
export async function runStep(run: RunParts, input: StepInput): Promise<StepOutcome> {
  const { config, view, countOf, countTextOf, channel, signal, tools, context } = run;
  const { step, recall } = input;
  const { messages: history, ids: historyIds } = promptMessages(
    input.read,
    recall,
    config.name,
    input.promptId,
  );
  // Working memory and core blocks, read afresh each step: in the instructions, or a leading user block.
  const pinned = await pinnedMemory(config);
  const inUser = pinned !== '' && config.memoryPlacement === 'user';
  const messages: ModelMessage[] = inUser ? [{ role: 'user', content: pinned }, ...history] : history;
  // The agent's instructions, then a summary the view sends as instructions, then pinned memory (unless in a user block).
  const viewInstructions = (await view.instructions?.()) ?? '';
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
    // The stream's error part ends the step (`forwardStream`), and the run rejects with it: the AI SDK's default
    // `onError` would print it to the console as well, so a failed run would show its error twice.
    onError: () => undefined,
  });
  const end = await forwardStream(response, step, channel);
  // The step in flight is dropped whole: nothing of it is stored.
  if (end.aborted || signal?.aborted) return { kind: 'aborted' };
  if (end.failed !== undefined) throw end.failed;
  const [done] = await response.steps;
  const reason = await response.finishReason;
  const usage = await response.usage;
  // What the model was sent (and billed for): recorded with the step's messages, or alone when none are stored.
  const recorded = run.recording
    ? await recordingOf(run, run.recording, input, usage, {
        viewInstructions,
        pinned,
        inUser,
        history,
        historyIds,
      })
    : undefined;
  const responseMessages = (await response.response).messages;
  // A call no tool answered (a tool without `execute`) must not be stored alone: the step is handed back whole —
  // its assistant message and the results of the calls its tools did answer — for the caller to store with theirs.
  const unanswered = unansweredCalls(done);
  if (unanswered) {
    if (recorded) await recorded.recorder.record(recorded.assembly, recorded.extras);
    return { kind: 'pending', done, usage, pendingToolCalls: unanswered, pendingStep: responseMessages };
  }
  const storeStep = async () => (responseMessages.length > 0 ? await view.store(responseMessages) : []);
  if (reason !== 'tool-calls' && responseMessages.length > 0) input.endsRun?.(responseMessages.length);
  // One transaction for the step: its messages and its assembly record commit together (or the record alone).
  const stored = recorded
    ? (await recorded.recorder.recordWithAppend(recorded.assembly, recorded.extras, storeStep)).stored
    : await storeStep();
  channel.push({
    type: 'agent-step-end',
    step,
    finishReason: reason,
    appended: await view.appended(),
    context: {
      instructions: config.instructions ? countTextOf(config.instructions) : 0,
      pinned: pinned ? countTextOf(pinned) : 0,
      recall: recall ? countTextOf(recall) : 0,
      messages: history.reduce((sum, m) => (recall && m.content === recall ? sum : sum + countOf(m)), 0),
    },
  });
  return { kind: 'stored', done, usage, finishReason: reason, stored };
}

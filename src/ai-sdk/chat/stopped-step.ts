import type { AssistantContent, ModelMessage, ToolContent, ToolResultPart, ToolSet } from 'ai';
import { errorReason } from '../../core/errors/error-reason.ts';
import type { AgentEvent } from '../agent/agent-types.ts';
import { shapedToolOutput } from '../ui-tool-result.ts';

/** The metadata key that marks a stored entry as the step a stopped run had in flight (`{ stopped: true }`). */
export const stoppedKey = 'stopped';

/** What a tool call that had not ended when the run stopped answers. */
export const stoppedCallText =
  'not run to the end: the client went away while the tool ran, and the reply stopped';

type AssistantItem = Exclude<AssistantContent, string>[number];
type ToolItem = ToolContent[number];
/** How a call of the open step ended: its tool's result, or its error. */
type Ended = { toolName: string } & (
  | { ended: 'output'; output: unknown }
  | { ended: 'error'; error: string }
);

/**
 * The step an aborted run had in flight, as model messages to store after the run, marked `{ stopped: true }`:
 * what the model generated of it (text and reasoning as streamed, its tool calls), then, when it called tools, one
 * tool message answering every call (the result the tool gave, shaped as a finished step's is: by the tool's
 * `toModelOutput` when `tools`, the run's tools, hold one, else as the AI SDK holds a raw output; the error it gave;
 * or, for a call that had not ended, an error saying so), so no call is stored without its result. Empty when the
 * run stopped between steps (every step it began it stored) or the step generated nothing: the chat handler then
 * marks the reply beside the log (`markStopped`). Reads the run's events
 * (every reader gets them all, from the start).
 */
export async function stoppedStep(
  events: AsyncIterable<AgentEvent>,
  tools?: ToolSet,
): Promise<ModelMessage[]> {
  let open: { step: number; content: AssistantItem[]; results: Map<string, Ended> } | undefined;
  const at = (step: number) => {
    if (open?.step !== step) open = { step, content: [], results: new Map() };
    return open;
  };
  try {
    for await (const event of events) {
      switch (event.type) {
        case 'text-delta':
        case 'reasoning-delta': {
          const { content } = at(event.step);
          const kind = event.type === 'text-delta' ? 'text' : 'reasoning';
          const last = content.at(-1);
          if (last?.type === kind) last.text += event.text;
          else content.push({ type: kind, text: event.text });
          break;
        }
        case 'tool-call':
          at(event.step).content.push({
            type: 'tool-call',
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            input: event.input,
          });
          break;
        case 'tool-result':
        case 'tool-error':
          at(event.step).results.set(
            event.toolCallId,
            event.type === 'tool-error'
              ? { toolName: event.toolName, ended: 'error', error: event.error }
              : { toolName: event.toolName, ended: 'output', output: event.output },
          );
          break;
        case 'agent-step-end':
          if (open?.step === event.step) open = undefined; // stored by the run
          break;
      }
    }
  } catch {
    // A failed run's events end with its error: what came before is read.
  }
  const content = (open?.content ?? []).filter(
    (item) => (item.type !== 'text' && item.type !== 'reasoning') || item.text.length > 0,
  );
  if (content.length === 0) return [];
  const metadata = { [stoppedKey]: true };
  const calls = content.flatMap((item) => (item.type === 'tool-call' ? [item] : []));
  const assistant = { role: 'assistant', content, metadata } as ModelMessage;
  if (calls.length === 0) return [assistant];
  const results: ToolItem[] = [];
  for (const { toolCallId, toolName, input } of calls) {
    const ended = open?.results.get(toolCallId);
    const output: ToolResultPart['output'] =
      ended === undefined
        ? { type: 'error-text', value: stoppedCallText }
        : ended.ended === 'error'
          ? { type: 'error-text', value: ended.error }
          : await heldOutput(tools?.[ended.toolName], { toolCallId, input, output: ended.output });
    results.push({ type: 'tool-result', toolCallId, toolName, output });
  }
  return [assistant, { role: 'tool', content: results, metadata } as ModelMessage];
}

/**
 * A result the tool gave, as a finished step holds it ({@link shapedToolOutput}); one that cannot be held (JSON
 * cannot hold it, or the tool's `toModelOutput` threw) is an error saying so.
 */
async function heldOutput(
  tool: ToolSet[string] | undefined,
  result: { toolCallId: string; input: unknown; output: unknown },
): Promise<ToolResultPart['output']> {
  try {
    return await shapedToolOutput(tool, result);
  } catch (error) {
    return {
      type: 'error-text',
      value: `the result could not be stored: ${errorReason(error)}`,
    };
  }
}

import type { AssistantContent, ModelMessage, ToolContent, ToolResultPart } from 'ai';
import type { AgentEvent } from '../agent/agent-types.ts';
import { modelToolOutput } from '../ui-tool-result.ts';

/** The metadata key that marks a stored entry as the step a stopped run had in flight (`{ stopped: true }`). */
export const stoppedKey = 'stopped';

/** What a tool call that had not ended when the run stopped answers. */
export const stoppedCallText =
  'not run to the end: the client went away while the tool ran, and the reply stopped';

type AssistantItem = Exclude<AssistantContent, string>[number];
type ToolItem = ToolContent[number];

/**
 * The step an aborted run had in flight, as model messages to store after the run, marked `{ stopped: true }`:
 * what the model generated of it (text and reasoning as streamed, its tool calls), then, when it called tools, one
 * tool message answering every call (the result or error the tool gave, as the AI SDK holds a raw output, or,
 * for a call that had not ended, an error saying so), so no call is stored without its result. Empty when the run
 * stopped between steps (every step it began it stored) or the step generated nothing. Reads the run's events
 * (every reader gets them all, from the start).
 */
export async function stoppedStep(events: AsyncIterable<AgentEvent>): Promise<ModelMessage[]> {
  let open: { step: number; content: AssistantItem[]; results: Map<string, ToolItem> } | undefined;
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
        case 'tool-error': {
          const output =
            event.type === 'tool-error'
              ? ({ type: 'error-text', value: event.error } as const)
              : heldOutput(event.output);
          at(event.step).results.set(event.toolCallId, {
            type: 'tool-result',
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            output,
          });
          break;
        }
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
  const results = calls.map(
    (call): ToolItem =>
      open?.results.get(call.toolCallId) ?? {
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'error-text', value: stoppedCallText },
      },
  );
  return [assistant, { role: 'tool', content: results, metadata } as ModelMessage];
}

/** A result the tool gave, as the model side holds a raw output; one JSON cannot hold is an error saying so. */
function heldOutput(output: unknown): ToolResultPart['output'] {
  try {
    return modelToolOutput(output);
  } catch (error) {
    return {
      type: 'error-text',
      value: `the result could not be stored: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

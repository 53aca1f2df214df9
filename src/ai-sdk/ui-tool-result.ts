import type { JSONValue, Tool, ToolResultPart } from 'ai';

/** The state a UI tool part shows for a stored tool result. */
export type UIToolResult =
  | { state: 'output-available'; output: unknown }
  | { state: 'output-error'; errorText: string };

/**
 * How a UI tool part shows a tool result as the model side stores it: a JSON, text or content output is
 * `output-available` with its value; an error is `output-error` with its text (an error JSON as JSON text); a
 * denied execution is `output-error` with its reason. What `convertToModelMessages` turns back into the same
 * result, except a content output, which comes back as JSON.
 */
export function uiToolResult(output: ToolResultPart['output']): UIToolResult {
  switch (output.type) {
    case 'text':
    case 'json':
    case 'content':
      return { state: 'output-available', output: output.value };
    case 'error-text':
      return { state: 'output-error', errorText: output.value };
    case 'error-json':
      return { state: 'output-error', errorText: JSON.stringify(output.value) };
    case 'execution-denied':
      return { state: 'output-error', errorText: output.reason ?? 'Tool call execution denied.' };
  }
}

/**
 * A tool's raw output as the model side holds it when no `toModelOutput` shapes it (what the AI SDK sends): a
 * string as text, anything else as JSON after a JSON round trip (`undefined` becomes `null`).
 */
export function modelToolOutput(output: unknown): ToolResultPart['output'] {
  return typeof output === 'string'
    ? { type: 'text', value: output }
    : { type: 'json', value: toJson(output) };
}

/**
 * A tool's result as the model side holds it, as the AI SDK makes a finished step's (`createToolModelOutput`):
 * through the tool's `toModelOutput` when it has one, else {@link modelToolOutput}.
 */
export async function shapedToolOutput(
  tool: Tool | undefined,
  result: { toolCallId: string; input: unknown; output: unknown },
): Promise<ToolResultPart['output']> {
  if (tool?.toModelOutput) return await tool.toModelOutput(result);
  return modelToolOutput(result.output);
}

function toJson(output: unknown): JSONValue {
  return output === undefined ? null : (JSON.parse(JSON.stringify(output)) as JSONValue);
}

import type { ToolResultPart } from 'ai';

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

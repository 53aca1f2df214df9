import type { ToolResultPart } from 'ai';

/**
 * The text of a tool result's output, the one way engram reads it (search, citations, compaction, summaries):
 * `text` / `error-text` as they are, `json` / `error-json` as JSON, `execution-denied` its reason, `content`
 * its text items joined by newlines (media items have no text).
 */
export function toolOutputText(output: ToolResultPart['output']): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value) ?? '';
    case 'execution-denied':
      return output.reason ?? '';
    case 'content':
      return output.value.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
    default:
      return '';
  }
}

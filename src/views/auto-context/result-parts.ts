import type { ToolResultPart } from '../../content/cite-tool-results.ts';
import type { MemoryMessage } from '../../core/message.ts';

/**
 * The tool results of `message` by call id, the first of each id (what a search of its parts for the id finds);
 * empty for text content. Made once a message, so a tool message of thousands of results is read once, not once
 * a result.
 */
export function resultParts(message: MemoryMessage): Map<string, ToolResultPart> {
  const out = new Map<string, ToolResultPart>();
  if (typeof message.content === 'string') return out;
  for (const part of message.content)
    if (part.type === 'tool-result' && !out.has(part.toolCallId)) out.set(part.toolCallId, part);
  return out;
}

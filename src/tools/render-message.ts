import type { MemoryMessage } from '../core/message.ts';
import { toolOutputText } from '../messages/tool-output-text.ts';

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;

/** A message as one compact text for a model: its text, tool calls with their inputs, tool results cut. */
export function renderMessage(message: MemoryMessage, maxPartChars = 1000): string {
  if (typeof message.content === 'string') return cut(message.content, maxPartChars);
  const out: string[] = [];
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning') out.push(cut(part.text, maxPartChars));
    else if (part.type === 'tool-call')
      out.push(
        `[calls ${part.toolName}(${cut(JSON.stringify(part.input ?? null), 300)}) id ${part.toolCallId}]`,
      );
    else if (part.type === 'tool-result') {
      const value = toolOutputText(part.output) || part.output.type;
      out.push(`[result of ${part.toolName} ${part.toolCallId}: ${cut(value, maxPartChars)}]`);
    } else out.push(`[${part.type}]`);
  }
  return out.join('\n');
}

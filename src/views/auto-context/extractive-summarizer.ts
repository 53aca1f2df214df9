import type { MemoryMessage } from '../../core/message.ts';
import { toolOutputText } from '../../messages/tool-output-text.ts';
import type { Summarizer } from '../summarizer.ts';

/** Options of {@link createExtractiveSummarizer}. */
export interface ExtractiveSummarizerOptions {
  /** Longest summary, in characters. @default 4000 */
  maxChars?: number;
  /** Characters kept of each message's text. @default 240 */
  perMessageChars?: number;
}

const itemRef = /content item "([^"]+)"/g;

/** One line for a message: role, a cut of its text, tool calls by name, and content item ids it cites. */
function line(message: MemoryMessage, cap: number): string {
  const texts: string[] = [];
  const refs = new Set<string>();
  const calls: string[] = [];
  const parts =
    typeof message.content === 'string'
      ? [{ type: 'text' as const, text: message.content }]
      : message.content;
  for (const part of parts) {
    if (part.type === 'text' || part.type === 'reasoning') texts.push(part.text);
    else if (part.type === 'tool-call') calls.push(part.toolName);
    else if (part.type === 'tool-result') {
      const value = toolOutputText(part.output);
      for (const m of value.matchAll(itemRef)) refs.add(m[1]!);
      texts.push(`${part.toolName} → ${value.replace(/\s+/g, ' ').slice(0, Math.min(cap, 120))}`);
    }
  }
  for (const t of texts) for (const m of t.matchAll(itemRef)) refs.add(m[1]!);
  let text = texts.join(' ').replace(/\s+/g, ' ').trim();
  if (text.length > cap) text = `${text.slice(0, cap)}…`;
  const extra = [
    calls.length ? `calls ${calls.join(', ')}` : '',
    refs.size ? `items ${[...refs].map((r) => `"${r}"`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `- ${message.role}: ${text}${extra ? ` (${extra})` : ''}`;
}

/**
 * A summarizer without a model: the previous summary, then one line per new message (role, the start of its
 * text, tool names, and every content item id it cites, so offloaded results stay reachable), keeping the
 * newest lines when over `maxChars`. Deterministic: the same input gives the same summary.
 */
export function createExtractiveSummarizer(options: ExtractiveSummarizerOptions = {}): Summarizer {
  const maxChars = options.maxChars ?? 4000;
  const cap = options.perMessageChars ?? 240;
  return async ({ previousSummary, messages }) => {
    const lines = messages.map((m) => line(m, cap));
    const head = previousSummary ? [previousSummary.trim()] : [];
    let out = [...head, ...lines].join('\n');
    while (out.length > maxChars && lines.length > 1) {
      lines.shift();
      out = [...head, '- …', ...lines].join('\n');
    }
    if (out.length > maxChars) out = out.slice(out.length - maxChars);
    return out.trim() === '' ? '(no content)' : out;
  };
}

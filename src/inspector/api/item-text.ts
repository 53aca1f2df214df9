import type { MemoryMessage } from '../../core/message.ts';
import { messageText } from '../../messages/serialize.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { isBpeEncoding } from '../../tokens/model-encodings.ts';
import type { AssemblyItem } from '../../views/assembly/context-assembly.ts';

/**
 * Where an item's `text` comes from: `sent` (the whole text the provider received, kept in the record), `log` (the
 * log message as stored, which is what was sent), `preview` (only its first 160 characters: a record made before
 * whole texts were kept), or `none` (nothing recorded).
 */
export type ItemTextOrigin = 'sent' | 'log' | 'preview' | 'none';

/** A step's item as the inspector sends it: the record's item with the text the provider received. */
export type ItemView = AssemblyItem & {
  /** The text the provider received (see `textOrigin`). */
  text: string;
  /** Where `text` comes from. */
  textOrigin: ItemTextOrigin;
  /** Set when the log keeps an original that differs from what was sent (a cited or cut tool result): its text. */
  original?: string;
  /** For tool definitions as sent: each tool's name and tokens (counted with the step's encoding, when exact). */
  tools?: { name: string; tokens: number | null }[];
};

/** Counts of each tool definition of a `tools` item (one JSON object a line), with the record's encoding. */
function toolTokens(text: string, encoding: string): { name: string; tokens: number | null }[] {
  const counter = isBpeEncoding(encoding) ? createTokenCounter({ encoding }) : undefined;
  return text.split('\n').map((line) => {
    let name = '';
    try {
      const definition = JSON.parse(line) as { name?: unknown } | null;
      if (typeof definition?.name === 'string') name = definition.name;
    } catch {
      // not a definition this inspector wrote: shown as it is, with no name
    }
    return { name, tokens: counter ? counter.countText(line) : null };
  });
}

/**
 * The text the provider received for one item of a step, with the log's original when it differs; tool
 * definitions also by tool, with their tokens in the step's `encoding`.
 */
export function itemView(item: AssemblyItem, message: MemoryMessage | undefined, encoding: string): ItemView {
  const { sent, preview, ...rest } = item;
  const logText = message ? messageText(message) : undefined;
  if (sent !== undefined)
    return {
      ...rest,
      text: sent,
      textOrigin: 'sent',
      ...(logText !== undefined && logText !== sent ? { original: logText } : {}),
      ...(item.source === 'tools' ? { tools: toolTokens(sent, encoding) } : {}),
    };
  if (logText !== undefined) return { ...rest, text: logText, textOrigin: 'log' };
  if (preview !== undefined) return { ...rest, text: preview, textOrigin: 'preview' };
  return { ...rest, text: '', textOrigin: 'none' };
}

import type { LogEntry } from '../../core/message.ts';
import { messageText } from '../../messages/serialize.ts';
import { toolOutputText } from '../../messages/tool-output-text.ts';

/** Turns a range of the log that left the recent window into observations: dated lines of what matters. */
export interface Observer {
  /** The observations of `entries` (oldest first), one per line; `''` when nothing is worth keeping. */
  observe(entries: readonly LogEntry[]): Promise<string>;
}

/** Condenses observations that grew past their budget into fewer lines. */
export interface Reflector {
  /** The condensed text of `observations`, at most about `budgetTokens` tokens. */
  reflect(observations: string, budgetTokens: number): Promise<string>;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The observer that needs no model: one dated line per user message (its text, clipped), per assistant answer
 * (its first sentence) and per tool result (the tool and its size), in order. Deterministic, so every process
 * writes the same observation for a range.
 * @example
 * const view = createObservationalMemory({ memory, observer: createExtractiveObserver() });
 */
export function createExtractiveObserver(options: { maxLineChars?: number } = {}): Observer {
  const max = options.maxLineChars ?? 200;
  return {
    async observe(entries) {
      const lines: string[] = [];
      for (const { message: m } of entries) {
        if (m.role === 'user') {
          const text = messageText(m);
          if (text.trim()) lines.push(`- [${day(m.createdAt)}] user: ${clip(text, max)}`);
        } else if (m.role === 'assistant') {
          const text = messageText(m).trim();
          const first = /^[\s\S]*?[.!?](\s|$)/.exec(text)?.[0] ?? text;
          if (first) lines.push(`- [${day(m.createdAt)}] assistant: ${clip(first, max)}`);
        } else if (m.role === 'tool' && Array.isArray(m.content)) {
          for (const part of m.content)
            if (part.type === 'tool-result')
              lines.push(
                `- [${day(m.createdAt)}] tool ${part.toolName} returned ${toolOutputText(part.output).length} characters`,
              );
        }
      }
      return lines.join('\n');
    },
  };
}

/**
 * The reflector that needs no model: drops repeated lines and keeps the newest that fit the budget (about four
 * characters a token), marking what it left out.
 */
export function createExtractiveReflector(): Reflector {
  return {
    async reflect(observations, budgetTokens) {
      const seen = new Set<string>();
      const lines = observations
        .split('\n')
        .filter((l) => l.trim() !== '' && !seen.has(l) && seen.add(l) !== undefined);
      const kept: string[] = [];
      let chars = 0;
      for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i] as string;
        if (chars + line.length + 1 > budgetTokens * 4) break;
        kept.unshift(line);
        chars += line.length + 1;
      }
      const dropped = lines.length - kept.length;
      return [...(dropped > 0 ? [`- (${dropped} older observations condensed away)`] : []), ...kept].join(
        '\n',
      );
    },
  };
}

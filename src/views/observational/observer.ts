import { checkKnownKeys, checkOptions } from '../../core/check-options.ts';
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

/** Every option of {@link createExtractiveObserver}: any other key is refused (a misspelling). */
const knownObserverOptions: Record<keyof NonNullable<Parameters<typeof createExtractiveObserver>[0]>, true> =
  {
    maxLineChars: true,
  };

/**
 * The observer that needs no model: one dated line per user message (its text, clipped), per assistant answer
 * (its first sentence) and per tool result (the tool and its size), in order. Deterministic, so every process
 * writes the same observation for a range.
 * @example
 * const view = createObservationalMemory({ conversation: memory, observer: createExtractiveObserver() });
 */
export function createExtractiveObserver(options: { maxLineChars?: number } = {}): Observer {
  checkOptions(options, 'createExtractiveObserver', 'views');
  checkKnownKeys(options, knownObserverOptions, 'createExtractiveObserver', 'views');
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
 * The reflector that needs no model: drops repeated lines, then keeps what fits the budget (about four characters
 * a token) in this order — what the user said about themselves or asked to remember ("my", "I am", "remember", …),
 * the rest of what the user said, then the assistant's and tools' lines (newest first within each) — in their
 * original order, noting how many it left out. A heuristic of salience for when no model is configured.
 */
export function createExtractiveReflector(): Reflector {
  return {
    async reflect(observations, budgetTokens) {
      const seen = new Set<string>();
      const lines = observations.split('\n').filter((l) => {
        if (l.trim() === '' || l.startsWith('- (') || seen.has(l)) return false;
        seen.add(l);
        return true;
      });
      const isUser = (l: string) => /^- \[[^\]]*\] user: /.test(l);
      // What the user said about themselves or asked to keep comes first, then the rest of what the user said.
      const salient = (l: string) =>
        isUser(l) &&
        /\b(remember|my|mine|I am|I'm|I live|I prefer|call me)\b/i.test(
          l.replace(/^- \[[^\]]*\] user: /, ''),
        );
      const rank = (l: string) => (salient(l) ? 0 : isUser(l) ? 1 : 2);
      const indexed = lines.map((l, i) => ({ l, i }));
      const order = [0, 1, 2].flatMap((r) => indexed.filter((x) => rank(x.l) === r).reverse());
      const kept: { l: string; i: number }[] = [];
      let chars = 0;
      for (const x of order) {
        if (chars + x.l.length + 1 > budgetTokens * 4) continue;
        kept.push(x);
        chars += x.l.length + 1;
      }
      kept.sort((a, b) => a.i - b.i);
      const dropped = lines.length - kept.length;
      return [
        ...(dropped > 0 ? [`- (${dropped} older observations condensed away)`] : []),
        ...kept.map((x) => x.l),
      ].join('\n');
    },
  };
}

import type { ModelMessage } from 'ai';
import { createKeptTextCounts, type KeptTextCounts } from '../../tokens/kept-text-counts.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';

/** Characters of texts (and of string-content messages, per role) whose counts are kept, per encoding; the oldest are forgotten first. */
const keptChars = 4_000_000;

/**
 * Token counts of what an agent sends, kept across steps and runs: each step re-sends the history, and counting
 * it again (or serializing it to find it) would cost what the history holds.
 */
export interface SentCounts {
  /** Counts a sent message in `counter`; a message whose content (array or string) was counted before is not counted again. */
  countWith(counter: TokenCounter): (message: ModelMessage) => number;
  /** Counts a text in `counter` (instructions, pinned memory, the recall block), once per distinct text. */
  countTextWith(counter: TokenCounter): (text: string) => number;
  /** `counter` with both counts going through these (for code that takes a counter, such as recall packing). */
  counterWith(counter: TokenCounter): TokenCounter;
}

/** Counts one encoding's messages and texts, remembering each (see {@link SentCounts}). */
interface EncodingCounts {
  /** Array contents by identity (a view hands back the same content objects step after step), then role. */
  byContent: WeakMap<object, Map<string, number>>;
  /** String contents by role, then text. */
  byText: Map<string, KeptTextCounts>;
  texts: KeptTextCounts;
}

/** Creates an agent's {@link SentCounts}. */
export function createSentCounts(): SentCounts {
  const encodings = new Map<string, EncodingCounts>();
  const of = (counter: TokenCounter): EncodingCounts => {
    let e = encodings.get(counter.encoding);
    if (!e) {
      e = { byContent: new WeakMap(), byText: new Map(), texts: createKeptTextCounts({ keptChars }) };
      encodings.set(counter.encoding, e);
    }
    return e;
  };
  const countWith = (counter: TokenCounter) => {
    const e = of(counter);
    return (m: ModelMessage): number => {
      const content: unknown = m.content;
      if (typeof content === 'string') {
        let texts = e.byText.get(m.role);
        if (!texts) {
          texts = createKeptTextCounts({ keptChars });
          e.byText.set(m.role, texts);
        }
        return texts.countOf(content, () => counter.count(m));
      }
      if (typeof content !== 'object' || content === null) return counter.count(m);
      let byRole = e.byContent.get(content);
      if (!byRole) {
        byRole = new Map();
        e.byContent.set(content, byRole);
      }
      const n = byRole.get(m.role) ?? counter.count(m);
      byRole.set(m.role, n);
      return n;
    };
  };
  const countTextWith = (counter: TokenCounter) => {
    const e = of(counter);
    return (text: string): number => e.texts.countOf(text, (t) => counter.countText(t));
  };
  return {
    countWith,
    countTextWith,
    counterWith(counter) {
      const count = countWith(counter);
      const countText = countTextWith(counter);
      return {
        encoding: counter.encoding,
        count,
        countText,
        // The lower bound is cheap and exact to the counter: it goes straight through.
        ...(counter.atLeast ? { atLeast: (text: string) => counter.atLeast!(text) } : {}),
        ...(counter.load ? { load: () => counter.load!() } : {}),
        // Counts kept are the counter's own: they add across lines when its counts do.
        ...(counter.addsAcrossLines ? { addsAcrossLines: true } : {}),
      };
    },
  };
}

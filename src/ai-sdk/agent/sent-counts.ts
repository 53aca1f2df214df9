import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.ts';

/** Texts and string-content messages a counter keeps counts of, per encoding (the oldest forgotten first). */
const keptTexts = 10_000;

/**
 * Token counts of what an agent sends, kept across steps and runs: each step re-sends the history, and counting
 * it again (or serializing it to find it) would cost what the history holds.
 */
export interface SentCounts {
  /** Counts a sent message in `counter`; a message whose content (array or string) was counted before is not counted again. */
  countWith(counter: TokenCounter): (message: ModelMessage) => number;
  /** Counts a text in `counter` (instructions, pinned memory, the recall block), once per distinct text. */
  countTextWith(counter: TokenCounter): (text: string) => number;
}

/** Counts one encoding's messages and texts, remembering each (see {@link SentCounts}). */
interface EncodingCounts {
  /** Array contents by identity (a view hands back the same content objects step after step), then role. */
  byContent: WeakMap<object, Map<string, number>>;
  /** String contents by role, then text. */
  byText: Map<string, Map<string, number>>;
  texts: Map<string, number>;
}

/** Creates an agent's {@link SentCounts}. */
export function createSentCounts(): SentCounts {
  const encodings = new Map<string, EncodingCounts>();
  const of = (counter: TokenCounter): EncodingCounts => {
    let e = encodings.get(counter.encoding);
    if (!e) {
      e = { byContent: new WeakMap(), byText: new Map(), texts: new Map() };
      encodings.set(counter.encoding, e);
    }
    return e;
  };
  return {
    countWith(counter) {
      const e = of(counter);
      return (m) => {
        const content: unknown = m.content;
        if (typeof content === 'string')
          return remember(mapIn(e.byText, m.role), content, () => counter.count(m));
        if (typeof content !== 'object' || content === null) return counter.count(m);
        const byRole = mapIn(e.byContent, content);
        const n = byRole.get(m.role) ?? counter.count(m);
        byRole.set(m.role, n);
        return n;
      };
    },
    countTextWith(counter) {
      const e = of(counter);
      return (text) => remember(e.texts, text, () => counter.countText(text));
    },
  };
}

/** The map kept under `key` in `maps`, made when missing. */
function mapIn<K extends object | string>(
  maps: { get(key: K): Map<string, number> | undefined; set(key: K, value: Map<string, number>): unknown },
  key: K,
): Map<string, number> {
  const found = maps.get(key);
  if (found) return found;
  const made = new Map<string, number>();
  maps.set(key, made);
  return made;
}

/** The count kept for `key`, or `count()` kept (the oldest key forgotten past {@link keptTexts}). */
function remember(map: Map<string, number>, key: string, count: () => number): number {
  let n = map.get(key);
  if (n === undefined) {
    n = count();
    if (map.size >= keptTexts) map.delete(map.keys().next().value as string);
    map.set(key, n);
  }
  return n;
}

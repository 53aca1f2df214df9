/**
 * Token counts kept by their exact text, the oldest forgotten first past a number of characters. The BPE counter
 * keeps its long texts here (one tool result is counted when it is stored, when the agent records what it sent and
 * when a view offloads it: each count of a 50 KB page splits it again and looks up every pre-token), and the
 * agent keeps what it sends (instructions, recall blocks, string messages).
 */
export interface KeptTextCounts {
  /** The kept count of `text`, or `count(text)` kept when `text` is long enough; a short text is always counted. */
  countOf(text: string, count: (text: string) => number): number;
  /** Texts kept now (for tests). */
  readonly size: number;
  /** Forgets every kept count. */
  clear(): void;
}

/** Options of {@link createKeptTextCounts}. */
export interface KeptTextCountsOptions {
  /** Texts shorter than this many characters are counted every time (their lookup would cost about their count). @default 0 */
  minChars?: number;
  /** Characters of the texts kept at most; the oldest are forgotten first. */
  keptChars: number;
}

/** Creates a {@link KeptTextCounts}: exact, since a count depends on the text alone. */
export function createKeptTextCounts(options: KeptTextCountsOptions): KeptTextCounts {
  const { minChars = 0, keptChars } = options;
  // A Map iterates in insertion order: its first keys are the oldest.
  const counts = new Map<string, number>();
  let chars = 0;
  return {
    countOf(text, count) {
      if (text.length < minChars || text.length > keptChars) return count(text);
      const kept = counts.get(text);
      if (kept !== undefined) return kept;
      const n = count(text);
      counts.set(text, n);
      chars += text.length;
      for (const old of counts.keys()) {
        if (chars <= keptChars) break;
        counts.delete(old);
        chars -= old.length;
      }
      return n;
    },
    get size() {
      return counts.size;
    },
    clear() {
      counts.clear();
      chars = 0;
    },
  };
}

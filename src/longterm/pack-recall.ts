import { checkedCounter } from '../tokens/checked-counter.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { checkPackInput } from './check-recall.ts';
import {
  dayHeader,
  type FormatRecallOptions,
  type RecallLine,
  recallBlock,
  recallLine,
  recallTag,
} from './format-recall.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { isDateWords } from './temporal-context.ts';
import { isTopicLine } from './topic-line.ts';

/** The recall budget when nothing says otherwise: the measured size at which a LoCoMo question's evidence is in the block about 9 times in 10. */
export const defaultRecallTokens = 2000;

/**
 * The records that carry their neighbouring turns when nothing says otherwise: the five best. A neighbour costs
 * about what a record does, so giving every record its neighbours fills a 2,000-token block with 11–16 records
 * where records alone would hold about 40; the best few gain most from their surroundings, the rest from being
 * there at all. Measured on the development data (BENCHMARKS.md, "Recall by budget" and "Personal facts"): the
 * LoCoMo evidence inside the default block 89.7% (every record with neighbours 89.2%, none 89.1%, the best 3 or 8
 * 89.4% / 89.5%; 90.1% once the lines sit under day lines), and the personal-facts probes A–H 278 facts of 301
 * recalled (every record 269, none 277). With budget left once every record is in, the others take theirs too
 * (a personal-facts question few turns match: its block was under 1,300 tokens for half of probe F's questions).
 */
export const defaultContextRecords = 5;

/** Options of {@link packRecall}. */
export interface PackRecallOptions {
  /** The most tokens the block may take, its tag and header included (an integer from 1 to 1,000,000). @default 2000 */
  maxTokens?: number;
  /** Counts the block's tokens: the memory's or the agent's counter. @default exact o200k_base counts */
  counter?: TokenCounter;
  /** Ids of messages the model already sees: a record made only of these is left out. @default [] */
  inContext?: readonly string[];
  /** Texts of messages the model already sees: a neighbouring turn with one of these words is not shown again. @default [] */
  inContextText?: readonly string[];
  /**
   * How many of the records packed, best first, carry the neighbouring turns of their context (those not already
   * in the block); the others are shown alone, so a block holds more records, and take theirs, best first, only
   * with the budget left once every record that fits is in. `0`: none at all. An integer from 0 to 1,000,000.
   * @default {@link defaultContextRecords}
   */
  context?: number;
  /** How the block is written (`formatRecall`'s options). @default {} */
  format?: FormatRecallOptions;
  /**
   * The order of the records in the block (which records go in is decided best first either way). `'newest'`:
   * the latest first by its date (`validAt`, else when it was recorded), ties in ranked order, so a later statement
   * of something (a correction, a move, a new job) is read before the earlier one whatever their ranks, and each
   * day's lines are together under one day line; `'best'`: in ranked order (a day line wherever the day changes).
   * @default 'newest'
   */
  order?: 'newest' | 'best';
}

/** A record in a packed block. */
export interface PackedRecallItem {
  /** The search result, as ranked. */
  result: LongTermSearchResult;
  /** The neighbouring turns shown with it, in their order in its context (empty for none). */
  context: string[];
}

/** What {@link packRecall} returns. */
export interface PackedRecall {
  /** The block (`formatRecall`'s), or `''` when nothing fits or nothing is new. */
  text: string;
  /** The records in the block, in its order (`order`). */
  items: PackedRecallItem[];
  /** The block's tokens in the counter. */
  tokens: number;
}

/** Exact counts of a whole block one packing may make to settle a record near the budget. */
const maxExactChecks = 8;
/** How close to the budget (in tokens) an estimated block is counted exactly. */
const nearBudget = 4;

let defaultCounter: TokenCounter | undefined;
function counterOf(given: TokenCounter | undefined): TokenCounter {
  if (given) return checkedCounter(given, 'counter', 'longterm');
  defaultCounter ??= createTokenCounter({ encoding: 'o200k_base' });
  return defaultCounter;
}

/** A turn record's own words (its text after `speaker: `), or undefined for another kind. */
function spokenOf(record: LongTermRecord): string | undefined {
  if (record.kind !== 'turn') return undefined;
  const speaker = record.metadata.speaker;
  const prefix = typeof speaker === 'string' ? `${speaker}: ` : '';
  return record.text.startsWith(prefix) ? record.text.slice(prefix.length) : record.text;
}

/** The neighbouring turns in a turn record's context: its lines that are not date words or its topic line. */
const neighboursOf = (record: LongTermRecord): string[] =>
  record.kind === 'turn' && record.context
    ? record.context
        .split('\n')
        .filter((line) => line.trim() !== '' && !isDateWords(line) && !isTopicLine(line))
    : [];

/** A record as the block shows it: its text, then the neighbours given (`around it: «…» «…»`). */
function shownWith(result: LongTermSearchResult, context: readonly string[]): LongTermSearchResult {
  if (context.length === 0) return result;
  const around = context.map((line) => `«${line}»`).join(' ');
  return { ...result, record: { ...result.record, text: `${result.record.text} — around it: ${around}` } };
}

/**
 * Packs ranked search results into one recall block of at most `maxTokens` tokens (counted with `counter`), best
 * first: each record whole (never cut), a turn among the best `context` packed with the neighbouring turns of
 * its context that make it understandable (its day is the line above it); a record that does not fit is skipped and later, smaller ones may
 * still fit; then, with the budget left, the other turns take their neighbours too, best first (no record is left
 * out for one); the block then shows them newest first (`order`). Left out: a second result of one record id, a
 * record made only of messages the model already sees (`inContext`), a turn whose words the block already holds
 * (another record's context; not tool-derived text, which keeps its own labelled line), and, from a record's
 * context, the turns already in the block. A record
 * whose context does not fit is tried alone. The block is written by `formatRecall` (a day shared by records is
 * written once, so newest first a block holds more records than in ranked order). Its count is exact: with a
 * counter whose counts add across lines (`addsAcrossLines`: the BPE counters) it is the sum of its frame's and
 * lines' counts, each line counted once (a counter that keeps counts, as an agent's does, counts a line seen
 * before for nothing); with another, a block near the budget and the block returned are counted whole. A counter
 * with `atLeast` (a cheap lower bound) lets records that cannot fit be skipped without counting them; the block is
 * the same. Throws `INVALID_ARGUMENT` for bad input.
 * @example
 * const { text } = packRecall(await memory.search(question, { limit: 100 }), { maxTokens: 2000, counter });
 */
export function packRecall(
  results: readonly LongTermSearchResult[],
  options: PackRecallOptions = {},
): PackedRecall {
  checkPackInput(results, options);
  const maxTokens = options.maxTokens ?? defaultRecallTokens;
  const counter = counterOf(options.counter);
  const format = options.format ?? {};
  const contextRecords = options.context ?? defaultContextRecords;
  const tag = recallTag(format);
  // Each record's line is written once; blocks are made of lines.
  const count = (lines: readonly RecallLine[]) => counter.countText(recallBlock(lines, tag, format));
  const order = options.order ?? 'newest';
  const seen = new Set(options.inContext ?? []);
  const seenText = new Set(options.inContextText ?? []);
  const ids = new Set<string>();
  /** Per session: the lines of turns the block holds (packed turns' words and shown neighbours). */
  const held = new Map<string, Set<string>>();
  const heldIn = (record: LongTermRecord) => {
    const key = record.session ?? '';
    const lines = held.get(key) ?? new Set<string>();
    held.set(key, lines);
    return lines;
  };
  const items: PackedRecallItem[] = [];
  const shown: RecallLine[] = [];
  /** The days of the lines packed: shown newest first, a day's lines are together under one header. */
  const days = new Set<string | undefined>();
  // The block's tokens are about its frame (tag and intro) plus each line's, with its day header when it needs one;
  // the first line's block is counted whole (exact: a frame counted beside a line that did not fit may differ by a
  // rounding from the frame beside the line that does, where counts do not add across lines).
  let estimate = 0;
  let exactChecks = 0;
  // The block's lines end in `"` or `:` and start with `-`, a header's day or `no date:` (the closing tag with `<`):
  // where counts add across lines, the estimate is the block's exact count.
  const adds = counter.addsAcrossLines === true;
  for (const result of results) {
    const { record } = result;
    if (ids.has(record.id)) continue;
    const sources = record.provenance.messageIds;
    if (sources.length > 0 && sources.every((id) => seen.has(id))) continue;
    const words = spokenOf(record);
    const holding = heldIn(record);
    // Tool output keeps its own line, so its label says where it came from.
    const ownLine = record.provenance.toolDerived;
    if (!ownLine && words?.split('\n').every((line) => holding.has(line))) continue;
    const own = new Set(words?.split('\n'));
    const around =
      items.length >= contextRecords
        ? []
        : [...new Set(neighboursOf(record))].filter(
            (line) => !holding.has(line) && !own.has(line) && !seenText.has(line),
          );
    const tries = around.length > 0 ? [around, []] : [[]];
    for (const context of tries) {
      const candidate = recallLine(shownWith(result, context), format);
      // Newest first, the lines of a day are together: a day already packed has its header; undated lines come
      // last, under one `no date:` line once a dated line is packed too.
      const header = order === 'newest' ? newestHeader(candidate, days) : dayHeader(candidate, shown.at(-1));
      const piece = `${header === undefined ? '' : `${header}\n`}${candidate.line}\n`;
      // A record that cannot fit even by the counter's lower bound is skipped uncounted (the check below would
      // skip it too: its estimate is at least this).
      if (items.length > 0 && counter.atLeast) {
        const least = estimate + counter.atLeast(piece);
        if (
          adds
            ? least > maxTokens
            : least > maxTokens + nearBudget || (least > maxTokens && exactChecks >= maxExactChecks)
        )
          continue;
      }
      let total = items.length === 0 ? count([candidate]) : estimate + counter.countText(piece);
      // Where counts may not add across lines, the sum may miss merges there: a block near the budget is counted
      // exactly.
      if (!adds && items.length > 0 && total > maxTokens - nearBudget) {
        if (total > maxTokens + nearBudget || exactChecks >= maxExactChecks) continue;
        exactChecks++;
        total = count(order === 'newest' ? byNewest([...shown, candidate]) : [...shown, candidate]);
      }
      if (total > maxTokens) continue;
      estimate = total;
      items.push({ result, context: [...context] });
      shown.push(candidate);
      days.add(candidate.day);
      ids.add(record.id);
      for (const line of [...own, ...context]) holding.add(line);
      break;
    }
  }
  // Budget left once every record that could go in is in: the records packed alone take their neighbouring turns,
  // best first, where those still fit (a record is never displaced for a neighbour: this only spends what is left).
  for (let i = contextRecords; contextRecords > 0 && i < items.length && estimate < maxTokens; i++) {
    const { result, context } = items[i]!;
    if (context.length > 0) continue;
    const holding = heldIn(result.record);
    const own = new Set(spokenOf(result.record)?.split('\n'));
    const around = [...new Set(neighboursOf(result.record))].filter(
      (line) => !holding.has(line) && !own.has(line) && !seenText.has(line),
    );
    if (around.length === 0) continue;
    const alone = shown[i]!;
    const wider = recallLine(shownWith(result, around), format);
    let total = estimate + counter.countText(`${wider.line}\n`) - counter.countText(`${alone.line}\n`);
    if (total > maxTokens) continue;
    if (!adds) {
      if (exactChecks >= maxExactChecks) break;
      exactChecks++;
      const lines = shown.map((line, j) => (j === i ? wider : line));
      total = count(order === 'newest' ? byNewest(lines) : lines);
      if (total > maxTokens) continue;
    }
    estimate = total;
    items[i] = { result, context: around };
    shown[i] = wider;
    for (const line of around) holding.add(line);
  }
  // Packed best first; shown in the block's order. The exact count of the block as shown settles the budget: a
  // block over it (a merge across lines the estimate missed) loses its worst-ranked records first.
  const packed = items.map((item, rank) => ({ item, line: shown[rank]!, rank }));
  if (order === 'newest') packed.sort((a, b) => shownAt(b.item) - shownAt(a.item) || a.rank - b.rank);
  const lines = () => packed.map((p) => p.line);
  let tokens = packed.length === 0 ? 0 : adds ? estimate : count(lines());
  while (tokens > maxTokens) {
    const worst = packed.reduce((w, p, i) => (p.rank > packed[w]!.rank ? i : w), 0);
    packed.splice(worst, 1);
    tokens = packed.length > 0 ? count(lines()) : 0;
  }
  return { text: recallBlock(lines(), tag, format), items: packed.map((p) => p.item), tokens };
}

/**
 * The header lines a line adds to a block shown newest first that holds lines of `days` (undefined: undated): its
 * day's line for a new day, and the `no date:` line undated lines get below the first dated one.
 */
function newestHeader(line: RecallLine, days: ReadonlySet<string | undefined>): string | undefined {
  if (days.has(line.day)) return undefined;
  const dated = [...days].some((day) => day !== undefined);
  if (line.day === undefined) return dated ? 'no date:' : undefined;
  return days.has(undefined) && !dated ? `${line.day}:\nno date:` : `${line.day}:`;
}

/** Lines as the block shows them newest first, for counting: by day, the latest first, undated last (stable). */
const byNewest = (lines: readonly RecallLine[]): RecallLine[] =>
  [...lines].sort((a, b) => (b.day ?? '').localeCompare(a.day ?? ''));

/** The time a record's line shows (`validAt`, else when it was recorded), in ms; 0 when it has none. */
const shownAt = ({ result: { record } }: PackedRecallItem): number =>
  (record.validAt ?? record.recordedAt)?.getTime() ?? 0;

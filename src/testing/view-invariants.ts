/** Test-only: the invariants every view output must satisfy, and a full-log reference of the window views. */
import type { ModelMessage } from 'ai';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { groupUnits, isSendable, newestLiveUnit } from '../messages/units.ts';

/**
 * Throws unless `out` is a valid context for `log` (see each check). Messages whose id is `summaryIds` (one id,
 * or a set of them: summaries and ladder steps) stand for log ranges and are not looked up in the log.
 */
export function checkContext(
  log: readonly LogEntry[],
  out: readonly MemoryMessage[],
  summaryIds?: string | ReadonlySet<string>,
): void {
  const isSummary = summaryTest(summaryIds);
  const index = new Map(log.map((e, i) => [e.message.id, i]));
  // Order: a subsequence of the log (the summary message aside).
  let last = -1;
  for (const m of out) {
    if (isSummary(m.id)) continue;
    const i = index.get(m.id);
    if (i === undefined) throw new Error(`message ${m.id} is not in the log`);
    if (i <= last) throw new Error(`message ${m.id} is out of order`);
    last = i;
  }
  // System messages kept.
  const ids = new Set(out.map((m) => m.id));
  for (const e of log)
    if (e.message.role === 'system' && !ids.has(e.message.id))
      throw new Error(`system ${e.message.id} dropped`);
  checkPairs(out);
}

/** Whether an id is one of `summaryIds` (one id, or a set of them). */
function summaryTest(summaryIds: string | ReadonlySet<string> | undefined): (id: string) => boolean {
  return (id) => (typeof summaryIds === 'string' ? id === summaryIds : (summaryIds?.has(id) ?? false));
}

/**
 * The first non-system message sent is a user message (a summary is one) whenever the log holds a live user
 * message older than it: many providers refuse a conversation that starts with the assistant (Bedrock's
 * Converse for most model families, Gemini after a function call).
 */
export function checkStartsOnUser(
  log: readonly LogEntry[],
  out: readonly MemoryMessage[],
  summaryIds?: string | ReadonlySet<string>,
): void {
  const isSummary = summaryTest(summaryIds);
  const first = out.find((m) => m.role !== 'system');
  if (!first || first.role === 'user' || isSummary(first.id)) return;
  const at = log.findIndex((e) => e.message.id === first.id);
  const opener = log.slice(0, Math.max(at, 0)).findLast((e) => e.message.role === 'user');
  if (opener)
    throw new Error(
      `the context starts with ${first.role} message ${first.id} although user message ${opener.message.id} precedes it`,
    );
}

/** No tool result without its call, no call without its result (a trailing in-flight step excepted). */
export function checkPairs(out: readonly ModelMessage[]): void {
  const open = new Set<string>();
  let lastCaller = -1;
  out.forEach((m, i) => {
    if (m.role === 'system') return;
    if (m.role === 'tool') {
      for (const p of m.content) {
        const id = p.type === 'tool-result' ? p.toolCallId : `approval:${p.approvalId}`;
        if (!open.delete(id)) throw new Error(`message ${i}: answer ${id} without its call`);
      }
      return;
    }
    if (open.size > 0)
      throw new Error(`message ${i} (${m.role}) while ${[...open].join(', ')} are unanswered`);
    if (m.role === 'assistant' && typeof m.content !== 'string') {
      for (const p of m.content) {
        if (p.type === 'tool-call' && !p.providerExecuted) open.add(p.toolCallId);
        if (p.type === 'tool-approval-request') open.add(`approval:${p.approvalId}`);
      }
      if (open.size > 0) lastCaller = i;
    }
  });
  if (open.size > 0 && !out.slice(lastCaller + 1).every((m) => m.role === 'tool' || m.role === 'system')) {
    throw new Error(`unanswered ${[...open].join(', ')} not in the trailing step`);
  }
}

/**
 * The window views' selection, computed over the whole log at once (the reference the views must match), with
 * their `startOn` rule; `cutsTo`, for a view that cuts an oversized newest unit's tool results to fit (the token
 * window), says whether the unit can be cut to fit a room.
 */
export function referenceWindow(
  log: readonly LogEntry[],
  capacityOf: (systems: readonly LogEntry[]) => number,
  cost: (items: readonly LogEntry[]) => number,
  startOn: 'user' | 'any' = 'user',
  cutsTo?: (items: readonly LogEntry[], room: number) => boolean,
): { ids: string[]; oversized: LogEntry[] | undefined } {
  const systems = log.filter((e) => e.message.role === 'system');
  const units = groupUnits(log, { message: (e) => e.message, tokens: (e) => e.tokens });
  const capacity = capacityOf(systems);
  const chosen: { kind: string; items: LogEntry[] }[] = [];
  let used = 0;
  let oversized: LogEntry[] | undefined;
  const newest = newestLiveUnit(units);
  for (let i = units.length - 1; i >= 0; i--) {
    const u = units[i]!;
    if (u.kind === 'system' || !isSendable(u, i >= newest)) continue;
    const items = u.items.filter((e) => e.message.role !== 'system');
    const c = cost(items);
    if (chosen.length === 0 && c > capacity) {
      oversized = items;
      chosen.push({ kind: u.kind, items });
      break;
    }
    if (used + c > capacity) break;
    chosen.unshift({ kind: u.kind, items });
    used += c;
  }
  // The prompt starts with the user: of the suffixes of the selection (longest first), the first that starts
  // with a user message, or that fits after the newest user message older than it; else the selection as it is.
  let opener: LogEntry | undefined;
  if (startOn === 'user' && !oversized && chosen.length > 0 && chosen[0]!.kind !== 'user') {
    const firstSeq = chosen[0]!.items[0]!.seq;
    const before = log.filter((e) => e.seq < firstSeq && e.message.role === 'user').at(-1);
    let found = false;
    for (let drop = 0; drop < chosen.length && before; drop++) {
      const rest = chosen.slice(drop);
      if (rest[0]!.kind === 'user' || cost([before]) + cost(rest.flatMap((u) => u.items)) <= capacity) {
        chosen.splice(0, drop);
        if (rest[0]!.kind !== 'user') opener = before;
        found = true;
        break;
      }
    }
    // No whole unit fits beside the opener: a view that cuts tool results (`cutsTo`) sends the newest unit cut to fit.
    const newest = chosen.at(-1)!;
    const room = before ? capacity - cost([before]) : 0;
    if (!found && cutsTo && room > 0 && cutsTo(newest.items, room)) {
      chosen.splice(0, chosen.length - 1);
      opener = before;
      oversized = newest.items;
    }
  }
  // A unit alone over the capacity whose tool results are cut to fit (`cutsTo`: whether they can be cut to fit a
  // room): the opener goes first when the unit can be cut to fit beside it.
  if (startOn === 'user' && oversized && !opener && cutsTo && chosen[0]!.kind !== 'user') {
    const firstSeq = oversized[0]!.seq;
    const before = log.filter((e) => e.seq < firstSeq && e.message.role === 'user').at(-1);
    const room = before ? capacity - cost([before]) : 0;
    if (before && room > 0 && cutsTo(oversized, room)) opener = before;
  }
  const picked = chosen.flatMap((u) => u.items);
  const keep = new Set([...systems, ...picked, ...(opener ? [opener] : [])]);
  return { ids: log.filter((e) => keep.has(e)).map((e) => e.message.id), oversized };
}

/**
 * The same memory with a `tail()` that pages backward `pageSize` entries at a time (the contract allows any
 * page size), so small test logs exercise the partial-tail paths a 256-entry page would hide.
 */
export function withSmallPages(memory: ConversationMemory, pageSize: number): ConversationMemory {
  return {
    ...memory,
    async tail({
      minTokens = Number.POSITIVE_INFINITY,
      maxMessages = Number.POSITIVE_INFINITY,
      toSeq: upTo,
    }) {
      const out: LogEntry[] = [];
      let tokens = 0;
      let toSeq = upTo;
      if (toSeq !== undefined && toSeq < 1) return out;
      while (tokens <= minTokens && out.length < maxMessages) {
        const limit = Math.min(pageSize, maxMessages - out.length);
        const page = await memory.entries({ direction: 'backward', limit, ...(toSeq ? { toSeq } : {}) });
        if (page.length === 0) break;
        out.unshift(...page);
        for (const e of page) tokens += e.tokens;
        toSeq = page[0]!.seq - 1;
        if (toSeq < 1 || page.length < limit) break;
      }
      return out;
    },
  };
}

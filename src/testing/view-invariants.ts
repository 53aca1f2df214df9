/** Test-only: the invariants every view output must satisfy, and a full-log reference of the window views. */
import type { ModelMessage } from 'ai';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { groupUnits, isSendable } from '../messages/units.ts';

/**
 * Throws unless `out` is a valid context for `log` (see each check). Messages whose id is `summaryIds` (one id,
 * or a set of them: summaries and ladder steps) stand for log ranges and are not looked up in the log.
 */
export function checkContext(
  log: readonly LogEntry[],
  out: readonly MemoryMessage[],
  summaryIds?: string | ReadonlySet<string>,
): void {
  const isSummary = (id: string) =>
    typeof summaryIds === 'string' ? id === summaryIds : (summaryIds?.has(id) ?? false);
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

/** The window views' selection, computed over the whole log at once (the reference the views must match). */
export function referenceWindow(
  log: readonly LogEntry[],
  capacityOf: (systems: readonly LogEntry[]) => number,
  cost: (items: readonly LogEntry[]) => number,
): { ids: string[]; oversized: LogEntry[] | undefined } {
  const systems = log.filter((e) => e.message.role === 'system');
  const units = groupUnits(log, { message: (e) => e.message, tokens: (e) => e.tokens });
  const capacity = capacityOf(systems);
  const picked: LogEntry[] = [];
  let used = 0;
  let oversized: LogEntry[] | undefined;
  for (let i = units.length - 1; i >= 0; i--) {
    const u = units[i]!;
    if (u.kind === 'system' || !isSendable(u, i === units.length - 1)) continue;
    const items = u.items.filter((e) => e.message.role !== 'system');
    const c = cost(items);
    if (picked.length === 0 && c > capacity) {
      oversized = items;
      picked.push(...items);
      break;
    }
    if (used + c > capacity) break;
    picked.unshift(...items);
    used += c;
  }
  const keep = new Set([...systems, ...picked]);
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

import type { JSONValue } from 'ai';
import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createTimeSlicer } from '../core/time-slicer.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import { deserializeMessage } from '../messages/serialize.ts';
import { type ConversationLog, invalid, pageSize } from './conversation-log.ts';
import { checkMessageFilter, type MessageFilter, matchesFilter } from './message-filter.ts';
import { selectPrunable } from './select-prunable.ts';

/** The queries of a conversation memory that take arguments or walk the log: checked first, then queued. */

/** `find(filter)`: messages matching roles, metadata and a time range, paged. */
export function findMessages(log: ConversationLog, filter: MessageFilter): Promise<MemoryMessage[]> {
  try {
    checkMessageFilter(filter, 'find');
  } catch (error) {
    return Promise.reject(error);
  }
  return log.read(async () => {
    const out: MemoryMessage[] = [];
    const limit = filter.limit ?? Number.POSITIVE_INFINITY;
    await log.forEachPage(filter.roles ? { roles: filter.roles } : {}, (page) => {
      for (const e of page) if (out.length < limit && matchesFilter(e.message, filter)) out.push(e.message);
      return out.length < limit;
    });
    return out;
  });
}

/** `deleteAt(index)`: deletes the message at an index of `read()` (negative from the end), paging from the nearer end. */
export function deleteMessageAt(log: ConversationLog, index: number): Promise<boolean> {
  if (!Number.isInteger(index))
    return Promise.reject(invalid(`deleteAt(index): index must be an integer, got ${describeValue(index)}`));
  const { storage, scope, sessionId } = log;
  return log.write(async () => {
    const count = (await storage.stats(scope, sessionId)).count;
    const position = index < 0 ? count + index : index;
    if (position < 0 || position >= count) return false;
    // Page from the nearer end, so deleting the newest message does not read the whole log.
    const fromEnd = count - 1 - position;
    const entry =
      fromEnd < position
        ? (await storage.readRange(scope, sessionId, { direction: 'backward', limit: fromEnd + 1 }))[0]
        : (await storage.readRange(scope, sessionId, { limit: position + 1 }))[position];
    return entry ? (await storage.deleteMessages(scope, sessionId, [entry.message.id])) > 0 : false;
  });
}

/** `prune(maxTokens)`: removes the oldest whole units until the log fits; returns the removed messages. */
export function pruneMessages(log: ConversationLog, maxTokens: number): Promise<MemoryMessage[]> {
  if (!Number.isFinite(maxTokens) || maxTokens < 0)
    return Promise.reject(
      invalid(`prune(maxTokens): must be a non-negative number, got ${describeValue(maxTokens)}`),
    );
  const { storage, scope, sessionId } = log;
  return log.write(async () => {
    const stats = await storage.stats(scope, sessionId);
    if (stats.tokens <= maxTokens) return [];
    const removed = await selectPrunable(stats.tokens - maxTokens, log.forEachPage);
    await storage.deleteMessages(
      scope,
      sessionId,
      removed.map((e) => e.message.id),
    );
    return removed.map((e) => e.message);
  });
}

/** `tail(options)`: the newest entries, read backward in pages until they hold enough (see `ConversationMemory.tail`). */
export function tailEntries(
  log: ConversationLog,
  options: { minTokens?: number; maxMessages?: number; toSeq?: number },
): Promise<LogEntry[]> {
  try {
    checkTailOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const {
    minTokens = Number.POSITIVE_INFINITY,
    maxMessages = Number.POSITIVE_INFINITY,
    toSeq: upTo,
  } = options;
  if (upTo !== undefined && !Number.isSafeInteger(upTo))
    return Promise.reject(invalid(`tail({ toSeq }): toSeq must be an integer, got ${describeValue(upTo)}`));
  const { storage, scope, sessionId } = log;
  return log.read(async () => {
    const pages: LogEntry[][] = [];
    let tokens = 0;
    let count = 0;
    let toSeq = upTo;
    if (toSeq !== undefined && toSeq < 1) return [];
    // A page read is synchronous on node:sqlite (and parses every result it holds): the loop gets a turn between
    // pages once a slice has run, so a long tail of large tool results does not block it.
    const slicer = createTimeSlicer();
    while (tokens <= minTokens && count < maxMessages) {
      if (pages.length > 0) {
        const pause = slicer.tick();
        if (pause) await pause;
      }
      const limit = Math.min(pageSize, maxMessages - count);
      const page = await storage.readRange(scope, sessionId, {
        direction: 'backward',
        limit,
        ...(toSeq ? { toSeq } : {}),
      });
      if (page.length === 0) break;
      pages.push(page);
      for (const e of page) tokens += e.tokens;
      count += page.length;
      toSeq = page[0]!.seq - 1;
      if (toSeq < 1 || page.length < limit) break;
    }
    return pages.reverse().flat();
  });
}

/**
 * Throws `INVALID_ARGUMENT` naming the field unless `options` are tail options: known keys only (a misspelt
 * `maxMessage` would read the whole log), `minTokens` a number ≥ 0 and `maxMessages` an integer ≥ 0 (either may be
 * `Infinity`, their default).
 */
function checkTailOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw invalid(`tail(options): options must be an object, got ${describeValue(options)}`);
  const o = options as { minTokens?: unknown; maxMessages?: unknown; toSeq?: unknown };
  checkKnownKeys(o, { minTokens: true, maxMessages: true, toSeq: true }, 'tail', 'memory');
  const { minTokens, maxMessages } = o;
  if (minTokens !== undefined && !(typeof minTokens === 'number' && minTokens >= 0))
    throw invalid(`tail(options).minTokens must be a number >= 0, got ${describeValue(minTokens)}`);
  if (
    maxMessages !== undefined &&
    !(
      typeof maxMessages === 'number' &&
      maxMessages >= 0 &&
      (Number.isSafeInteger(maxMessages) || maxMessages === Infinity)
    )
  )
    throw invalid(`tail(options).maxMessages must be an integer >= 0, got ${describeValue(maxMessages)}`);
}

/** The messages of a state `saveState()` produced; throws `INVALID_ARGUMENT` for anything else. */
export function readState(state: JSONValue): MemoryMessage[] {
  const messages =
    typeof state === 'object' && state !== null && !Array.isArray(state)
      ? (state as { messages?: unknown }).messages
      : undefined;
  if (!Array.isArray(messages)) {
    throw invalid('loadState(state): expected { messages: [...] } as produced by saveState()');
  }
  // The saved state is JSON (the codec's own encoding): refuse, naming the path, what JSON would change.
  checkJsonValue(state, 'state', 'memory');
  return messages.map((m) => deserializeMessage(JSON.stringify(m)));
}

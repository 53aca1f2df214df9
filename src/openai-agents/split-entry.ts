import { createHash } from 'node:crypto';
import type { AgentInputItem } from '@openai/agents-core';
import type { JSONValue } from 'ai';
import type { LogEntry } from '../core/message.ts';
import { validateMessage } from '../messages/validate.ts';
import type { AppendInput, LogStats } from '../store/memory-store.ts';
import { digestOf, encodeItem } from './item-codec.ts';
import { itemMessages, type OperationMark, type SessionLog } from './session-log.ts';

/**
 * Splits an entry of the log that stands for several items (a message written through engram's other APIs: an
 * assistant text and its tool calls, a tool message with several results) into one message per item, each keeping
 * its item as `addItems` stores it, so that `popItem` can remove the last item alone and keep the others.
 *
 * The split is a conditional append on `read`, the session's `lastSeq` and `logId` the caller read (one `stats()`)
 * before it read `entry` as the newest item (`ifLastSeq`, `ifLogId`): when another writer appended since (an item,
 * or its own split of this entry), or deleted the session and created it again under its id (even filled up to the
 * same `lastSeq`), it throws `CONFLICT` and stores nothing, and the caller reads again; so the copies never land
 * after an item appended meanwhile, nor in a log that is not the one the entry was read from.
 *
 * Store-first: one atomic append stores the copies, the first marked as replacing the entry (see `liveEntries`),
 * then the entry is deleted. A crash in between leaves both, read as the copies alone; the next read deletes the
 * entry. No item is lost or shown twice, and none is removed: the caller pops the last copy as any other item. The
 * copies' ids and content derive from the entry (its id, its items, its `createdAt`), so writers splitting it at
 * once store them once (an identical re-append is a no-op).
 *
 * The append re-appends the entry itself first, a no-op while it is live. It is stored anew only when the entry was
 * deleted since the caller's read without an append (`clearSession`, `memory.delete`; a split or an item by another
 * writer, or the session deleted and created again, is a `CONFLICT`), or on a store that ignores `ifLastSeq` and
 * `ifLogId` (a third-party `MemoryStoreV1` written before them),
 * where another writer may have split it and popped copies since: then what this append stored is deleted again and
 * nothing else changes. Until that delete (one store call later) readers see what it stored; a crash in that moment
 * leaves it (a pop reaching the entry splits it again, storing nothing, and deletes it).
 */
export async function splitEntry(
  log: SessionLog,
  entry: LogEntry,
  items: readonly AgentInputItem[],
  read: Pick<LogStats, 'lastSeq' | 'logId'>,
): Promise<void> {
  const { storage, scope, sessionId, counter } = log.memory;
  const { message } = entry;
  const encoded = items.map((item, i) => encodeItem(item, `items[${i}]`));
  const digest = digestOf(encoded);
  const key = createHash('sha256').update(`${message.id}\n${digest}`).digest('hex').slice(0, 40);
  const marks = encoded.map(
    (_, index): OperationMark => ({
      id: `popItem:${message.id}`,
      digest,
      index,
      ...(index === 0 ? { replaces: [message.id] } : {}),
    }),
  );
  const copies = itemMessages(encoded, {
    ids: encoded.map((_, i) => `split_${key}_${i}`),
    marks: marks as unknown as JSONValue[],
    createdAt: message.createdAt,
  });
  await counter.load?.();
  const inputs: AppendInput[] = [
    { message, tokens: entry.tokens },
    ...copies.map((copy) => {
      const checked = validateMessage(copy);
      return { message: checked, tokens: counter.count(checked) };
    }),
  ];
  const stored = await storage.append(scope, sessionId, inputs, {
    ifLastSeq: read.lastSeq,
    ifLogId: read.logId,
  });
  const again = stored[0]!;
  // Stored anew, the entry and the copies after it have sequence numbers from `again` on; those it found live, before.
  const done =
    again.seq === entry.seq
      ? [message.id]
      : stored.filter((e) => e.seq >= again.seq).map((e) => e.message.id);
  await storage.deleteMessages(scope, sessionId, done);
}

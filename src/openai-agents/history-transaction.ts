import { createHash } from 'node:crypto';
import type { SessionHistoryTransactionArgs } from '@openai/agents-core';
import type { JSONValue, ModelMessage } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import { withExtras } from '../messages/from-model-message.ts';
import { validateMessage } from '../messages/validate.ts';
import type { LogStats } from '../store/memory-store.ts';
import { agentsComponent, digestOf, encodeAgentItems, encodeItem, sameEncoded } from './item-codec.ts';
import { itemMessages, type OperationMark, operationKey, type SessionLog } from './session-log.ts';
import { deleteEntries, liveEntries } from './superseded-entries.ts';

/** The artifact kind that records an applied operation id beside the log. */
export const operationKind = 'openai-agents.operation';

/** A transaction as stored: its items encoded (see `encodeItem`). */
type EncodedTransaction =
  | { type: 'append_items'; items: JSONValue[] }
  | { type: 'replace_suffix'; expectedSuffix: JSONValue[]; replacement: JSONValue[] };

/**
 * Applies an Agents SDK history transaction (`append_items` or `replace_suffix`) once per operation id. The new
 * messages get ids derived from the operation id and carry it with the transaction's digest, and an artifact
 * (`openai-agents.operation`) records the id once they are written: a repeat with the same transaction is a
 * no-op (also after a crash between the write and the record, after the items were popped, and after both: a
 * pop records the operation of an item it removes whose record is missing), a repeat
 * with another transaction throws `CONFLICT`, and so does a `replace_suffix` whose suffix no longer matches.
 * Items are encoded (and refused, `INVALID_ARGUMENT`) before anything is written.
 *
 * `replace_suffix` checks the suffix item by item as `getItems` shows it, appends the replacement in one atomic
 * append (led by the items before the suffix of a message it starts inside, see `readSuffix`), then tombstones the
 * suffix entries it checked (by id) in one delete; a message among them that stands for no item stays, before the
 * replacement. The append is conditional (`ifLastSeq`, `ifLogId`: the `lastSeq` and `logId` read before the suffix
 * was): another writer's append between the check and it, or its delete and re-creation of the session (even filled
 * up to the same `lastSeq`), makes the store refuse it, and the suffix is read again (at most 8 times): no
 * longer the last items, the transaction is a `CONFLICT` and nothing changes, as in the SDK's `MemorySession`,
 * which checks and replaces in one step. A suffix entry another writer pops meanwhile is simply gone already.
 * Between the append and the delete the session reads the replacement alone (its first message names the suffix it
 * replaces, see `liveEntries`, and a read deletes a suffix a crash left), though engram's own reads of the log see
 * both.
 * An empty replacement removes the suffix (as the SDK's `MemorySession` does); when it writes no message, it is
 * checked by an empty conditional append (another writer's append before it: read again, as above), and its
 * record names the suffix and is written before the delete, which a repeat finishes. The same operation applied by
 * two writers at once lands once: the one whose append meets the other's finishes the other's.
 */
export async function applyHistoryTransaction(
  log: SessionLog,
  args: SessionHistoryTransactionArgs,
): Promise<void> {
  const { operationId, transaction } = checkTransaction(args);
  const digest = digestOf(transaction as unknown as JSONValue);
  const key = createHash('sha256').update(operationId).digest('hex');
  const recordId = operationRecordId(operationId);
  const idOf = (i: number) => `otx_${key.slice(0, 40)}_${i}`;
  /** The ids of the items a `replace_suffix` writes again ahead of its replacement (see `readSuffix`). */
  const headIdOf = (i: number) => `otx_${key.slice(0, 40)}_h${i}`;
  const written = transaction.type === 'append_items' ? transaction.items : transaction.replacement;
  const ids = written.map((_, i) => idOf(i));
  const { memory } = log;

  /** Deletes the replaced suffix by id, with what its own marks replace (see `deleteEntries`). */
  const deleteIds = async (replaced: string[]) =>
    deleteEntries(log, await memory.storage.getMessages(memory.scope, memory.sessionId, replaced));

  const recorded = (await memory.listArtifacts(operationKind)).find((a) => a.id === recordId);
  if (recorded) {
    const data = recorded.data as { digest?: unknown; replaces?: string[] };
    if (data.digest !== digest)
      throw conflict(`operation "${operationId}" was already applied with a different transaction`);
    // Recorded before its delete (an empty replacement): finish the delete a crash may have left undone.
    if (data.replaces?.length) await deleteIds(data.replaces);
    return;
  }

  /** Deletes the replaced suffix (when any) and records the operation; `mark` is what its first message carries. */
  const finish = async (mark: OperationMark | undefined, wrote: boolean) => {
    if (mark?.digest !== digest) {
      throw conflict(`operation "${operationId}" was already applied with a different transaction`);
    }
    const entries = await memory.storage.getMessages(memory.scope, memory.sessionId, ids);
    const lastSeq = (await memory.stats()).lastSeq;
    // With no message to carry the mark (an empty replacement), the record carries the suffix to delete, and
    // is written first, so a repeat after a crash finishes the delete instead of finding the suffix changed.
    const early = !wrote && mark.replaces !== undefined;
    const record = () =>
      memory.putArtifact({
        id: recordId,
        kind: operationKind,
        fromSeq: entries[0]?.seq ?? lastSeq,
        toSeq: entries.at(-1)?.seq ?? lastSeq,
        data: { operationId, digest, type: transaction.type, ...(early ? { replaces: mark.replaces! } : {}) },
      });
    if (early) await record();
    if (mark.replaces?.length) await deleteIds(mark.replaces);
    if (!early) await record();
  };
  /** The mark of the operation's first message when it is in the log (written by a crashed or concurrent attempt). */
  const inFlight = async () => {
    const [first] = await memory.storage.getMessages(memory.scope, memory.sessionId, [headIdOf(0), idOf(0)]);
    return first && { mark: first.message.metadata?.[operationKey] as OperationMark | undefined };
  };

  const pending = await inFlight();
  if (pending) return finish(pending.mark, true);

  /**
   * The messages to append (the head items of a message the suffix starts inside, then the written items) with their
   * marks, and what they replace. A `replace_suffix` is checked against the log read after `lastSeq`.
   */
  const plan = async () => {
    const read = await memory.storage.stats(memory.scope, memory.sessionId);
    const { replaces, head } =
      transaction.type === 'replace_suffix' ? await readSuffix(log, transaction.expectedSuffix) : {};
    const headItems = head?.items ?? [];
    const marks = [...headItems, ...written].map(
      (_, index): OperationMark => ({
        id: operationId,
        digest,
        index,
        ...(index === 0 && replaces ? { replaces } : {}),
      }),
    ) as unknown as JSONValue[];
    const messages = [
      ...itemMessages(headItems, {
        ids: headItems.map((_, i) => headIdOf(i)),
        marks,
        ...(head ? { createdAt: head.createdAt } : {}),
      }),
      ...itemMessages(written, { ids, marks: marks.slice(headItems.length) }),
    ];
    return { read, replaces, marks, messages };
  };

  let planned = await plan();
  for (let tries = 1; ; tries++) {
    try {
      // A replacement lands only on the log its suffix was checked on (as the SDK's MemorySession checks and
      // replaces in one step): another writer's append in between is a CONFLICT of the store, and the suffix is
      // read again (a suffix no longer last is this operation's CONFLICT). An empty replacement appends nothing
      // but is checked the same way (an empty conditional append writes nothing): what another writer appends
      // after that check lands after the replacement, as if appended once it was done.
      if (transaction.type === 'replace_suffix') await appendIf(log, planned.messages, planned.read);
      else if (planned.messages.length > 0) await memory.append(planned.messages);
      break;
    } catch (error) {
      if (
        transaction.type === 'replace_suffix' &&
        MemoryError.hasCode(error, 'CONFLICT') &&
        tries < maxTries
      ) {
        // The append another writer made may be this same operation's (a repeat running at once): finish it.
        const theirs = await inFlight();
        if (theirs) return finish(theirs.mark, true);
        planned = await plan();
        continue;
      }
      // Another writer applied the same operation id first: finish theirs (or refuse a different transaction).
      const theirs = MemoryError.hasCode(error, 'DUPLICATE_MESSAGE_ID') ? await inFlight() : undefined;
      if (!theirs) throw error;
      return finish(theirs.mark, true);
    }
  }
  const { replaces, marks } = planned;
  // An empty replacement writes no message to carry the mark: the suffix it replaces is passed on directly.
  const first = marks[0] as OperationMark | undefined;
  return finish(
    first ?? { id: operationId, digest, index: 0, ...(replaces ? { replaces } : {}) },
    first !== undefined,
  );
}

/** The id of the artifact recording an applied operation id. */
const operationRecordId = (operationId: string) =>
  `op_${createHash('sha256').update(operationId).digest('hex')}`;

/**
 * Records the operation that wrote `entry` (a message of a history transaction, see `OperationMark`) when its record
 * is missing: a crash between the operation's write and its record leaves only its messages to say it was applied,
 * and a pop is about to remove one. Without this, a retry of the operation after the pop would apply it again.
 */
export async function recordOperationOf(log: SessionLog, entry: LogEntry): Promise<void> {
  const mark = entry.message.metadata?.[operationKey] as Partial<OperationMark> | undefined;
  // `popItem` splits carry a mark too; only a transaction's messages (ids `otx_…`) stand for an operation id.
  if (!entry.message.id.startsWith('otx_') || typeof mark?.id !== 'string' || typeof mark.digest !== 'string')
    return;
  const id = operationRecordId(mark.id);
  const { memory } = log;
  if ((await memory.listArtifacts(operationKind)).some((a) => a.id === id)) return;
  await memory.putArtifact({
    id,
    kind: operationKind,
    fromSeq: entry.seq,
    toSeq: entry.seq,
    data: { operationId: mark.id, digest: mark.digest },
  });
}

/**
 * What a `replace_suffix` replaces when the session's last items are `expected`, compared item by item as `getItems`
 * shows them (a message written through engram's other APIs stands for its items; one standing for none is passed
 * over and stays), else `CONFLICT`: the ids of the messages holding them and, when the suffix starts inside a
 * message standing for several items, `head`, that message's items before the suffix. The message is replaced
 * whole, so the replacement's append writes them again first, one message each with the message's time, as
 * `splitEntry` splits a message: the suffix being the newest items, they land where they were (the append is
 * conditional on the log read).
 */
async function readSuffix(
  log: SessionLog,
  expected: readonly JSONValue[],
): Promise<{ replaces: string[]; head?: { items: JSONValue[]; createdAt: Date } }> {
  const n = expected.length;
  const suffix = n === 0 ? [] : await liveEntries(log, n);
  const actual = suffix.flatMap((e) => e.items.map((item) => encodeItem(item)));
  if (actual.length < n || !sameEncoded(actual.slice(-n), expected as JSONValue[])) {
    throw conflict('the session history suffix no longer matches the transaction precondition');
  }
  // The items read past the suffix are the first ones of the oldest message read, never all of them (see `liveEntries`).
  const extra = actual.length - n;
  return {
    replaces: suffix.map((e) => e.entry.message.id),
    ...(extra > 0
      ? { head: { items: actual.slice(0, extra), createdAt: suffix[0]!.entry.message.createdAt } }
      : {}),
  };
}

/** Checks the arguments the way the SDK's own `MemorySession` does, encoding every item; throws `INVALID_ARGUMENT`. */
function checkTransaction(args: unknown): { operationId: string; transaction: EncodedTransaction } {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const operationId = a.operationId;
  if (typeof operationId !== 'string' || operationId.trim() === '') {
    throw invalid('operationId must be a non-empty string');
  }
  const t = a.transaction as Record<string, unknown> | undefined;
  if (typeof t !== 'object' || t === null) throw invalid('transaction must be an object');
  const list = (name: string) => {
    const value = t[name];
    if (!Array.isArray(value)) throw invalid(`transaction.${name} must be an array of items`);
    return encodeAgentItems(value, `transaction.${name}`);
  };
  if (t.type === 'append_items') return { operationId, transaction: { type: t.type, items: list('items') } };
  if (t.type === 'replace_suffix') {
    return {
      operationId,
      transaction: { type: t.type, expectedSuffix: list('expectedSuffix'), replacement: list('replacement') },
    };
  }
  throw invalid(`unsupported transaction type ${describeValue(t.type)}`);
}

function invalid(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: agentsComponent, message });
}

/** Most tries of a `replace_suffix` whose append met another writer's before it throws `CONFLICT`. */
const maxTries = 8;

/**
 * Appends `messages` when the session is still the log `read` (its `logId`) at its `lastSeq`, stamped, validated and
 * counted as the memory's own append does (the session's memory has the system clock).
 */
async function appendIf(
  log: SessionLog,
  messages: readonly ModelMessage[],
  read: Pick<LogStats, 'lastSeq' | 'logId'>,
): Promise<void> {
  const { storage, scope, sessionId, counter } = log.memory;
  if (messages.length > 0) await counter.load?.();
  const inputs = messages.map((m, i) => {
    const message = validateMessage(withExtras(m), `messages[${i}]`);
    return { message, tokens: counter.count(message) };
  });
  await storage.append(scope, sessionId, inputs, { ifLastSeq: read.lastSeq, ifLogId: read.logId });
}

function conflict(message: string): MemoryError {
  return new MemoryError({ code: 'CONFLICT', component: agentsComponent, message });
}

import type { JSONValue, ModelMessage } from 'ai';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ConversationMemory } from '../src/memory/conversation-memory.ts';
import { toMemoryMessage } from '../src/messages/from-model-message.ts';
import { serializeMessage } from '../src/messages/serialize.ts';

/**
 * What can happen to a session's log between two reads of a view, for the properties that compare a live view's
 * read with a fresh one's: appends by the view's own conversation (`by` 0) or another one on the same session (1),
 * a read, a delete, a prune, a clear, a replaced log (`loadState`), the session deleted and created again, the
 * store closed and opened again (an app restart), and reads that race appends (`race`: the test's views read while
 * a writer stores, see {@link raceAppends}).
 */
export type LogChange =
  | { kind: 'append'; by: 0 | 1; n: number }
  | { kind: 'read' }
  | { kind: 'delete'; by: 0 | 1; pick: number }
  | { kind: 'prune'; by: 0 | 1; keep: number }
  | { kind: 'replace'; by: 0 | 1; keep: number; n: number }
  | { kind: 'clear'; by: 0 }
  | { kind: 'recreate' }
  | { kind: 'reopen' }
  | { kind: 'race'; by: 0 | 1; n: number };

/** Arbitrary {@link LogChange}s, appends and reads most often; `maxPrune` bounds a prune's kept tokens. */
export const arbLogChange = (maxPrune: number): fc.Arbitrary<LogChange> => {
  const by = fc.constantFrom(0 as const, 1 as const);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('append' as const), by, n: fc.integer({ min: 1, max: 5 }) }),
    },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('read' as const) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), by, pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('prune' as const), by, keep: fc.nat(maxPrune) }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('replace' as const), by, keep: fc.nat(20), n: fc.nat(3) }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const, by: 0 as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'recreate' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('race' as const), by, n: fc.integer({ min: 1, max: 4 }) }),
    },
  );
};

/** A read's outcome: the messages (compared whole), or the error's code. */
export async function readOutcome(read: () => Promise<readonly ModelMessage[]>): Promise<unknown> {
  try {
    return await read();
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

/** What a writer's change did, for coverage counts: `append-other` is an append by the other conversation. */
export type AppliedChange = 'append' | 'append-other' | 'delete' | 'prune' | 'replace' | 'clear';

/**
 * Applies a writer's change (`append`, `delete`, `prune`, `replace`, `clear`) through `writers[change.by]`, taking
 * new messages from `take` (one `store` call a message, as an agent loop stores them); undefined when there was
 * nothing to do (no messages left, an empty log).
 */
export async function applyLogChange(
  change: Exclude<Extract<LogChange, { by: 0 | 1 }>, { kind: 'race' }>,
  writers: readonly ConversationMemory[],
  take: (n: number) => ModelMessage[],
): Promise<AppliedChange | undefined> {
  const writer = writers[change.by]!;
  if (change.kind === 'append') {
    const batch = take(change.n);
    if (batch.length === 0) return undefined;
    for (const m of batch) await writer.store(m);
    return change.by === 0 ? 'append' : 'append-other';
  }
  const entries = await writer.entries();
  if (entries.length === 0) return undefined;
  if (change.kind === 'delete') await writer.delete(entries[change.pick % entries.length]!.message.id);
  else if (change.kind === 'prune') await writer.prune(change.keep);
  else if (change.kind === 'clear') await writer.clear();
  else {
    const state = (await writer.saveState()) as { messages: JSONValue[] };
    const added = take(change.n).map((m) => JSON.parse(serializeMessage(toMemoryMessage(m))) as JSONValue);
    await writer.loadState({ messages: [...state.messages.slice(0, change.keep), ...added] });
  }
  return change.kind;
}

/** A source of new messages: `take(n)` gives the next `n` of `messages` (fewer, or none, at their end). */
export function messageSource(messages: readonly ModelMessage[]): (n: number) => ModelMessage[] {
  let next = 0;
  return (n) => {
    const out = messages.slice(next, next + n);
    next += n;
    return out;
  };
}

/**
 * A `race`: every read of `reads` starts, then `writers[change.by]` stores the next `change.n` messages, one call a
 * message, while they run. Each read may see any prefix of the appends and must give messages (or
 * `CONTEXT_OVERFLOW`, as a budget too small for the log does); what they keep is checked by the test's next read.
 * Returns what the appends did (undefined when no message was left: nothing ran).
 */
export async function raceAppends(
  change: Extract<LogChange, { kind: 'race' }>,
  writers: readonly ConversationMemory[],
  take: (n: number) => ModelMessage[],
  reads: readonly (() => Promise<readonly ModelMessage[]>)[],
): Promise<AppliedChange | undefined> {
  const batch = take(change.n);
  if (batch.length === 0) return undefined;
  const started = reads.map((read) => readOutcome(read));
  const writer = writers[change.by]!;
  for (const m of batch) await writer.store(m);
  for (const outcome of await Promise.all(started))
    if (!Array.isArray(outcome))
      expect(outcome, 'a read racing appends').toEqual({ error: 'CONTEXT_OVERFLOW' });
  return change.by === 0 ? 'append' : 'append-other';
}

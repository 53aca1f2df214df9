import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { BadInputError } from '../bad-input-error.ts';

/** Message ids per `getMessages` of {@link refuseTaken}. */
const idsPerRead = 500;

/** Tries of {@link appendOwn} before it gives up on a session other writers keep appending to. */
const maxTries = 100;

/** Throws `BadInputError` when session `id` already holds one of `messages`' ids. */
export async function refuseTaken(
  store: MemoryStoreV1,
  scope: Scope,
  id: string,
  messages: readonly MemoryMessage[],
): Promise<void> {
  for (let i = 0; i < messages.length; i += idsPerRead) {
    const ids = messages.slice(i, i + idsPerRead).map((m) => m.id);
    const [taken] = await store.getMessages(scope, id, ids);
    if (taken) throw new BadInputError(`session "${id}" already holds a message "${taken.message.id}"`);
  }
}

/**
 * Appends `messages` to the existing session `id` in one atomic append that stores every one of them itself, so a
 * run that removes its appends again (a later write failed) removes exactly these, never a message another run
 * stored: the session's `lastSeq` and `logId` are read, none of the ids may be in the session then
 * (`BadInputError` when one is), and the append is conditional on them (`ifLastSeq`, `ifLogId`). Any append to the
 * session in between (another run's, of the same messages too) makes it a `CONFLICT`, and it is read and checked
 * again. An unconditional append would take a message another run stored meanwhile under its id as stored by
 * this one (appends are idempotent by id), and this run's removal would delete it.
 */
export async function appendOwn(
  store: MemoryStoreV1,
  scope: Scope,
  id: string,
  messages: readonly MemoryMessage[],
): Promise<void> {
  const { counter } = createConversationMemory({ store, scope, sessionId: id });
  await counter.load?.();
  const inputs = messages.map((message) => ({ message, tokens: counter.count(message) }));
  for (let tries = 1; ; tries++) {
    const { lastSeq, logId } = await store.stats(scope, id);
    await refuseTaken(store, scope, id, messages);
    try {
      await store.append(scope, id, inputs, { ifLastSeq: lastSeq, ifLogId: logId });
      return;
    } catch (error) {
      if (!MemoryError.hasCode(error, 'CONFLICT')) throw error;
      if (tries === maxTries)
        throw new BadInputError(
          `session "${id}" was appended to by other writers ${maxTries} times while this run tried to append to it`,
        );
    }
  }
}

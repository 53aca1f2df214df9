import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createId } from '../core/ids.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { checkSessionMetadata } from './check-values.ts';
import { recordFork, withForkLink } from './fork-links.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { AppendInput, CreateSessionInput, SessionRecord } from './memory-store.ts';
import { checkSessionId, sessionExists } from './store-helpers.ts';

/** Entries read, and inputs appended, per driver call while copying. */
const batchSize = 500;

/**
 * `createSession` with a `fork` for a driver without native forks: creates the session through the driver
 * (without `fork`), copies the parent's live entries up to `fork.atSeq` into it under the same seqs, and
 * records the link (see fork-links.ts), so the fork reads, counts and reports exactly what `MemoryStoreV1`
 * says, and nothing the parent does later changes it. The driver's `append` numbers entries gaplessly, so each
 * seq the parent no longer shows (deleted, or hidden in a fork) is filled with an empty placeholder message
 * (0 tokens, a fresh `gap_` id) that is tombstoned right after its batch. Checks what the built-in drivers
 * check, in their order: the id, the metadata, that `scope` has no session `id` yet, the parent, `atSeq`.
 *
 * Cost: O(atSeq) driver writes (every shared entry and every gap is written once), against O(1) for a
 * zero-copy native fork; the fork's `updatedAt` is the end of the copy. Run it inside the driver's
 * `transaction` for a crash-atomic fork; without one (`atomic` false) a throw deletes the half-made fork before
 * it is rethrown, but a crash mid-copy can leave it, partly copied and unlinked.
 */
export async function forkByCopy(
  d: LogDriverV1,
  scope: Scope,
  input: CreateSessionInput & { fork: { parentId: string; atSeq: number } },
  atomic: boolean,
): Promise<SessionRecord> {
  const component = d.name;
  const id = input.id ?? createId('ses');
  checkSessionId(id, component);
  checkSessionMetadata(input.metadata ?? {}, component);
  if (await d.getSession(scope, id)) throw sessionExists(id, component);
  const { parentId, atSeq } = input.fork;
  const { lastSeq } = await d.stats(scope, parentId);
  if (!Number.isInteger(atSeq) || atSeq < 0 || atSeq > lastSeq) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `fork.atSeq must be an integer in 0..${lastSeq}, got ${describeValue(atSeq)}`,
    });
  }
  await d.createSession(scope, input.metadata === undefined ? { id } : { id, metadata: input.metadata });
  try {
    await copyPrefix(d, scope, parentId, id, atSeq);
    await recordFork(d, scope, { id, atSeq }, parentId, component);
  } catch (error) {
    if (!atomic) await d.deleteSession(scope, id).catch(() => undefined); // the copy's own error is the one to report
    throw error;
  }
  const record = await d.getSession(scope, id);
  if (!record) throw new MemoryError({ code: 'STORE_ERROR', component, message: `fork "${id}" vanished` });
  return withForkLink(d, record, component);
}

/** An empty message holding a seq the parent no longer shows. */
const placeholder = (): AppendInput => ({
  message: { id: createId('gap'), role: 'user', content: '', createdAt: new Date(0) } satisfies MemoryMessage,
  tokens: 0,
});

/** Copies the parent's live entries up to `atSeq` into the empty session `childId`, seq for seq. */
async function copyPrefix(
  d: LogDriverV1,
  scope: Scope,
  parentId: string,
  childId: string,
  atSeq: number,
): Promise<void> {
  let next = 1; // the seq the child's next input gets
  let batch: AppendInput[] = [];
  let gaps: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const first = next - batch.length;
    const stored = await d.append(scope, childId, batch);
    if (stored[0]?.seq !== first || stored.at(-1)?.seq !== next - 1) {
      throw new MemoryError({
        code: 'STORE_ERROR',
        component: d.name,
        message: `copying fork "${childId}": the driver numbered seqs ${first}..${next - 1} as ${stored[0]?.seq}..${stored.at(-1)?.seq}`,
      });
    }
    if (gaps.length > 0) await d.deleteMessages(scope, childId, gaps);
    batch = [];
    gaps = [];
  };
  const push = async (input: AppendInput, gap: boolean) => {
    batch.push(input);
    if (gap) gaps.push(input.message.id);
    next++;
    if (batch.length >= batchSize) await flush();
  };
  while (next <= atSeq) {
    const page = await d.readRange(scope, parentId, { fromSeq: next, toSeq: atSeq, limit: batchSize });
    for (const entry of page) {
      while (next < entry.seq) await push(placeholder(), true);
      await push({ message: entry.message, tokens: entry.tokens }, false);
    }
    if (page.length < batchSize) while (next <= atSeq) await push(placeholder(), true);
  }
  await flush();
}

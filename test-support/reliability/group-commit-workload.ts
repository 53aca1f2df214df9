import fc from 'fast-check';
import { MemoryError } from '../../src/core/errors/memory-error.ts';
import type { MemoryMessage } from '../../src/core/message.ts';
import type { Scope } from '../../src/core/scope.ts';
import { serializeMessage } from '../../src/messages/serialize.ts';
import type { AppendInput, MemoryStoreV1 } from '../../src/store/memory-store.ts';

/** One `append` call of a group-commit workload. */
export interface WorkloadCall {
  /** `a`, `b` (roots), `f` (a fork of `a`), `missing`. */
  session: string;
  /** The owner's scope, or another user's (who sees no session). */
  owner: boolean;
  /** Messages by pool index, content variant and token count (`-1`: an invalid count; `-2`: an invalid id). */
  messages: { id: number; variant: number; tokens: number }[];
}

/** A step: several calls fired at once (not awaited one by one), or a delete of pool ids in a session. */
export type WorkloadStep =
  | { kind: 'wave'; calls: WorkloadCall[] }
  | { kind: 'delete'; session: string; ids: number[] };

const sessions = ['a', 'b', 'f', 'missing'];
/** A token count near the limit, so a session's total can overflow within a few calls. */
const huge = 2 ** 51;

const callArb: fc.Arbitrary<WorkloadCall> = fc.record({
  session: fc.constantFrom(...sessions),
  owner: fc.boolean().map((b) => b || Math.random() > 0.2),
  messages: fc.array(
    fc.record({
      id: fc.integer({ min: 0, max: 7 }),
      variant: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) }),
      tokens: fc.oneof(
        { weight: 10, arbitrary: fc.integer({ min: 0, max: 9 }) },
        { weight: 1, arbitrary: fc.constant(huge) },
        { weight: 1, arbitrary: fc.constantFrom(-1, -2) },
      ),
    }),
    { minLength: 0, maxLength: 3 },
  ),
});

/** Random workloads: waves of concurrent appends over several sessions, with invalid calls, duplicate ids, deletes. */
export const workloadArb: fc.Arbitrary<WorkloadStep[]> = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('wave' as const),
        calls: fc.array(callArb, { minLength: 1, maxLength: 14 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('delete' as const),
        session: fc.constantFrom('a', 'b', 'f'),
        ids: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }),
      }),
    },
  ),
  { minLength: 1, maxLength: 6 },
);

/** What a call returned: its entries (seq, id, tokens, stored body) or its error code. */
export type CallOutcome = { entries: [number, string, number, string][] } | { error: string };

/** A store's final state over the workload's sessions: each one's live log and stats, or its error code. */
export type FinalState = Record<string, unknown>;

const created = new Date('2026-01-02T03:04:05.000Z');

/** The pool message `id` in content `variant` (same id, different content: a conflicting duplicate). */
function poolMessage(id: number, variant: number): MemoryMessage {
  return {
    role: id % 3 === 0 ? 'assistant' : 'user',
    content: `pool message ${id}${variant ? ' (other)' : ''}`,
    id: `m${id}`,
    createdAt: created,
  } as MemoryMessage;
}

function inputsOf(call: WorkloadCall): AppendInput[] {
  return call.messages.map((m) => {
    const message = poolMessage(m.id, m.variant);
    if (m.tokens === -2) return { message: { ...message, id: '' }, tokens: 1 };
    return { message, tokens: m.tokens };
  });
}

const codeOf = (error: unknown) => (MemoryError.isInstance(error) ? error.code : `RAW ${String(error)}`);

async function outcome(
  p: Promise<{ seq: number; tokens: number; message: MemoryMessage }[]>,
): Promise<CallOutcome> {
  try {
    const entries = await p;
    return { entries: entries.map((e) => [e.seq, e.message.id, e.tokens, serializeMessage(e.message)]) };
  } catch (error) {
    return { error: codeOf(error) };
  }
}

/** Creates the workload's sessions in `scope`: roots `a` and `b`, and `f`, a fork of `a` made before any append. */
export async function setUpWorkload(store: MemoryStoreV1, scope: Scope): Promise<void> {
  await store.createSession(scope, { id: 'a' });
  await store.createSession(scope, { id: 'b' });
  await store.createSession(scope, { id: 'f', fork: { parentId: 'a', atSeq: 0 } });
}

/**
 * Runs a workload: each wave's calls are started together (`concurrent`) or one after another, awaiting each
 * (the plain, sequential oracle). Returns every call's outcome, in call order.
 */
export async function runWorkload(
  store: MemoryStoreV1,
  scope: Scope,
  steps: readonly WorkloadStep[],
  concurrent: boolean,
): Promise<CallOutcome[]> {
  const other: Scope = { ...scope, user: 'someone-else' };
  const outcomes: CallOutcome[] = [];
  for (const step of steps) {
    if (step.kind === 'delete') {
      const ids = step.ids.map((i) => `m${i}`);
      outcomes.push(await outcome(store.deleteMessages(scope, step.session, ids).then(() => [])));
      continue;
    }
    const start = (call: WorkloadCall) =>
      outcome(store.append(call.owner ? scope : other, call.session, inputsOf(call)));
    if (concurrent) outcomes.push(...(await Promise.all(step.calls.map(start))));
    else for (const call of step.calls) outcomes.push(await start(call));
  }
  return outcomes;
}

/**
 * The workload sessions' live logs (seq, id, tokens, body) and stats, as the owner sees them. A log id is random
 * per store, so it is reported as present or not (a session created again gets a new one either way).
 */
export async function finalState(store: MemoryStoreV1, scope: Scope): Promise<FinalState> {
  const state: FinalState = {};
  for (const session of ['a', 'b', 'f']) {
    const log = await store.readRange(scope, session);
    state[session] = {
      log: log.map((e) => [e.seq, e.message.id, e.tokens, serializeMessage(e.message)]),
      stats: await store
        .stats(scope, session)
        .then(({ logId, ...rest }) => ({ ...rest, logId: typeof logId })),
    };
  }
  return state;
}

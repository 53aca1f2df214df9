/**
 * Builds the search benchmark's databases through engram's own `store.append`: the target session (tenant
 * `solo`, session `target`, with 40 short sessions of 25 messages beside it in its tenant), alone or inside a
 * larger database whose other sessions (90 of them, in 10 other tenants) are appended in the same rounds, so
 * the target's rows are interleaved with everyone else's as they are when many conversations run at once.
 */

import { messageRanks, prng, textOf } from './corpus.ts';
import { type MemoryStoreV1, textInput } from './engram.ts';

/** The target's scope and session. */
export const target = { scope: { tenant: 'solo' }, sessionId: 'target' } as const;

/** What to build. */
export interface BuildPlan {
  /** Messages of the target session. */
  target: number;
  /** Messages in the whole database (the target's included; equal to `target` for the database alone). */
  total: number;
  /** Messages per `append` call. */
  block: number;
}

/** The target session's messages as word ranks (the same for every build: the query picker reads them). */
export function targetRanks(count: number): number[][] {
  const random = prng(1);
  return Array.from({ length: count }, () => messageRanks(random));
}

/** Appends the plan's messages to an empty store; `ranks` are the target's messages (from {@link targetRanks}). */
export async function build(
  store: MemoryStoreV1,
  plan: BuildPlan,
  ranks: readonly number[][],
  log: (line: string) => void,
): Promise<void> {
  const others = Array.from({ length: 90 }, (_, i) => ({
    scope: { tenant: `t${i % 10}` },
    sessionId: `s${i}`,
  }));
  await store.createSession(target.scope, { id: target.sessionId });
  if (plan.total > plan.target)
    for (const o of others) await store.createSession(o.scope, { id: o.sessionId });
  const random = prng(2);
  // The target's tenant also holds 40 short sessions, so a tenant-wide search covers more logs than it names.
  for (let i = 0; i < 40; i++) {
    await store.createSession(target.scope, { id: `short${i}` });
    const batch = Array.from({ length: 25 }, () => messageRanks(random));
    await store.append(
      target.scope,
      `short${i}`,
      batch.map((r, k) => textInput(-1 - i * 100 - k, textOf(r), r.length)),
    );
  }
  const rounds = Math.ceil(plan.target / plan.block);
  const otherPerRound = Math.round((plan.total - plan.target) / rounds);
  let n = 0;
  let other = 0;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const mine = ranks.slice(round * plan.block, (round + 1) * plan.block);
    await store.append(
      target.scope,
      target.sessionId,
      mine.map((r) => textInput(n++, textOf(r), r.length)),
    );
    for (let left = otherPerRound; left > 0; left -= plan.block) {
      const o = others[other++ % others.length]!;
      const batch = Array.from({ length: Math.min(plan.block, left) }, () => messageRanks(random));
      await store.append(
        o.scope,
        o.sessionId,
        batch.map((r) => textInput(n++, textOf(r), r.length)),
      );
    }
    if (round % Math.max(1, Math.floor(rounds / 10)) === 0)
      log(
        `    ${n.toLocaleString('en-US')} messages (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
}

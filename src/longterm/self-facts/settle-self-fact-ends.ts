import { maxResultLimit } from '../check-record.ts';
import { type EndResult, endRecord } from '../end-record.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import { dueEnds, earlier } from './self-fact-ends.ts';
import { endTimes, factTimes, type SelfFactsPlace } from './self-fact-records.ts';
import { selfFactsOf, type TouchedFacts } from './self-facts-of.ts';

/** Most passes {@link settleEnds} makes: each reads every self fact again after the writes of the one before. */
const mostSettlePasses = 4;

/**
 * Ends every self fact of the scope (of the `touched` keys and families when given: {@link selfFactsOf}), and the
 * turn that stated it, that is not ended when {@link dueEnds} says, read afresh from the store; again after any write, until a read finds nothing to end or after
 * {@link mostSettlePasses} reads. Each write is conditional on the version read (`expectedVersion`): a record
 * another writer changed in between is read again by the next pass.
 */
export async function settleEnds(
  o: SelfFactsPlace,
  outcome: { ended: number },
  touched?: TouchedFacts,
): Promise<void> {
  for (let pass = 0; pass < mostSettlePasses; pass++) {
    const { facts, ends } = await selfFactsOf(o, touched);
    const due = dueEnds(factTimes(facts.values()), endTimes(ends.values()));
    const results: EndResult[] = [];
    const turns = new Map<string, Date>();
    for (const r of facts.values()) {
      const end = due.get(r.id);
      if (end?.fact) results.push(await endRecord(o.records, o.scope, r, end.fact, o.now()));
      const turn = typeof r.metadata.turn === 'string' ? r.metadata.turn : undefined;
      if (end?.turn && turn !== undefined) turns.set(turn, earlier(turns.get(turn), end.turn));
    }
    const ids = [...turns.keys()];
    const stated: LongTermRecord[] = [];
    for (let i = 0; i < ids.length; i += maxResultLimit)
      stated.push(...(await o.records.getRecords(o.scope, ids.slice(i, i + maxResultLimit))));
    for (const r of stated)
      results.push(await endRecord(o.records, o.scope, r, turns.get(r.id) as Date, o.now()));
    outcome.ended += results.filter((x) => x === 'ended').length;
    if (results.every((x) => x === 'unchanged')) return;
  }
}

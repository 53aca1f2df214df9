import type { Clock } from '../core/clock.ts';
import type { Scope } from '../core/scope.ts';
import { analyzeText } from './analyze-text.ts';
import { endRecord } from './end-record.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { ownedRecords } from './owned-records.ts';

/** Where {@link endStatingTurns} writes. */
export interface EndStatingTurnsOptions {
  /** Where records live. */
  records: LongTermStoreV1;
  /** Whose records. */
  scope: Scope;
  /** Transaction time of the writes. */
  clock: Clock;
}

/**
 * Ends (`invalidAt` = `at`, a new version) the turn records that stated what a fact said before an update
 * (`newText`) or a delete (`''`): turns among the fact's source messages, said before `at`, whose own text holds
 * the most distinctive word the change removed (of the removed words, the one in the fewest turns found: the old
 * value, "Lisbon" when "lives in Lisbon" became "lives in Porto", not "lives"). Recall then marks them superseded and ranks them after the current value. Returns how many it ended.
 */
export async function endStatingTurns(
  o: EndStatingTurnsOptions,
  fact: LongTermRecord,
  newText: string,
  at: Date,
): Promise<number> {
  const kept = new Set(analyzeText(newText));
  const removed = [...new Set(analyzeText(fact.text))].filter((t) => !kept.has(t)).slice(0, 64);
  const sources = new Set(fact.provenance.messageIds);
  if (removed.length === 0 || sources.size === 0) return 0;
  const matches = await o.records.searchText(o.scope, {
    terms: removed,
    limit: 50,
    filter: { kinds: ['turn'] },
  });
  // The scope's own turns: a wide scope's search also finds its users' or agents' turns, never ended here.
  const owned = new Set(
    await ownedRecords(
      o.records,
      o.scope,
      matches.map((h) => h.record),
    ),
  );
  const hits = matches.filter((h) => owned.has(h.record));
  // The most distinctive removed words: those in the fewest of the turns found (the old value, not "user" or "lives").
  const own = new Map(hits.map((h) => [h.id, new Set(analyzeText(h.record.text))]));
  const df = (t: string) => [...own.values()].filter((terms) => terms.has(t)).length;
  const found = removed.filter((t) => df(t) > 0);
  const rarest = Math.min(...found.map(df));
  const distinctive = found.filter((t) => df(t) === rarest);
  let ended = 0;
  for (const { id, record: r } of hits) {
    if (!r.provenance.messageIds.some((id) => sources.has(id))) continue;
    if (r.validAt && r.validAt.getTime() >= at.getTime()) continue;
    if (!distinctive.some((t) => own.get(id)?.has(t))) continue;
    // Only over the version found: a turn another writer changed or deleted since is left as it now is.
    if ((await endRecord(o.records, o.scope, r, at, o.clock.now())) === 'ended') ended++;
  }
  return ended;
}

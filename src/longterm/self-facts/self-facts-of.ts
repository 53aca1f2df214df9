import type { LongTermFilter } from '../long-term-query.ts';
import { ownedRecords } from '../owned-records.ts';
import { keyOf, type SelfFactRecords, type SelfFactsPlace, selfFactEndKind } from './self-fact-records.ts';

/**
 * What a call's statements can change: the keys it stated facts of and the families it ended. The facts of other
 * keys neither end nor are ended by them.
 */
export interface TouchedFacts {
  /** Keys of the facts stated (`user.home`, `user.allergy:peanuts`). */
  keys: ReadonlySet<string>;
  /** Families of the ends stated (`user.diet`). */
  families: ReadonlySet<string>;
}

/** The other key a keyed fact may be stored under: a name's with a possessive `-s`, as before 239f263 (stored-self-fact.ts). */
const possessiveKey = (key: string) => (key.includes(':') ? [`${key}-s`] : []);

/** The listings {@link selfFactsOf} reads: every self fact and end, or the ends and the facts of the touched keys. */
function listingsOf(touched: TouchedFacts | undefined): LongTermFilter[] {
  // An end names families, whose keys a metadata filter cannot match by prefix: read every fact then (ends are rare).
  if (touched === undefined || touched.families.size > 0) return [{ kinds: ['fact', selfFactEndKind] }];
  return [
    { kinds: [selfFactEndKind] },
    ...[...touched.keys].flatMap((key) =>
      [key, ...possessiveKey(key)].map(
        (k) => ({ kinds: ['fact'], metadata: { selfFact: k } }) as LongTermFilter,
      ),
    ),
  ];
}

/**
 * The self-fact records and ends the scope owns: not those of the users or agents a wide scope's listing also
 * holds, which this scope neither ends nor is ended by. With `touched`, only what those statements can concern:
 * the facts of their keys (by the key they read as, `storedSelfFact`) and every end; without it, every one.
 */
export async function selfFactsOf(o: SelfFactsPlace, touched?: TouchedFacts): Promise<SelfFactRecords> {
  const out: SelfFactRecords = { facts: new Map(), ends: new Map() };
  for (const filter of listingsOf(touched)) {
    let cursor: string | undefined;
    do {
      const page = await o.records.listRecords(o.scope, {
        limit: 1000,
        filter,
        ...(cursor === undefined ? {} : { cursor }),
      });
      const listed = page.records.filter((r) =>
        r.kind === selfFactEndKind
          ? Array.isArray(r.metadata.selfFactEnd)
          : typeof r.metadata.selfFact === 'string' &&
            (touched === undefined || touched.families.size > 0 || touched.keys.has(keyOf(r))),
      );
      for (const r of await ownedRecords(o.records, o.scope, listed))
        (r.kind === selfFactEndKind ? out.ends : out.facts).set(r.id, r);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
  return out;
}

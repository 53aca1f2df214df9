import type { SqlClient } from '../sql/sql-client.ts';
import { queryGet } from '../sql/sql-exec.ts';
import { joinSql, raw, sql } from '../sql/sql-fragment.ts';
import { fts5String } from './sqlite-fts5.ts';
import { inTransaction } from './sqlite-open-transaction.ts';
import { createReadMemo, type ReadPass } from './sqlite-read-memo.ts';

/**
 * Whether `fts5vocab` counts `term` as an FTS5 match of it in text and context counts it: one token as the index
 * holds it (lowercase ASCII letters and digits, which `unicode61` keeps whole) and not the shape of an owner token
 * (`lt` + t/u/a + 39 hex digits), the only tokens of the `scope` column.
 */
const countedByVocab = (term: string): boolean =>
  /^[a-z0-9]+$/.test(term) && !/^lt[tua][0-9a-f]{39}$/.test(term);

/**
 * Per handle, whether the temp `fts5vocab` table over `engram_ltm_fts` exists (made once, outside a transaction)
 * or cannot be made (no `fts5vocab` module): asked once either way.
 */
const vocabOn = new WeakMap<SqlClient, boolean>();

/**
 * Whether the handle can read term document counts from a `fts5vocab` table (`temp.engram_ltm_vocab`, made on
 * first use): not while a transaction is open (a rollback would take the table away with it) and not when
 * SQLite has no `fts5vocab` module.
 */
async function hasVocab(client: SqlClient): Promise<boolean> {
  const known = vocabOn.get(client);
  if (known !== undefined) return known;
  if (inTransaction(client)) return false;
  let made = true;
  try {
    await client.run(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.engram_ltm_vocab USING fts5vocab(main, engram_ltm_fts, 'row')",
      [],
    );
  } catch (error) {
    // SQLite built without `fts5vocab`: counted by match. Any other failure is the caller's to see.
    if (!(error instanceof Error && error.message.includes('no such module'))) throw error;
    made = false;
  }
  vocabOn.set(client, made);
  return made;
}

/**
 * The rows of the long-term index (`engram_ltm_fts`) that hold each term in the columns searched (`text`, or
 * `text` and `context`): the document frequency FTS5's `bm25()` takes for the term. Text and context together
 * are read from `fts5vocab`'s `row` table (one index lookup a term, where an FTS5 `count(*)` reads the term's
 * whole posting list): it counts a row holding the term in any column, and the third column, `scope`, holds
 * owner tokens only, so the counts are the same for every term that cannot be an owner token. Other terms, the
 * `text` column alone, and a handle in a transaction count by an FTS5 match. A handle counts the same terms again
 * only after a write (its own or another handle's commit, {@link createReadMemo}): one search's legs (the rare-terms
 * cut of its matches, the episodes scored in process) share one count.
 */
export function termRowCounts(
  client: SqlClient,
  terms: readonly string[],
  context: boolean,
  pass?: ReadPass,
): Promise<readonly number[]> {
  return counted.recall(
    client,
    JSON.stringify([context, terms]),
    async () => {
      const counts = await countTermRows(client, terms, context);
      let known = lastKnown.get(client);
      if (!known || known.size > mostKnownTerms) {
        known = new Map();
        lastKnown.set(client, known);
      }
      for (const [i, term] of terms.entries())
        known.set(`${context ? 'c' : 't'}${term}`, counts[i] as number);
      return counts;
    },
    undefined,
    pass,
  );
}

/** A handle's slow reads: every {@link refreshEvery}-th one counts all its terms again (hints go stale as rows come). */
const notes = new WeakMap<SqlClient, number>();
const refreshEvery = 16;

/**
 * Has the handle read and remember the count ({@link termRowCounts}) of each term it does not know yet, and of every
 * term on one call in {@link refreshEvery} (a hint is a count of some earlier state: a term sparse when first counted
 * may be dense now), when `fts5vocab` gives them (text and context, outside a transaction: one index lookup a term,
 * 0.02–0.12 ms), so a later search's {@link knownTermRows} knows which of them are dense. Does nothing otherwise (a
 * count by match reads the term's whole posting list: a hint is not worth it), and never fails: a hint that cannot
 * be read (a read-only handle that cannot make the vocabulary table, say) is left unknown.
 */
export async function noteTermRows(
  client: SqlClient,
  terms: readonly string[],
  context: boolean,
): Promise<void> {
  try {
    if (!context || inTransaction(client) || !(await hasVocab(client))) return;
    const call = (notes.get(client) ?? 0) + 1;
    notes.set(client, call);
    const known = lastKnown.get(client);
    const all = call % refreshEvery === 0;
    const fresh = terms.filter(
      (term) => countedByVocab(term) && (all || known?.get(`c${term}`) === undefined),
    );
    if (fresh.length > 0) await termRowCounts(client, fresh, true);
  } catch {
    // A hint only: the search it would speed up goes on without it.
  }
}

/** Most terms a handle remembers the last count of ({@link knownTermRows}; forgotten all at once past it). */
const mostKnownTerms = 4096;

/** Per handle, the last count it read of each term (by columns and term), whatever was written since. */
const lastKnown = new WeakMap<SqlClient, Map<string, number>>();

/**
 * The last count this handle read of each term ({@link termRowCounts}), however old (writes since are not looked
 * at), or undefined for a term it never counted: a hint of which terms are common, never a statistic to score with.
 */
export function knownTermRows(
  client: SqlClient,
  terms: readonly string[],
  context: boolean,
): (number | undefined)[] {
  const known = lastKnown.get(client);
  return terms.map((term) => known?.get(`${context ? 'c' : 't'}${term}`));
}

/** Per handle, the term counts it read while nothing was written (a few searches' worth). */
const counted = createReadMemo<readonly number[]>(8);

/** {@link termRowCounts} read now. */
async function countTermRows(
  client: SqlClient,
  terms: readonly string[],
  context: boolean,
): Promise<number[]> {
  const searched = context ? '{text context}' : 'text';
  const vocab = context && (await hasVocab(client));
  const counts: number[] = [];
  // The vocabulary's counts in one statement, a scalar lookup each (an `IN` list would scan the whole vocabulary):
  // a term the index does not hold reads as 0, as its `count(*)` would.
  const looked = vocab ? terms.filter(countedByVocab) : [];
  const row =
    looked.length === 0
      ? undefined
      : await queryGet(
          client,
          sql`SELECT ${joinSql(looked.map((term, i) => sql`(SELECT doc FROM temp.engram_ltm_vocab WHERE term = ${term}) AS ${raw(`n${i}`)}`))}`,
        );
  let at = 0;
  for (const term of terms) {
    if (vocab && countedByVocab(term)) {
      counts.push(Number(row?.[`n${at++}`] ?? 0));
      continue;
    }
    const counted = await queryGet(
      client,
      sql`SELECT count(*) AS n FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${`${searched} : ${fts5String(term)}`}`,
    );
    counts.push(Number(counted?.n ?? 0));
  }
  return counts;
}

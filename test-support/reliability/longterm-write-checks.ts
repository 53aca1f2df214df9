/**
 * The checks of the long-term multi-process and SIGKILL tests, on a memory reopened after its writers ended: the
 * scope holds exactly the expected records once each, with the expected texts, and full-text search agrees.
 */
import { analyzeText } from '../../src/longterm/analyze-text.ts';
import { listAllRecords } from '../../src/longterm/list-all-records.ts';
import type { EngramLongTermMemory } from '../../src/longterm/long-term-memory-options.ts';
import { topicModelId } from '../topic-embedding-model.ts';
import { uniqueWord } from './longterm-write-ops.ts';

/**
 * What is wrong with the memory's scope against `expected` (id → text of every live record): an id listed twice,
 * a missing, extra or stale record, and any full-text search (the store's index) for a record's unique words (revisions 0 and 1 of
 * each id in `written`) that does not find exactly the record whose current text holds the word. `[]` when right.
 */
export async function longTermProblems(
  memory: EngramLongTermMemory,
  expected: ReadonlyMap<string, string>,
  written: Iterable<string>,
): Promise<string[]> {
  const problems: string[] = [];
  const listed = await listAllRecords(memory.records, memory.scope);
  const seen = new Set<string>();
  for (const r of listed) {
    if (seen.has(r.id)) problems.push(`${r.id} listed twice`);
    seen.add(r.id);
    const want = expected.get(r.id);
    if (want === undefined) problems.push(`${r.id} is there (v${r.version}: ${r.text}) but should not be`);
    else if (r.text !== want) problems.push(`${r.id} reads "${r.text}", expected "${want}"`);
  }
  for (const id of expected.keys()) if (!seen.has(id)) problems.push(`${id} is missing`);
  for (const id of new Set(written)) {
    for (const rev of [0, 1]) {
      const word = uniqueWord(id, rev);
      // The store's full-text search itself (a memory with an embedding model would add vector hits).
      const query = { terms: analyzeText(word), limit: 5 };
      const hits = (await memory.records.searchText(memory.scope, query)).map((h) => h.record);
      const want = expected.get(id)?.includes(word) ? [id] : [];
      const got = hits.map((h) => h.id);
      if (got.join() !== want.join()) problems.push(`search "${word}" finds [${got}], expected [${want}]`);
      else if (hits[0] && hits[0].text !== expected.get(id))
        problems.push(`search "${word}" finds the text "${hits[0].text}"`);
    }
  }
  return problems;
}

/**
 * Runs the memory's catch-up (`flush`) and reads what it left: the ids still without a vector of the topic model
 * (`missing`, `[]` when caught up) and the `limit` records nearest `vector` (`near`, best first).
 */
export async function afterCatchUp(memory: EngramLongTermMemory, vector: number[], limit: number) {
  await memory.flush();
  const { records, scope } = memory;
  const missing = await records.missingEmbeddings(scope, topicModelId, 1000);
  const near = await records.searchVector(scope, { vector, model: topicModelId, limit });
  return { missing, near: near.map((h) => h.record) };
}

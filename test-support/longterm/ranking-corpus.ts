/**
 * Random long-term corpora for the ranking property tests: few words (so scores tie and texts repeat), two users
 * of one tenant holding look-alike ids, every kind hybrid search treats apart (turns in episodes, episode
 * records, facts, engram's own kind), speakers of both JSON types, roles and self facts, contexts, and updates and deletes (so a
 * version's row is not its record's first).
 */

import fc from 'fast-check';
import type { Scope } from '../../src/core/scope.ts';
import type { LongTermStoreV1 } from '../../src/longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../src/longterm/prepare-record.ts';

/** The words texts and queries are made of. */
export const corpusWords = ['apple', 'river', 'stone', 'cloud', 'amber', 'delta', 'ember', 'frost', 'alice'];

/** One record written to the corpus. */
export interface CorpusRecord {
  user: 'u1' | 'u2';
  id: string;
  kind: 'turn' | 'episode' | 'fact' | 'engram.core';
  text: string;
  context?: string;
  session?: string;
  episode?: string;
  speaker?: string | number;
  /** `metadata.role` (a turn's role as `record()` writes it). */
  role?: 'user' | 'assistant';
  /** `metadata.selfFact` (a self fact's key). */
  selfFact?: string;
  /** After all adds: changed to this text, or deleted. */
  later?: { text: string } | 'delete';
}

const text = fc
  .array(fc.constantFrom(...corpusWords), { minLength: 1, maxLength: 5 })
  .map((w) => w.join(' '));

const record: fc.Arbitrary<CorpusRecord> = fc.record(
  {
    user: fc.constantFrom('u1' as const, 'u2' as const),
    id: fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10', 'r11', 'r12'),
    kind: fc.constantFrom(
      'turn' as const,
      'turn' as const,
      'episode' as const,
      'fact' as const,
      'engram.core' as const,
    ),
    text,
    context: text,
    session: fc.constantFrom('s1', 's2'),
    episode: fc.constantFrom('e1', 'e2', 'e3'),
    speaker: fc.oneof(
      { arbitrary: fc.constantFrom('Alice', 'Bob', 'alice smith'), weight: 3 },
      { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 1 },
    ),
    role: fc.constantFrom('user' as const, 'assistant' as const),
    selfFact: fc.constant('user.name'),
    later: fc.oneof(
      text.map((t) => ({ text: t })),
      fc.constant('delete' as const),
    ),
  },
  { requiredKeys: ['user', 'id', 'kind', 'text', 'speaker'] },
);

/** A corpus: records with distinct (user, id). */
export const corpusArbitrary = fc.uniqueArray(record, {
  minLength: 4,
  maxLength: 40,
  selector: (r) => `${r.user}/${r.id}`,
});

/** The owner scope of a corpus user in `tenant`. */
export const userScope = (tenant: string, user: string): Scope => ({ tenant, user });

/** Writes a corpus to `records` under `tenant`: every add, then the changes and deletes. */
export async function writeCorpus(records: LongTermStoreV1, tenant: string, corpus: readonly CorpusRecord[]) {
  for (const r of corpus)
    await records.addRecords(userScope(tenant, r.user), [
      prepareRecord(
        {
          id: r.id,
          kind: r.kind,
          text: r.text,
          ...(r.context === undefined ? {} : { context: r.context }),
          ...(r.session === undefined ? {} : { session: r.session }),
          ...(r.episode === undefined ? {} : { episode: r.episode }),
          metadata: {
            ...(r.speaker === undefined ? {} : { speaker: r.speaker }),
            ...(r.role === undefined ? {} : { role: r.role }),
            ...(r.selfFact === undefined ? {} : { selfFact: r.selfFact }),
          },
        },
        'test',
      ),
    ]);
  const at = new Date(Date.UTC(2026, 0, 2));
  for (const r of corpus) {
    if (r.later === 'delete') await records.deleteRecord(userScope(tenant, r.user), r.id, at);
    else if (r.later)
      await records.updateRecord(userScope(tenant, r.user), r.id, prepareChange(r.later, 'test'), at);
  }
}

import { createHash } from 'node:crypto';
import type { Clock } from '../core/clock.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { endStatingTurns } from './end-stating-turns.ts';
import type { ExtractionCandidate, FactDecision, FactExtractor } from './fact-extractor.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { ownedRecords } from './owned-records.ts';
import { prepareChange, prepareRecord, recordHash } from './prepare-record.ts';

/** What one extraction run did. */
export interface ExtractionOutcome {
  /** Facts added. */
  added: number;
  /** Facts superseded by a new version. */
  updated: number;
  /** Facts deleted. */
  deleted: number;
  /** Decisions left out: unknown ids, repeats of a stored fact, updates of a fact changed since it was shown, or over the cap. */
  ignored: number;
}

/** Inputs of {@link runExtraction}. */
export interface RunExtractionOptions {
  /** Where facts live. */
  records: LongTermStoreV1;
  /** Whose facts. */
  scope: Scope;
  /** The extractor. */
  extractor: FactExtractor;
  /** The turn records to extract from (already stored: they are the fallback that is never lost). */
  turns: readonly LongTermRecord[];
  /** Time of the changes. */
  clock: Clock;
  /** Facts one run may add, update or delete at most. */
  maxFacts: number;
  /** Finds the facts most similar to a text. */
  similar: (text: string) => Promise<LongTermSearchResult[]>;
}

/**
 * One extraction run (Mem0's pipeline): the facts most similar to the turns are shown to the extractor under
 * temporary ids `0…n`, so it cannot name a record it was not shown; its decisions are applied as ADD (with a
 * hash dedupe against the facts shown and those added in the run, and an id derived from the source turns and
 * the text, so a retried run adds nothing twice), UPDATE (a new version valid from the batch's newest turn, provenance
 * extended; the turns that stated the old value end then, see `endStatingTurns`), DELETE (a DELETE
 * version) or NONE, at most `maxFacts` changes.
 */
export async function runExtraction(o: RunExtractionOptions): Promise<ExtractionOutcome> {
  const outcome: ExtractionOutcome = { added: 0, updated: 0, deleted: 0, ignored: 0 };
  if (o.turns.length === 0) return outcome;
  const similar = await o.similar(
    o.turns
      .map((t) => t.text)
      .join('\n')
      .slice(0, 4096),
  );
  // The scope's own facts only: a wide scope's search also ranks its users' or agents' facts.
  const facts = similar.map((s) => s.record).filter((r) => r.kind === 'fact');
  const shown = (await ownedRecords(o.records, o.scope, facts)).slice(0, 10);
  const byTemp = new Map(shown.map((r, i) => [String(i), r]));
  const candidates: ExtractionCandidate[] = shown.map((r, i) => ({ id: String(i), text: r.text }));
  const turns = o.turns.map((t) => ({
    speaker: typeof t.metadata.speaker === 'string' ? t.metadata.speaker : (t.provenance.roles[0] ?? 'user'),
    role: t.provenance.roles[0] ?? 'user',
    text: t.text.replace(/^[^:\n]{1,80}: /, ''),
    ...(t.validAt ? { at: t.validAt } : {}),
  }));
  const decisions: FactDecision[] = await o.extractor.extract(turns, candidates);
  const messageIds = o.turns.flatMap((t) => t.provenance.messageIds);
  const roles = o.turns.flatMap((t) => t.provenance.roles);
  const provenance = {
    origin: 'extracted' as const,
    toolDerived: o.turns.some((t) => t.provenance.toolDerived),
    messageIds,
    roles,
    ...(o.turns[0]?.session === undefined ? {} : { session: o.turns[0].session }),
  };
  // When the batch was said: added facts hold from then, and what an update or delete replaced ended then.
  const at = o.turns.at(-1)?.validAt;
  const hashes = new Set(shown.map((r) => r.hash));
  const touched = new Set<string>();
  let changes = 0;
  for (const d of decisions) {
    if (d.event === 'NONE') continue;
    if (changes >= o.maxFacts) {
      outcome.ignored++;
      continue;
    }
    if (d.event === 'ADD') {
      const hash = recordHash(d.text);
      if (hashes.has(hash) || d.text.trim() === '') {
        outcome.ignored++;
        continue;
      }
      hashes.add(hash);
      const id = `fact_${createHash('sha256')
        .update(JSON.stringify([messageIds, hash]))
        .digest('hex')
        .slice(0, 24)}`;
      await o.records.addRecords(
        o.scope,
        [
          prepareRecord(
            {
              id,
              kind: 'fact',
              text: d.text,
              provenance,
              ...(at ? { validAt: at } : {}),
              metadata: { extracted: true },
            },
            'longterm',
          ),
        ],
        o.clock.now(),
      );
      outcome.added++;
      changes++;
      continue;
    }
    const target = byTemp.get(d.id);
    if (!target || touched.has(target.id)) {
      outcome.ignored++;
      continue;
    }
    touched.add(target.id);
    if (d.event === 'UPDATE') {
      if (recordHash(d.text) === target.hash) {
        outcome.ignored++;
        continue;
      }
      // Only over the version the extractor was shown: a fact changed or deleted since is left as it now is. The
      // new text holds from the newest turn of the batch on.
      const change = prepareChange(
        { text: d.text, provenance, expectedVersion: target.version, ...(at ? { validAt: at } : {}) },
        'longterm',
      );
      try {
        await o.records.updateRecord(o.scope, target.id, change, o.clock.now());
      } catch (error) {
        if (!MemoryError.hasCode(error, 'CONFLICT') && !MemoryError.hasCode(error, 'RECORD_NOT_FOUND'))
          throw error;
        outcome.ignored++;
        continue;
      }
      outcome.updated++;
      if (at) await endStatingTurns(o, target, d.text, at);
    } else {
      await o.records.deleteRecord(o.scope, target.id, o.clock.now());
      outcome.deleted++;
      if (at) await endStatingTurns(o, target, '', at);
    }
    changes++;
  }
  return outcome;
}

/**
 * LoCoMo (snap-research/LoCoMo, CC BY-NC 4.0) as the benchmark reads it from `../shared/data/locomo-dev.json`
 * (never copied into the package): each conversation's sessions as engram messages, read by the same code as
 * `engram ingest --format locomo` (the turn's `dia_id` as the message id, the speaker as its name, the image
 * caption appended as text, the session date as its time), and each question with its valid evidence ids.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type LocomoSession, parseLocomo } from '../../src/cli/ingest/index.ts';

/** The data file: `ENGRAM_LOCOMO_FILE` when set (a checkout that is not beside `shared/`, e.g. a git worktree), else beside the repository. */
export const locomoFile =
  process.env.ENGRAM_LOCOMO_FILE ||
  fileURLToPath(new URL('../../../shared/data/locomo-dev.json', import.meta.url));

/** A question with its evidence. */
export interface LocomoQuestion {
  /** The question text. */
  question: string;
  /** 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category: number;
  /** Evidence turn ids that exist (malformed ones split, unknown ones dropped). */
  evidence: string[];
}

/** One conversation. */
export interface LocomoSample {
  /** `sample_id`, or its index. */
  id: string;
  /** Speaker names. */
  speakers: [string, string];
  /** Sessions in order. */
  sessions: LocomoSession[];
  /** Questions. */
  questions: LocomoQuestion[];
  /** Every turn id. */
  turnIds: Set<string>;
}

/** Reads the data set (its conversations checked and converted by `engram ingest`'s LoCoMo reader); throws a clear error when the file is missing. */
export function readLocomo(file = locomoFile): LocomoSample[] {
  if (!existsSync(file))
    throw new Error(
      `LoCoMo data not found at ${file} (../shared/data/locomo-dev.json, or set ENGRAM_LOCOMO_FILE)`,
    );
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  return parseLocomo(raw).map(({ id, speakers, sessions }, index) => {
    const turnIds = new Set(sessions.flatMap((x) => x.messages.map((m) => m.id)));
    const qa = raw[index]!.qa as { question: string; category: number; evidence?: string[] }[];
    const questions = qa.map((q) => ({
      question: q.question,
      category: q.category,
      evidence: [
        ...new Set((q.evidence ?? []).flatMap((e) => e.split(/[;\s]+/)).filter((e) => turnIds.has(e))),
      ],
    }));
    return { id, speakers, sessions, questions, turnIds };
  });
}

/** The paper's R@k for one question: the share of its evidence in the top k (1 when it has no valid evidence). */
export function recallAt(evidence: readonly string[], ranked: readonly string[], k: number): number {
  if (evidence.length === 0) return 1;
  const top = new Set(ranked.slice(0, k));
  return evidence.filter((e) => top.has(e)).length / evidence.length;
}

/** LoCoMo's question categories by number, as the paper names them. */
export const categories: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { type Artifact, blockOf, observedTo } from './observation-block.ts';

/**
 * Consolidation's copy of what the session's observations are: the last observed sequence number, the ids a next
 * observation's could collide with, and the observations block (the newest reflection and the observations after it, with their
 * data). Listed whole once, then kept up to date with what this writer writes, so catching up a long log costs what
 * each range adds, not a listing of every observation per range. The copy is only as good as the claim that
 * guards it: consolidation lists it whole again whenever another writer may have written since (see
 * `createConsolidation`).
 */
export interface ObservedCopy {
  /** The log it was listed beside (`LogStats.logId`): a session deleted and created again is another. */
  readonly logId: string;
  /** The last observed sequence number (the most any observation ends at; 0 before the first). */
  observedTo: number;
  /**
   * The ids of the observations that name a sequence number after `observedTo` (`observation:<n>`, `~k` after a
   * copy): the only ids a next observation's could collide with (`observation:<from>`, from = `observedTo` + 1).
   */
  readonly ids: Set<string>;
  /** The newest reflection (the last listed, by `toSeq`, then time written, then id), if any. */
  reflection: Artifact | undefined;
  /** The observations that start after the reflection ends, in listing order, with their data. */
  after: Artifact[];
}

/**
 * Lists the session's observations and reflections (with their data) into a fresh {@link ObservedCopy} of the log
 * `logId`.
 */
export async function listObservedCopy(
  conversation: ConversationMemory,
  logId: string,
): Promise<ObservedCopy> {
  const [observations, reflections] = await Promise.all([
    conversation.listArtifacts('observation'),
    conversation.listArtifacts('reflection'),
  ]);
  const end = observedTo(observations);
  return {
    logId,
    observedTo: end,
    ids: new Set(observations.flatMap((o) => (namedSeq(o.id) > end ? [o.id] : []))),
    reflection: reflections.at(-1),
    after: blockOf(observations, reflections).sinceReflection,
  };
}

/** The sequence number an observation's id names (`observation:<n>` or `observation:<n>~k`), else 0. */
function namedSeq(id: string): number {
  const match = /^observation:(\d+)(?:~\d+)?$/.exec(id);
  return match ? Number(match[1]) : 0;
}

/**
 * The copy after `observation` was written: it ends after every observation known (its range starts after the
 * last observed one), so it sorts last.
 */
export function addObservation(copy: ObservedCopy, observation: Artifact): void {
  copy.observedTo = Math.max(copy.observedTo, observation.toSeq);
  for (const id of copy.ids) if (namedSeq(id) <= copy.observedTo) copy.ids.delete(id);
  if (observation.fromSeq > (copy.reflection?.toSeq ?? 0)) copy.after.push(observation);
}

/**
 * The copy after `reflection` was written: it ends at the last observed sequence number, so it is the newest, and
 * no observation known starts after it.
 */
export function addReflection(copy: ObservedCopy, reflection: Artifact): void {
  copy.reflection = reflection;
  copy.after = copy.after.filter((o) => o.fromSeq > reflection.toSeq);
}

/** The observations block of the copy (as `blockOf` over a full listing gives it). */
export const copyBlock = (copy: ObservedCopy) =>
  blockOf(copy.after, copy.reflection ? [copy.reflection] : []);

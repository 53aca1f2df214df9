import { checkDriver } from '../core/check-driver.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkIdAtVersion, checkVector } from './check-record.ts';
import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermEmbedding } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { PreparedLongTermRecord } from './long-term-store-v1.ts';

const requiredMethods = [
  'addRecords',
  'getRecord',
  'updateRecord',
  'deleteRecord',
  'history',
  'listRecords',
  'purgeRecords',
] as const;
/** The vector capability: all three or none. */
const vectorMethods = ['putEmbeddings', 'missingEmbeddings', 'searchVector'] as const;

const invalid = (component: string, message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/**
 * Checks a long-term driver before the engine wraps it (see `checkDriver`): the seven required methods,
 * optional ones functions when present, and the three vector methods all or none. Throws `INVALID_ARGUMENT`
 * naming what is wrong.
 */
export function checkLongTermDriver(driver: LongTermDriverV1, component: string): void {
  const what = 'createLongTermRecords(driver)';
  checkDriver(driver, what, component, requiredMethods, [
    'getRecords',
    'searchText',
    'purgeSessionBound',
    'purgeIfVersion',
    'pruneVersions',
    'latestRecordTime',
    'historyOf',
    ...vectorMethods,
  ]);
  const present = vectorMethods.filter((m) => driver[m] !== undefined);
  if (present.length > 0 && present.length < vectorMethods.length)
    throw invalid(
      component,
      `${what}: driver "${driver.name}" has ${present.join(', ')} but not ${vectorMethods.filter((m) => !present.includes(m)).join(', ')}; the vector methods come all together or not at all`,
    );
}

/** Throws `INVALID_ARGUMENT` unless `records` is an array of prepared records (objects with a valid id). */
export function checkPreparedRecords(records: readonly PreparedLongTermRecord[], component: string): void {
  if (!Array.isArray(records)) throw invalid(component, 'records must be an array of prepared records');
  records.forEach((r, i) => {
    if (typeof r !== 'object' || r === null)
      throw invalid(component, `records[${i}] must be a prepared record (see prepareRecord)`);
    checkId(r.id, `records[${i}].id`, component);
  });
}

/** Throws `INVALID_ARGUMENT` unless `at` is a valid Date. */
export function checkAt(at: Date, component: string): void {
  if (!(at instanceof Date) || Number.isNaN(at.getTime()))
    throw invalid(component, `at must be a valid Date, got ${describeValue(at)}`);
}

/** Throws `INVALID_ARGUMENT` unless `change` is an object (a change prepared with `prepareChange`). */
export function checkPreparedChange(change: object, component: string): void {
  if (typeof change !== 'object' || change === null || Array.isArray(change))
    throw invalid(component, `change must be an object (see prepareChange), got ${describeValue(change)}`);
}

/** Throws `INVALID_ARGUMENT` naming the field unless every embedding has a valid id, model, vector and optional hash. */
export function checkEmbeddings(embeddings: readonly LongTermEmbedding[], component: string): void {
  if (!Array.isArray(embeddings)) throw invalid(component, 'embeddings must be an array');
  embeddings.forEach((e, i) => {
    if (typeof e !== 'object' || e === null) throw invalid(component, `embeddings[${i}] must be an object`);
    checkId(e.id, `embeddings[${i}].id`, component);
    checkId(e.model, `embeddings[${i}].model`, component);
    checkVector(e.vector, `embeddings[${i}].vector`, component);
    if (e.hash !== undefined) checkId(e.hash, `embeddings[${i}].hash`, component);
  });
}

/** The `missingEmbeddings` limit as a driver gets it: an integer from 0 to 10,000 (`INVALID_ARGUMENT` for a non-number). */
export function embeddingLimit(limit: number, component: string): number {
  if (typeof limit !== 'number' || Number.isNaN(limit))
    throw invalid(component, `limit must be a number, got ${describeValue(limit)}`);
  return Math.max(0, Math.min(Math.trunc(limit), 10_000));
}

/**
 * Throws `INVALID_ARGUMENT` naming the field unless `found` (what `historyOf` looks up) names a version: an object
 * with a valid id, a positive integer version, a string hash, and valid `createdAt` and `recordedAt` Dates.
 */
export function checkFoundVersion(found: LongTermRecord, component: string): void {
  if (typeof found !== 'object' || found === null)
    throw invalid(component, `found must be a stored record version, got ${describeValue(found)}`);
  checkIdAtVersion(found.id, found.version, component);
  if (typeof found.hash !== 'string')
    throw invalid(component, `found.hash must be a string, got ${describeValue(found.hash)}`);
  for (const key of ['createdAt', 'recordedAt'] as const) {
    const at = found[key];
    if (!(at instanceof Date) || Number.isNaN(at.getTime()))
      throw invalid(component, `found.${key} must be a valid Date, got ${describeValue(at)}`);
  }
}

import { checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkOptionalDate, checkRecordText } from './check-record.ts';

const component = 'longterm';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/**
 * The input check of `formatRecall`: throws `INVALID_ARGUMENT` naming the place unless `results` is an array of
 * search results (`results[i].record` with a string `text` and valid `validAt` / `recordedAt` Dates when given)
 * and `options` an object whose `tag` is a non-empty string and `dates` a boolean, when given.
 */
export function checkRecallInput(results: unknown, options: { tag?: unknown; dates?: unknown }): void {
  if (!Array.isArray(results))
    throw bad(`formatRecall(results): expected an array, got ${describeValue(results)}`);
  for (let i = 0; i < results.length; i++) {
    const record = (results[i] as { record?: unknown } | null | undefined)?.record;
    const what = `formatRecall(results): results[${i}].record`;
    if (typeof record !== 'object' || record === null)
      throw bad(`${what} must be a long-term record, got ${describeValue(record)}`);
    const { text, validAt, recordedAt } = record as Record<string, unknown>;
    checkRecordText(text, `${what}.text`, component, true);
    checkOptionalDate(validAt, `${what}.validAt`, component);
    checkOptionalDate(recordedAt, `${what}.recordedAt`, component);
  }
  checkOptions(options, 'formatRecall(results, options)', component);
  if (options.tag !== undefined && (typeof options.tag !== 'string' || options.tag === ''))
    throw bad(`formatRecall(options): tag must be a non-empty string, got ${describeValue(options.tag)}`);
  if (options.dates !== undefined && typeof options.dates !== 'boolean')
    throw bad(`formatRecall(options): dates must be a boolean, got ${describeValue(options.dates)}`);
}

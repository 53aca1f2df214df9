import { checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkOptionalDate, checkRecordText } from './check-record.ts';

const component = 'longterm';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/**
 * The input check of `formatRecall`: throws `INVALID_ARGUMENT` naming the place unless `results` is an array of
 * search results (`results[i].record` with a string `text` and valid `validAt` / `invalidAt` / `recordedAt` Dates
 * when given)
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
    const { text, validAt, invalidAt, recordedAt } = record as Record<string, unknown>;
    checkRecordText(text, `${what}.text`, component, true);
    checkOptionalDate(validAt, `${what}.validAt`, component);
    // A line says when an ended record was superseded: its day is read from `invalidAt`.
    checkOptionalDate(invalidAt, `${what}.invalidAt`, component);
    checkOptionalDate(recordedAt, `${what}.recordedAt`, component);
  }
  checkOptions(options, 'formatRecall(results, options)', component);
  if (options.tag !== undefined && (typeof options.tag !== 'string' || options.tag === ''))
    throw bad(`formatRecall(options): tag must be a non-empty string, got ${describeValue(options.tag)}`);
  if (options.dates !== undefined && typeof options.dates !== 'boolean')
    throw bad(`formatRecall(options): dates must be a boolean, got ${describeValue(options.dates)}`);
}

/**
 * The input check of `packRecall`: the results as `formatRecall` checks them (each record with an id, a kind,
 * metadata and provenance message ids), and options whose `maxTokens` is an integer from 1 to 1,000,000,
 * `counter` a token counter, `inContext` and `inContextText` arrays of strings, `context` an integer from 0 to 1,000,000, when given. Throws
 * `INVALID_ARGUMENT` naming the place, under `call`'s name (`retrieve` checks its budget with it).
 */
export function checkPackInput(
  results: unknown,
  options: {
    maxTokens?: unknown;
    counter?: unknown;
    inContext?: unknown;
    inContextText?: unknown;
    context?: unknown;
    format?: { tag?: unknown; dates?: unknown };
    order?: unknown;
  },
  call = 'packRecall',
): void {
  checkOptions(options, `${call}(results, options)`, component);
  checkRecallInput(results, options.format ?? {});
  (results as unknown[]).forEach((r, i) => {
    const { id, kind, metadata, provenance } = (r as { record: Record<string, unknown> }).record;
    const what = `packRecall(results): results[${i}].record`;
    if (typeof id !== 'string' || typeof kind !== 'string')
      throw bad(`${what} must have a string id and kind`);
    if (typeof metadata !== 'object' || metadata === null)
      throw bad(`${what}.metadata must be an object, got ${describeValue(metadata)}`);
    const ids = (provenance as { messageIds?: unknown } | null | undefined)?.messageIds;
    if (!Array.isArray(ids)) throw bad(`${what}.provenance.messageIds must be an array`);
  });
  const { maxTokens, counter, inContext, inContextText, context, order } = options;
  if (order !== undefined && order !== 'newest' && order !== 'best')
    throw bad(`${call}(options).order must be 'newest' or 'best', got ${describeValue(order)}`);
  if (
    maxTokens !== undefined &&
    (typeof maxTokens !== 'number' || !Number.isSafeInteger(maxTokens) || maxTokens < 1 || maxTokens > 1e6)
  )
    throw bad(
      `${call}(options).maxTokens must be an integer from 1 to 1000000, got ${describeValue(maxTokens)}`,
    );
  if (counter !== undefined && typeof (counter as { countText?: unknown } | null)?.countText !== 'function')
    throw bad(`${call}(options).counter must be a TokenCounter, got ${describeValue(counter)}`);
  if (
    inContext !== undefined &&
    (!Array.isArray(inContext) || inContext.some((id) => typeof id !== 'string'))
  )
    throw bad(`${call}(options).inContext must be an array of message ids (strings)`);
  if (
    inContextText !== undefined &&
    (!Array.isArray(inContextText) || inContextText.some((text) => typeof text !== 'string'))
  )
    throw bad(`${call}(options).inContextText must be an array of strings`);
  if (
    context !== undefined &&
    !(Number.isInteger(context) && (context as number) >= 0 && (context as number) <= 1_000_000)
  )
    throw bad(
      `${call}(options).context must be an integer from 0 to 1,000,000, got ${describeValue(context)}`,
    );
}

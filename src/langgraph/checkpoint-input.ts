import type { BaseCheckpointSaver, CheckpointListOptions } from '@langchain/langgraph-checkpoint';
import { checkBoolean, checkKnownKeys, checkMethods } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/**
 * Checks of what `EngramCheckpointSaver`'s methods are handed, made before anything is stored or read, so bad
 * input is a typed `INVALID_ARGUMENT` naming the method and the argument rather than a raw `TypeError` half-way
 * through a put, or a checkpoint stored in a shape no read can give back.
 */

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'langgraph', message });

/**
 * Every key of `list`'s options, LangGraph's `CheckpointListOptions` (the compiler keeps it complete): any other is
 * refused, and a null `limit`; a null `before` or `filter` is none, as MemorySaver takes it.
 */
export const listOptionKeys: Record<keyof CheckpointListOptions, true | 'nullable'> = {
  limit: true,
  before: 'nullable',
  filter: 'nullable',
};

/** Every key of `getDeltaChannelHistory`'s options, as `BaseCheckpointSaver` types them: neither may be null. */
export const deltaHistoryOptionKeys: Record<
  keyof Parameters<BaseCheckpointSaver['getDeltaChannelHistory']>[0],
  true
> = { config: true, channels: true };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Throws unless `value` is an object of channel versions (each a string or a number, as LangGraph's are). */
function checkVersions(value: unknown, what: string): void {
  if (!isRecord(value))
    throw invalid(`${what} must be an object of channel versions, got ${describeValue(value)}`);
  for (const [channel, version] of Object.entries(value))
    if (typeof version !== 'string' && typeof version !== 'number')
      throw invalid(`${what}.${channel} must be a string or a number, got ${describeValue(version)}`);
}

/**
 * Throws `INVALID_ARGUMENT` unless `put` was given a checkpoint (an object with a non-empty string `id`, objects
 * `channel_values` and `versions_seen`, and `channel_versions` of string or number versions), metadata that is
 * an object and `newVersions` of string or number versions: a put stores what a read gives back as the
 * checkpoint, so a shape LangGraph cannot resume from is refused before the thread is touched.
 */
export function checkPut(checkpoint: unknown, metadata: unknown, newVersions: unknown): void {
  if (!isRecord(checkpoint))
    throw invalid(`put: checkpoint must be a checkpoint object, got ${describeValue(checkpoint)}`);
  if (typeof checkpoint.id !== 'string' || checkpoint.id === '')
    throw invalid(`put: checkpoint.id must be a non-empty string, got ${describeValue(checkpoint.id)}`);
  if (!isRecord(checkpoint.channel_values))
    throw invalid(
      `put: checkpoint.channel_values must be an object of channel values, got ${describeValue(checkpoint.channel_values)}`,
    );
  checkVersions(checkpoint.channel_versions, 'put: checkpoint.channel_versions');
  if (!isRecord(checkpoint.versions_seen))
    throw invalid(
      `put: checkpoint.versions_seen must be an object, got ${describeValue(checkpoint.versions_seen)}`,
    );
  if (!isRecord(metadata)) throw invalid(`put: metadata must be an object, got ${describeValue(metadata)}`);
  checkVersions(newVersions, 'put: newVersions');
}

/**
 * Throws `INVALID_ARGUMENT` unless `getDeltaChannelHistory` was given an options object whose `channels` is a list
 * of strings (a string would be read as its characters, a number key as another channel's name).
 */
export function checkDeltaChannels(options: unknown): asserts options is { channels: string[] } {
  if (!isRecord(options))
    throw invalid(`getDeltaChannelHistory: options must be an object, got ${describeValue(options)}`);
  const { channels } = options;
  if (!Array.isArray(channels))
    throw invalid(
      `getDeltaChannelHistory: channels must be a list of strings, got ${describeValue(channels)}`,
    );
  channels.forEach((channel, i) => {
    if (typeof channel !== 'string')
      throw invalid(`getDeltaChannelHistory: channels[${i}] must be a string, got ${describeValue(channel)}`);
  });
  // After the channels' own checks, which name a null or malformed list more precisely.
  checkKnownKeys(options, deltaHistoryOptionKeys, 'getDeltaChannelHistory', 'langgraph');
}

/** Throws unless a checkpoint id `list` was given is a string, or absent or null (none, as MemorySaver takes them). */
function checkListId(id: unknown, what: string): void {
  if (id !== undefined && id !== null && typeof id !== 'string')
    throw invalid(`list: ${what} must be a checkpoint id (a string), got ${describeValue(id)}`);
}

/**
 * Throws unless `list` was given options it can honour: `INVALID_ARGUMENT` for options that are not an object
 * (`null` is none, as MemorySaver takes it), a `limit` that is not an integer >= 0 or `Infinity` (a negative or
 * NaN limit has no meaning LangGraph documents: MemorySaver lists nothing for one and everything for the other),
 * a config `checkpoint_ns` that is not a string, or a config or `before` `checkpoint_id` that is neither a
 * string nor absent (a number listed nothing, an object `before` everything); `INVALID_QUERY` for a `filter`
 * that is not an object of metadata values (`null` is none). Each would otherwise be answered with a silently
 * wrong list.
 */
export function checkList(config: unknown, options: unknown): void {
  const namespace = isRecord(config) && isRecord(config.configurable) ? config.configurable : {};
  if (namespace.checkpoint_ns !== undefined && typeof namespace.checkpoint_ns !== 'string')
    throw invalid(
      `list: config.configurable.checkpoint_ns must be a string (or absent, for every namespace), got ${describeValue(namespace.checkpoint_ns)}`,
    );
  checkListId(namespace.checkpoint_id, 'config.configurable.checkpoint_id');
  if (options === undefined || options === null) return;
  if (!isRecord(options)) throw invalid(`list: options must be an object, got ${describeValue(options)}`);
  checkKnownKeys(options, listOptionKeys, 'list', 'langgraph');
  const { limit, filter, before } = options;
  if (isRecord(before) && isRecord(before.configurable))
    checkListId(before.configurable.checkpoint_id, 'options.before.configurable.checkpoint_id');
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) >= 0) && limit !== Infinity)
    throw invalid(`list: options.limit must be an integer >= 0 (or Infinity), got ${describeValue(limit)}`);
  if (filter !== undefined && filter !== null && !isRecord(filter))
    throw new MemoryError({
      code: 'INVALID_QUERY',
      component: 'langgraph',
      message: `list: options.filter must be an object of metadata values, got ${describeValue(filter)}`,
    });
}

/**
 * The saver's message channels: `['messages']` when not given, else `channels`, which must be a list of channel
 * names (`INVALID_ARGUMENT` naming the option otherwise: a string such as `'messages'` would be taken as the set
 * of its characters, and the channel it names stored whole every step).
 */
export function checkMessageChannels(channels: unknown): ReadonlySet<string> {
  if (channels === undefined) return new Set(['messages']);
  if (!Array.isArray(channels) || !channels.every((channel) => typeof channel === 'string'))
    throw invalid(
      `createEngramCheckpointSaver(options).messageChannels must be a list of channel names, got ${describeValue(channels)}`,
    );
  return new Set(channels);
}

const factory = 'createEngramCheckpointSaver';

/** The saver's scope: `defaultScope` when not given, else `checkScope`'s check with the option named in its error. */
function checkSaverScope(scope: unknown): Scope {
  if (scope === undefined) return defaultScope;
  if (!isRecord(scope))
    throw invalid(`${factory}(options).scope must be an object, got ${describeValue(scope)}`);
  try {
    return checkScope(scope as unknown as Scope);
  } catch (error) {
    if (!MemoryError.hasCode(error, 'INVALID_ARGUMENT')) throw error;
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'langgraph',
      message: `${factory}(options).${errorReason(error)}`,
      cause: error,
    });
  }
}

/** The options `checkSaverOptions` checks, as given (unchecked). */
interface SaverOptionsInput {
  scope?: unknown;
  serde?: unknown;
  tokenCounter?: unknown;
  readableLog?: unknown;
  trustMessageObjects?: unknown;
}

/**
 * Checks `createEngramCheckpointSaver`'s options other than `store` and `messageChannels`, at
 * construction: throws `INVALID_ARGUMENT` naming `createEngramCheckpointSaver(options).<key>` for a key `known`
 * does not list (a misspelt `scop` would leave every thread in tenant `default`), a scope that is no scope, a
 * `serde` without `dumpsTyped()` and `loadsTyped()` (`null` too: only `undefined` means LangGraph's default) or a
 * `tokenCounter` without `count()` (either made a put throw a raw `TypeError` after opening the thread), and a
 * `readableLog` or `trustMessageObjects` that is not a boolean (the string `'false'` would keep the messages'
 * text in clear). Returns the values the saver uses, `readableLog` falling back to `readableDefault`.
 */
export function checkSaverOptions<T extends SaverOptionsInput>(
  options: T,
  known: Record<keyof T, true>,
  readableDefault: boolean,
): { scope: Scope; counter: TokenCounter | undefined; readable: boolean; trust: boolean } {
  checkKnownKeys(options, known, factory, 'langgraph');
  const scope = checkSaverScope(options.scope);
  if (options.serde !== undefined)
    checkMethods(options.serde, `${factory}(options).serde`, 'langgraph', ['dumpsTyped', 'loadsTyped']);
  const { tokenCounter } = options;
  if (tokenCounter !== undefined)
    checkMethods(tokenCounter, `${factory}(options).tokenCounter`, 'langgraph', ['count']);
  return {
    scope,
    counter: tokenCounter as TokenCounter | undefined,
    readable: checkBoolean(
      options.readableLog,
      `${factory}(options).readableLog`,
      'langgraph',
      readableDefault,
    ),
    trust: checkBoolean(
      options.trustMessageObjects,
      `${factory}(options).trustMessageObjects`,
      'langgraph',
      false,
    ),
  };
}

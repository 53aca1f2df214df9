import type { JSONValue } from 'ai';
import { checkKnownKeys } from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import { checkMetadata } from '../check-record.ts';

/** Which Mem0 server: the hosted platform (`api.mem0.ai`) or the open-source REST server (`server/main.py`). */
export type Mem0Api = 'platform' | 'oss';

/** The Mem0 entities every call is scoped by; at least one is required. */
export interface Mem0Ids {
  /** Mem0's `user_id`. */
  userId?: string;
  /** Mem0's `agent_id`. */
  agentId?: string;
  /** Mem0's `run_id`. */
  runId?: string;
}

/** Options of `createMem0LongTermMemory`. */
export interface Mem0LongTermMemoryOptions {
  /**
   * The server: an http(s) URL, with a base path if any; a query, a fragment or credentials are refused.
   * @default 'https://api.mem0.ai'
   */
  baseUrl?: string;
  /** Which API the server speaks: paths, auth header and answer shapes differ. @default 'platform' */
  api?: Mem0Api;
  /** The API key (`Authorization: Token <key>` on the platform, `X-API-Key` on the OSS server). Never logged. */
  apiKey?: string;
  /** The entities every record and search is bound to (at least one; a search is never unscoped). */
  ids: Mem0Ids;
  /** Whether Mem0 extracts facts from recorded messages (`false` stores them as they are). @default true */
  infer?: boolean;
  /** Which message roles `record` sends (tool output is sent as assistant text naming the tool). @default ['user', 'assistant'] */
  roles?: readonly ('user' | 'assistant' | 'system' | 'tool')[];
  /** Metadata attached to everything `record` stores. @default none */
  metadata?: Record<string, JSONValue>;
  /** How many results a search returns when the call does not say (1–100). @default 10 */
  limit?: number;
  /** The deadline of one operation, retries included, in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** How many times a 429 or 5xx answer is retried (0–10). @default 2 */
  retries?: number;
  /** The longest wait between retries, in milliseconds (caps `Retry-After`). @default 10000 */
  maxRetryDelayMs?: number;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Aborts every call when it fires. */
  signal?: AbortSignal;
}

/** The options with their defaults filled in. */
export type CheckedMem0Options = Required<Omit<Mem0LongTermMemoryOptions, 'apiKey' | 'signal' | 'metadata'>> &
  Pick<Mem0LongTermMemoryOptions, 'apiKey' | 'signal' | 'metadata'>;

const component = 'mem0';
const bad = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

function checkInt(value: unknown, what: string, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
    throw bad(`${what} must be an integer from ${min} to ${max}, got ${describeValue(value)}`);
  return value as number;
}

/** Every option of {@link Mem0LongTermMemoryOptions} (the compiler keeps the list complete): any other is refused. */
const knownOptions: Record<keyof Mem0LongTermMemoryOptions, true> = {
  baseUrl: true,
  api: true,
  apiKey: true,
  ids: true,
  infer: true,
  roles: true,
  metadata: true,
  limit: true,
  timeoutMs: true,
  retries: true,
  maxRetryDelayMs: true,
  fetch: true,
  signal: true,
};

/** Every key of {@link Mem0Ids} (the compiler keeps the list complete): `ids` with any other is refused. */
const idKeyRecord: Record<keyof Mem0Ids, true> = { userId: true, agentId: true, runId: true };
const idKeys = Object.keys(idKeyRecord) as (keyof Mem0Ids)[];

/** Checks the options and fills in defaults; throws `INVALID_ARGUMENT` naming the bad option. */
export function checkMem0Options(options: Mem0LongTermMemoryOptions): CheckedMem0Options {
  /** An option's path as the caller wrote it (`createMem0LongTermMemory(options).limit`). */
  const at = (name: string) => `createMem0LongTermMemory(options).${name}`;
  /** `INVALID_ARGUMENT` naming the option as the caller wrote it. */
  const option = (message: string) => bad(at(message));
  if (typeof options !== 'object' || options === null)
    throw bad('createMem0LongTermMemory(options) must be an object');
  // A misspelt option (`apikey`) would fall back to its default: no key sent, every call refused by the server.
  checkKnownKeys(options, knownOptions, 'createMem0LongTermMemory', component);
  const api = options.api ?? 'platform';
  if (api !== 'platform' && api !== 'oss')
    throw option(`api must be 'platform' or 'oss', got ${describeValue(api)}`);
  const baseUrl = options.baseUrl ?? 'https://api.mem0.ai';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw option('baseUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw option('baseUrl must be an http(s) URL');
  // Every call's path is appended to the text: after a query or a fragment it lands in them, not in the path.
  if (/[?#]/.test(baseUrl) || url.username !== '' || url.password !== '')
    throw option(
      'baseUrl must not have a query, a fragment or credentials (the API key goes in apiKey), got ' +
        describeValue(`${url.protocol}//${url.host}${url.pathname}${url.search}${url.hash}`),
    );
  if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || options.apiKey.trim() === ''))
    throw option('apiKey must be a non-empty string when given');
  // A header value: fetch refuses any other character on every call, quoting the key in its message. The
  // whitespace around it (a key read from a file) fetch drops, and so does this check.
  const key = options.apiKey?.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  const badAt = key === undefined ? -1 : key.search(/[^\t\x20-\x7e]/);
  if (badAt >= 0)
    throw option(
      `apiKey must be printable ASCII (it is sent as an HTTP header); its character ${badAt + 1} (after any leading whitespace) is not`,
    );
  const ids = options.ids;
  if (typeof ids !== 'object' || ids === null)
    throw option('ids must be an object with userId, agentId or runId');
  // A misspelt id (`agentid`) would leave calls scoped by the others only: every agent's memories in reach.
  for (const key of Object.keys(ids))
    if (!Object.hasOwn(idKeyRecord, key))
      throw bad(
        `createMem0LongTermMemory(options).ids.${key}: not an entity id of Mem0 (its ids: ${idKeys.join(', ')})`,
      );
  for (const key of idKeys) if (ids[key] !== undefined) checkId(ids[key], at(`ids.${key}`), component);
  if (ids.userId === undefined && ids.agentId === undefined && ids.runId === undefined)
    throw option('ids needs at least one of userId, agentId, runId: Mem0 memories are always scoped');
  const roles = options.roles ?? ['user', 'assistant'];
  if (!Array.isArray(roles) || roles.some((r) => !['user', 'assistant', 'system', 'tool'].includes(r)))
    throw option("roles must list 'user', 'assistant', 'system' or 'tool'");
  if (options.metadata !== undefined) checkMetadata(options.metadata, at('metadata'), component);
  if (options.infer !== undefined && typeof options.infer !== 'boolean')
    throw option('infer must be a boolean');
  const fetch = options.fetch ?? globalThis.fetch;
  if (typeof fetch !== 'function') throw option('fetch must be a function');
  // Kept as given, it made every call throw a raw TypeError (AbortSignal.any), after the options were taken.
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    throw bad(
      `createMem0LongTermMemory(options).signal must be an AbortSignal, got ${describeValue(options.signal)}`,
    );
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    api,
    apiKey: options.apiKey,
    ids: { ...ids },
    infer: options.infer ?? true,
    roles: [...roles],
    metadata: options.metadata,
    limit: checkInt(options.limit ?? 10, at('limit'), 1, 100),
    timeoutMs: checkInt(options.timeoutMs ?? 30_000, at('timeoutMs'), 1, 600_000),
    retries: checkInt(options.retries ?? 2, at('retries'), 0, 10),
    maxRetryDelayMs: checkInt(options.maxRetryDelayMs ?? 10_000, at('maxRetryDelayMs'), 0, 600_000),
    fetch,
    signal: options.signal,
  };
}

const searchKeys = ['limit', 'filter', 'now', 'knownAt', 'abortSignal'];
const retrieveKeys = [...searchKeys, 'maxTokens', 'inContext'];

/**
 * Checks the options of a search (`call` `search`) or a retrieve (`retrieve`, which adds `maxTokens` and
 * `inContext`): an object (or undefined) with no other keys, `abortSignal` an AbortSignal (it stops the request),
 * `now` a valid Date when given (Mem0 resolves no
 * relative dates, so it is not used), and no `knownAt`: Mem0 cannot answer as of a past time, so a search that
 * asks for one is refused rather than answered with today's records. Throws `INVALID_ARGUMENT` naming the option.
 */
export function checkMem0SearchOptions(options: unknown, call: 'search' | 'retrieve'): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw bad(`${call}(query, options): options must be an object, got ${describeValue(options)}`);
  const known = call === 'search' ? searchKeys : retrieveKeys;
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!known.includes(key))
      throw bad(
        `${call}(query, options).${key}: not an option of ${call} (its options: ${known.join(', ')})`,
      );
  if (o.now !== undefined && (!(o.now instanceof Date) || Number.isNaN(o.now.getTime())))
    throw bad(`${call}(query, options).now must be a valid Date, got ${describeValue(o.now)}`);
  if (o.abortSignal !== undefined && !(o.abortSignal instanceof AbortSignal))
    throw bad(
      `${call}(query, options).abortSignal must be an AbortSignal, got ${describeValue(o.abortSignal)}`,
    );
  if (o.knownAt !== undefined)
    throw bad(
      `${call}(query, options).knownAt is not supported by the Mem0 client (Mem0 keeps no past versions to search)`,
    );
}

import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue, errorText } from '../core/errors/describe-value.ts';
import { InvalidMessageError } from '../core/errors/invalid-message-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import type { MessageRole } from '../core/message.ts';
import { jsonValueIssue } from '../messages/json-value.ts';
import { checkSearchText } from '../messages/search-text.ts';
import { serializeMessage } from '../messages/serialize.ts';
import { formatPath } from '../messages/validate.ts';
import type {
  AppendInput,
  AppendOptions,
  DeleteSessionOptions,
  RangeQuery,
  SearchQuery,
} from './memory-store.ts';

/** The largest serialized message a built-in driver accepts unless told otherwise: 16 MiB. */
export const defaultMaxMessageBytes = 16 * 1024 * 1024;

/** What the append checks need from a driver. */
export interface InputLimits {
  /** The error prefix component (`memory`, `sqlite`, …). */
  component: string;
  /** Largest serialized message accepted, in bytes. */
  maxMessageBytes: number;
}

/** An append input checked and serialized once (the serialized form is what drivers store and compare). */
export interface PreparedInput {
  /** The input as given. */
  input: AppendInput;
  /** Its message, serialized. */
  json: string;
}

const invalid = (component: string, message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/** Throws `INVALID_ARGUMENT` unless `value` is undefined or a non-negative safe integer. */
export function checkCount(value: unknown, name: string, component: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || (value as number) < 0)) {
    throw invalid(component, `${name} must be a non-negative integer, got ${describeValue(value)}`);
  }
}

/** Every key of a {@link RangeQuery} (the compiler keeps the list complete). */
const rangeQueryKeys: Record<keyof RangeQuery, true> = {
  fromSeq: true,
  toSeq: true,
  limit: true,
  direction: true,
  roles: true,
};

/** The roles a range query's `roles` may name. */
const messageRoles: ReadonlySet<unknown> = new Set<MessageRole>(['system', 'user', 'assistant', 'tool']);

/**
 * Throws `INVALID_ARGUMENT` unless a range query's `limit` is a count, `fromSeq` / `toSeq` are integers, `roles`
 * is an array of message roles (a misspelt role would match nothing) and it names no other key (a misspelt
 * `fromseq` would read the whole log).
 */
export function checkRangeQuery(query: RangeQuery, component: string): void {
  if (typeof query !== 'object' || query === null)
    throw invalid(component, `a range query must be an object, got ${describeValue(query)}`);
  checkKnownKeys(query, rangeQueryKeys, 'readRange', component);
  checkCount(query.limit, 'limit', component);
  for (const key of ['fromSeq', 'toSeq'] as const) {
    if (query[key] !== undefined && !Number.isSafeInteger(query[key])) {
      throw invalid(component, `${key} must be an integer, got ${describeValue(query[key])}`);
    }
  }
  if (query.direction !== undefined && query.direction !== 'forward' && query.direction !== 'backward') {
    throw invalid(
      component,
      `direction must be 'forward' or 'backward', got ${describeValue(query.direction)}`,
    );
  }
  const { roles } = query;
  if (roles !== undefined) {
    if (!Array.isArray(roles))
      throw invalid(component, `roles must be an array of message roles, got ${describeValue(roles)}`);
    const bad = roles.findIndex((role) => !messageRoles.has(role));
    if (bad >= 0)
      throw invalid(
        component,
        `roles[${bad}] must be 'system', 'user', 'assistant' or 'tool', got ${describeValue(roles[bad])}`,
      );
  }
}

/**
 * Throws `INVALID_ARGUMENT` unless `listSessions` options hold a count `limit` and a valid Date `before`, and no
 * other key (a misspelt `limt` would list every session).
 */
export function checkListOptions(options: { limit?: number; before?: Date }, component: string): void {
  if (typeof options !== 'object' || options === null)
    throw invalid(component, `listSessions options must be an object, got ${describeValue(options)}`);
  checkKnownKeys(options, { limit: true, before: true }, 'listSessions', component);
  checkCount(options.limit, 'limit', component);
  const { before } = options;
  if (before !== undefined && !(before instanceof Date && Number.isFinite(before.getTime()))) {
    throw invalid(component, 'before must be a valid Date');
  }
}

/**
 * Validates and serializes append inputs before any write, in every driver: `inputs` must be an array of
 * objects whose message id follows the id rule (`checkId`) and whose token count is a non-negative integer
 * (`INVALID_ARGUMENT`; the batch's total must stay within `Number.MAX_SAFE_INTEGER`); a message holding a
 * value the codec would not read back identical (NaN, -0, a BigInt, a function, a Map, an invalid Date,
 * nesting over `maxJsonDepth`, …) throws `InvalidMessageError` naming the path; a message over the size limit
 * throws `PAYLOAD_TOO_LARGE`. So nothing of a bad batch is stored.
 */
export function prepareInputs(limits: InputLimits, inputs: readonly AppendInput[]): PreparedInput[] {
  if (typeof limits !== 'object' || limits === null || typeof limits.component !== 'string')
    throw invalid('store', `prepareInputs(limits): limits must be { component, maxMessageBytes }`);
  const { component } = limits;
  checkCount(limits.maxMessageBytes, 'limits.maxMessageBytes', component);
  if (!Array.isArray(inputs)) throw invalid(component, 'append inputs must be an array');
  let total = 0;
  return inputs.map((input: AppendInput, i) => {
    if (typeof input !== 'object' || input === null)
      throw invalid(component, `inputs[${i}] must be an object`);
    checkId(input.message?.id, `inputs[${i}].message.id`, component);
    if (input.tokens === undefined) throw invalid(component, `inputs[${i}].tokens is required`);
    checkCount(input.tokens, `inputs[${i}].tokens`, component);
    total += input.tokens;
    if (total > Number.MAX_SAFE_INTEGER) {
      throw invalid(component, `the batch's tokens add up to more than Number.MAX_SAFE_INTEGER`);
    }
    const issue = jsonValueIssue(input.message, 'message');
    if (issue) {
      const issues = [{ path: formatPath(issue.path), problem: issue.problem }];
      throw new InvalidMessageError({ issues, location: `inputs[${i}]`, component });
    }
    const json = serializeMessage(input.message);
    // A UTF-16 code unit is at most 3 UTF-8 bytes: a short enough text needs no byte count.
    const bytes = json.length * 3 <= limits.maxMessageBytes ? 0 : Buffer.byteLength(json);
    if (bytes > limits.maxMessageBytes) {
      throw new MemoryError({
        code: 'PAYLOAD_TOO_LARGE',
        component,
        message: `message "${input.message.id}" is ${bytes} bytes; the limit is ${limits.maxMessageBytes}`,
      });
    }
    return { input, json };
  });
}

/**
 * Checks a session's running token total before an append: throws `INVALID_ARGUMENT` when `current` (the
 * tokens the session already holds, inherited ones included) plus `added` would pass `Number.MAX_SAFE_INTEGER`,
 * so a total never overflows what every driver can read back.
 */
export function checkTokenTotal(current: number, added: number, sessionId: string, component: string): void {
  checkCount(current, 'the current token total', component);
  checkCount(added, 'the added tokens', component);
  if (added > Number.MAX_SAFE_INTEGER - current) {
    throw invalid(
      component,
      `session "${errorText(sessionId)}" holds ${current} tokens; appending ${added} more would pass Number.MAX_SAFE_INTEGER`,
    );
  }
}

/** Checks a list of message ids (`getMessages`, `deleteMessages`): an array whose every item follows the id rule. */
export function checkIdList(ids: unknown, component: string): string[] {
  if (!Array.isArray(ids)) throw invalid(component, 'ids must be an array');
  for (const [i, id] of ids.entries()) checkId(id, `ids[${i}]`, component);
  return ids as string[];
}

/**
 * Checks a search query's shape in every driver: `text` must be a string within the search limits
 * (`checkSearchText`, `INVALID_QUERY`), `limit` a non-negative integer (`INVALID_ARGUMENT`). Returns the
 * text's words. The session id is checked by the driver's session lookup.
 */
export function checkSearchQuery(query: SearchQuery, component: string): string[] {
  const words = checkSearchText(query?.text, component);
  checkCount(query.limit, 'limit', component);
  return words;
}

/** Every key of {@link AppendOptions} (the compiler keeps the list complete). */
const appendOptionKeys: Record<keyof AppendOptions, true> = { ifLastSeq: true, ifLogId: true };

/**
 * Checks `append`'s options in every driver: undefined, or an object naming no other key (a misspelt `ifLastseq`
 * would append unconditionally) whose `ifLastSeq`, when set, is a non-negative integer and whose `ifLogId`, when
 * set, is a valid id (`isValidId`); else `INVALID_ARGUMENT`. Returns the condition (a new object holding the keys
 * set), or undefined for a plain append (no key set), to pass to {@link checkAppendCondition} at the write.
 */
export function checkAppendOptions(options: unknown, component: string): AppendOptions | undefined {
  const checked = writeOptions(options, appendOptionKeys, 'append', component);
  const ifLastSeq = checked?.ifLastSeq;
  const ifLogId = checked?.ifLogId;
  checkCount(ifLastSeq, 'append options.ifLastSeq', component);
  if (ifLogId !== undefined) checkId(ifLogId, 'append options.ifLogId', component);
  if (ifLastSeq === undefined && ifLogId === undefined) return undefined;
  return { ...(ifLastSeq === undefined ? {} : { ifLastSeq }), ...(ifLogId === undefined ? {} : { ifLogId }) };
}

/** A write's options: undefined, or an object (not an array) naming only `keys`; else `INVALID_ARGUMENT`. */
function writeOptions<T extends object>(
  options: unknown,
  keys: Record<keyof T, true>,
  what: string,
  component: string,
): T | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw invalid(component, `${what} options must be an object, got ${describeValue(options)}`);
  checkKnownKeys(options as T, keys, what, component);
  return options as T;
}

/**
 * The check of a conditional append (`AppendOptions.ifLastSeq`), made by a driver at the moment of its write,
 * atomically with it: throws `CONFLICT` naming the session when `ifLastSeq` is set and the session's `lastSeq`
 * is not equal to it (whether or not the inputs are already stored), so the driver stores nothing.
 */
export function checkLastSeq(
  lastSeq: number,
  ifLastSeq: number | undefined,
  sessionId: string,
  component: string,
): void {
  checkCount(ifLastSeq, 'ifLastSeq', component);
  if (ifLastSeq === undefined) return;
  checkCount(lastSeq, 'lastSeq', component);
  if (lastSeq === ifLastSeq) return;
  throw new MemoryError({
    code: 'CONFLICT',
    component,
    message: `session "${errorText(sessionId)}" has lastSeq ${lastSeq}, not ${ifLastSeq} (another append came first): nothing was appended`,
  });
}

/**
 * The check of a conditional append (`AppendOptions`, as {@link checkAppendOptions} returns it), made by a driver at
 * the moment of its write, atomically with it: `session` is the session's `lastSeq` and `logId` then, undefined
 * when the scope sees no such session. Throws `CONFLICT` naming the session, so the driver stores nothing, when
 * `ifLogId` is set and the session is missing or has another `logId` ({@link checkLogId}), or when `ifLastSeq` is
 * set and differs from its `lastSeq` ({@link checkLastSeq}). Returns for a plain append (`condition` undefined) and,
 * without `ifLogId`, for a missing session: the driver then throws `SESSION_NOT_FOUND` as for any append.
 */
export function checkAppendCondition(
  session: { lastSeq: number; logId: string } | undefined,
  condition: AppendOptions | undefined,
  sessionId: string,
  component: string,
): void {
  // Checked again (cheap; a plain append passes undefined): a driver may hand it any value.
  const checked = checkAppendOptions(condition, component);
  if (checked === undefined) return;
  checkLogId(session?.logId, checked.ifLogId, sessionId, component, 'appended');
  if (session) checkLastSeq(session.lastSeq, checked.ifLastSeq, sessionId, component);
}

/** Every key of {@link DeleteSessionOptions} (the compiler keeps the list complete). */
const deleteSessionOptionKeys: Record<keyof DeleteSessionOptions, true> = {
  ifLogId: true,
  ifUpdatedBefore: true,
};

/**
 * Checks `deleteSession`'s options in every driver: undefined, or an object naming no other key (a misspelt
 * `iflogId` would delete unconditionally) whose `ifLogId`, when set, is a valid id (`isValidId`) and whose
 * `ifUpdatedBefore`, when set, is a valid `Date`; else `INVALID_ARGUMENT`. Returns the condition (a new object
 * holding the keys set), or undefined for a plain delete (no key set), to pass to {@link checkDeleteCondition} at
 * the delete.
 */
export function checkDeleteSessionOptions(
  options: unknown,
  component: string,
): DeleteSessionOptions | undefined {
  const checked = writeOptions(options, deleteSessionOptionKeys, 'deleteSession', component);
  const ifLogId = checked?.ifLogId;
  const ifUpdatedBefore = checked?.ifUpdatedBefore;
  if (ifLogId !== undefined) checkId(ifLogId, 'deleteSession options.ifLogId', component);
  if (
    ifUpdatedBefore !== undefined &&
    !(ifUpdatedBefore instanceof Date && Number.isFinite(ifUpdatedBefore.getTime()))
  )
    throw invalid(
      component,
      `deleteSession options.ifUpdatedBefore must be a valid Date, got ${describeValue(ifUpdatedBefore)}`,
    );
  if (ifLogId === undefined && ifUpdatedBefore === undefined) return undefined;
  return {
    ...(ifLogId === undefined ? {} : { ifLogId }),
    ...(ifUpdatedBefore === undefined ? {} : { ifUpdatedBefore: new Date(ifUpdatedBefore.getTime()) }),
  };
}

/**
 * The check of a conditional delete (`DeleteSessionOptions`, as {@link checkDeleteSessionOptions} returns it), made
 * by a driver at the moment of its delete, atomically with it: `session` is the session's `logId` and `updatedAt`
 * then, undefined when the scope sees no such session. Throws `CONFLICT` naming the session, so the driver deletes
 * nothing, when a condition is set and the session is missing, has another `logId` ({@link checkLogId}), or was
 * updated at or after `ifUpdatedBefore` (an append or a metadata update since the caller read it). Returns for a
 * plain delete (`condition` undefined): the driver then throws `SESSION_NOT_FOUND` for a missing session.
 */
export function checkDeleteCondition(
  session: { logId: string; updatedAt: Date } | undefined,
  condition: DeleteSessionOptions | undefined,
  sessionId: string,
  component: string,
): void {
  // Checked again (cheap; a plain delete passes undefined): a driver may hand it any value.
  const checked = checkDeleteSessionOptions(condition, component);
  if (checked === undefined) return;
  checkLogId(session?.logId, checked.ifLogId, sessionId, component);
  if (!session)
    throw new MemoryError({
      code: 'CONFLICT',
      component,
      message: `session "${errorText(sessionId)}" does not exist: nothing was deleted`,
    });
  const before = checked.ifUpdatedBefore;
  if (before !== undefined && !(session.updatedAt.getTime() < before.getTime()))
    throw new MemoryError({
      code: 'CONFLICT',
      component,
      message: `session "${errorText(sessionId)}" was updated at ${session.updatedAt.toISOString()}, not before ${before.toISOString()}: nothing was deleted`,
    });
}

/**
 * The check of a conditional delete (`DeleteSessionOptions.ifLogId`) or append (`AppendOptions.ifLogId`), made by a
 * driver at the moment of its delete or write, atomically with it: throws `CONFLICT` naming the session when
 * `ifLogId` is set and the session is missing (`logId` undefined) or its `logId` is not equal to it, so the driver
 * changes nothing; the message says nothing was `done` (`deleted` unless told).
 */
export function checkLogId(
  logId: string | undefined,
  ifLogId: string | undefined,
  sessionId: string,
  component: string,
  done: 'deleted' | 'appended' = 'deleted',
): void {
  if (ifLogId === undefined || logId === ifLogId) return;
  const now =
    logId === undefined
      ? 'does not exist'
      : `has the log ${errorText(logId)}, not ${errorText(ifLogId)} (it was deleted and created again since it was read)`;
  const message = `session "${errorText(sessionId)}" ${now}: nothing was ${done}`;
  throw new MemoryError({ code: 'CONFLICT', component, message });
}

import { randomFillSync } from 'node:crypto';
import { checkInteger } from './check-options.ts';
import { describeValue, errorText } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

let lastTime = 0;
let counter = 0;
/** Random bytes drawn a page at a time (one call into the system's generator per 800 ids, not one per id). */
const pool = Buffer.alloc(4000);
let used = pool.length;

/** `n` (at most 4,000) fresh random bytes as hex, for the random part of an id. */
export function randomHex(n: number): string {
  if (used + n > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + n);
  used += n;
  return hex;
}

/**
 * A new id: `prefix_` + a time-ordered part + randomness, so ids sort roughly by creation and never collide.
 * @example createId('msg') // 'msg_mhx3k2a1000' + 10 hex characters, e.g. 'msg_mhx3k2a10004f7a9c2b1e'
 */
export function createId(prefix = 'msg'): string {
  if (typeof prefix !== 'string' || !/^[A-Za-z0-9_-]{0,64}$/.test(prefix)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      message: `createId(prefix): prefix must be up to 64 letters, digits, _ or -, got ${describeValue(prefix)}`,
    });
  }
  const now = Date.now();
  if (now === lastTime) counter++;
  else {
    lastTime = now;
    counter = 0;
  }
  const rand = randomHex(5);
  return `${prefix}_${now.toString(36)}${counter.toString(36).padStart(3, '0')}${rand}`;
}

/** The longest id (message, session, artifact, tenant, user, agent), in UTF-16 code units. */
export const maxIdLength = 256;

/** Whether a string is usable as an id: 1–`maxLength` (default 256) characters, no NUL, no lone surrogates. */
export function isValidId(id: unknown, maxLength = maxIdLength): id is string {
  checkInteger(maxLength, 'isValidId(id, maxLength): maxLength', 'core', 1);
  if (typeof id !== 'string' || id.length === 0 || id.length > maxLength) return false;
  if (id.includes('\u0000')) return false;
  return id.isWellFormed();
}

/**
 * What is wrong with `id` under the id rule of {@link checkId} (`must be … got …`, to follow the name of what was
 * checked), or undefined when it is a valid id: for callers that report it under another code or name.
 */
export function idProblem(id: unknown, maxLength = maxIdLength): string | undefined {
  if (isValidId(id, maxLength)) return undefined;
  return `must be a non-empty string of at most ${maxLength} characters without NUL or lone surrogates, got ${describeId(id)}`;
}

/**
 * The one id rule of every store call that takes an id (message, session and artifact ids, scope fields,
 * state keys): throws `INVALID_ARGUMENT` naming `what` unless `id` is a non-empty string of at most
 * `maxLength` characters without NUL or lone surrogates (which SQLite and PostgreSQL would store as U+FFFD,
 * making distinct ids collide).
 */
export function checkId(
  id: unknown,
  what: string,
  component: string | undefined,
  maxLength = maxIdLength,
): asserts id is string {
  const problem = idProblem(id, maxLength);
  if (problem !== undefined) {
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: `${errorText(what)} ${problem}` });
  }
}

/** A short, printable description of a rejected id. */
function describeId(id: unknown): string {
  if (typeof id !== 'string') return typeof id;
  const shown = JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
  return `${shown} (${id.length} characters)`;
}

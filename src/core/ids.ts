import { randomBytes } from 'node:crypto';
import { checkInteger } from './check-options.ts';
import { describeValue, errorText } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

let lastTime = 0;
let counter = 0;

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
  const rand = randomBytes(5).toString('hex');
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
  if (!isValidId(id, maxLength)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${errorText(what)} must be a non-empty string of at most ${maxLength} characters without NUL or lone surrogates, got ${describeId(id)}`,
    });
  }
}

/** A short, printable description of a rejected id. */
function describeId(id: unknown): string {
  if (typeof id !== 'string') return typeof id;
  const shown = JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
  return `${shown} (${id.length} characters)`;
}

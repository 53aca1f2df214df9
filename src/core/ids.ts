import { randomBytes } from 'node:crypto';

let lastTime = 0;
let counter = 0;

/**
 * A new id: `prefix_` + a time-ordered part + randomness, so ids sort roughly by creation and never collide.
 * @example createId('msg') // 'msg_mhx3k2a1000' + 10 hex characters, e.g. 'msg_mhx3k2a10004f7a9c2b1e'
 */
export function createId(prefix = 'msg'): string {
  const now = Date.now();
  if (now === lastTime) counter++;
  else {
    lastTime = now;
    counter = 0;
  }
  const rand = randomBytes(5).toString('hex');
  return `${prefix}_${now.toString(36)}${counter.toString(36).padStart(3, '0')}${rand}`;
}

/** Whether a string is usable as an id: 1–256 characters, no NUL, no lone surrogates. */
export function isValidId(id: unknown): id is string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 256) return false;
  if (id.includes('\u0000')) return false;
  return id.isWellFormed();
}

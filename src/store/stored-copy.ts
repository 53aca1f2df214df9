import type { MemoryMessage } from '../core/message.ts';
import { markKnownValid } from '../messages/known-valid.ts';
import { deserializeMessage, freezeMessage } from '../messages/serialize.ts';

/** Marks a value the direct copy does not reproduce exactly as JSON would. */
const unusual = Symbol('unusual');

/**
 * Copies what `deserializeMessage(serializeMessage(value))` gives, deep-frozen as `freezeMessage` would leave it
 * (each object frozen as it is made: one walk, not two), or returns {@link unusual}.
 */
function copy(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : unusual;
  if (typeof value !== 'object') return unusual;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return unusual;
      const v = copy(value[i]);
      if (v === unusual) return unusual;
      out[i] = v;
    }
    return Object.freeze(out);
  }
  if (value instanceof Date) return Object.freeze(new Date(value.getTime()));
  // Sealed as `freezeMessage` seals them: a URL frozen, bytes non-extensible.
  if (value instanceof URL) return Object.freeze(new URL(value.href));
  if (value instanceof Uint8Array) return Object.preventExtensions(new Uint8Array(value));
  if (value instanceof ArrayBuffer) return Object.preventExtensions(new Uint8Array(value.slice(0)));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return unusual;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (key === '__proto__' || key === 'toJSON') return unusual;
    const c = copy(v);
    if (c === unusual) return unusual;
    out[key] = c;
  }
  return Object.freeze(out);
}

/**
 * A frozen copy of a message equal to what reading back its stored `json` gives, without parsing it: plain
 * data is copied directly; anything JSON would change (non-finite numbers, class instances, holes) is
 * decoded from `json` instead. `message` was checked before it was stored: the copy is marked valid
 * (`markKnownValid`), so reads that hand it out are not checked again.
 */
export function storedCopy(message: MemoryMessage, json: string): MemoryMessage {
  const c = copy(message);
  return markKnownValid(c === unusual ? freezeMessage(deserializeMessage(json)) : (c as MemoryMessage));
}

import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { toolOutputText } from './tool-output-text.ts';

/**
 * JSON encoding of messages for every driver: `Date` → `{"$date": iso}`, bytes (`Uint8Array`, `Buffer`,
 * `ArrayBuffer`) → `{"$bytes": base64}`, `URL` → `{"$url": href}`. Plain objects that happen to use one of
 * these keys are escaped as `{"$esc": {...}}`, so any JSON round-trips exactly.
 */
export function serializeMessage(message: MemoryMessage): string {
  return JSON.stringify(encode(message));
}

/** Decodes what {@link serializeMessage} wrote; `INVALID_ARGUMENT` for anything that is not JSON text. */
export function deserializeMessage(text: string): MemoryMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw notMessage('deserializeMessage(text): text must be the JSON of a message', text, error);
  }
  return decode(parsed) as MemoryMessage;
}

function notMessage(what: string, value: unknown, cause?: unknown): MemoryError {
  return new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'messages',
    message: `${what}, got ${describeValue(value)}`,
    ...(cause === undefined ? {} : { cause }),
  });
}

const special = new Set(['$date', '$bytes', '$url', '$esc']);

/**
 * What `JSON.stringify` is given for a value. A plain array or object whose every member encodes to itself,
 * and that needs no escape, is returned as it is (JSON writes it the same as a copy: its own enumerable
 * string keys in order, `undefined` members and holes as a copy would have them), so only the path to a Date,
 * URL, bytes or escaped object is copied.
 */
function encode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof URL) return { $url: value.href };
  if (value instanceof Uint8Array)
    return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof ArrayBuffer) return { $bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return encodeArray(value);
  return encodeObject(value as Record<string, unknown>);
}

function encodeArray(value: unknown[]): unknown {
  // JSON would call an own toJSON (even a non-enumerable one) on the array it is given: copy.
  if (Object.getPrototypeOf(value) !== Array.prototype || Object.hasOwn(value, 'toJSON'))
    return value.map(encode);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    const e = encode(v);
    if (e === v) continue;
    // A hole becomes undefined here, which JSON writes as it writes a hole: null.
    const out: unknown[] = value.slice(0, i);
    out.push(e);
    for (let j = i + 1; j < value.length; j++) out.push(encode(value[j]));
    return out;
  }
  return value;
}

function encodeObject(value: Record<string, unknown>): unknown {
  const proto = Object.getPrototypeOf(value);
  // Anything but a plain object is copied (its own enumerable members): JSON would call an inherited toJSON; and
  // so is one with an own toJSON, enumerable or not, which JSON would call on the object it is given.
  let out: Record<string, unknown> | undefined =
    (proto === Object.prototype || proto === null) && !Object.hasOwn(value, 'toJSON') ? undefined : {};
  const keys = Object.keys(value);
  let kept = 0;
  let needsEscape = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = value[key];
    if (v === undefined) continue;
    kept += 1;
    if (special.has(key)) needsEscape = true;
    const e = encode(v);
    if (out === undefined && e !== v) {
      out = {};
      for (let j = 0; j < i; j++) {
        const before = value[keys[j]!];
        if (before !== undefined) setKey(out, keys[j]!, before);
      }
    }
    if (out !== undefined) setKey(out, key, e);
  }
  const encoded = out ?? value;
  return needsEscape && kept === 1 ? { $esc: encoded } : encoded;
}

/** Sets an own property, even one named `__proto__` (which plain assignment would turn into a prototype change). */
function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key !== '__proto__') target[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function decode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decode);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const key = keys[0]!;
    const v = record[key];
    if (key === '$date' && typeof v === 'string') return new Date(v);
    if (key === '$url' && typeof v === 'string') return decodeUrl(v);
    if (key === '$bytes' && typeof v === 'string') return decodeBytes(v);
    if (key === '$esc' && v !== null && typeof v === 'object') {
      const inner: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) setKey(inner, k, decode(x));
      return inner;
    }
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) setKey(out, key, decode(record[key]));
  return out;
}

/**
 * The bytes of a `$bytes` value; `INVALID_ARGUMENT` when it is not base64 as `encode` writes it (padded, the
 * standard alphabet; Node's decoder would drop what it cannot read). Checked by writing the bytes back: linear in
 * the text, whatever its size (a regular expression over a multi-megabyte image overflows V8's backtracking stack).
 */
function decodeBytes(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text)
    throw notMessage('a "$bytes" value must be base64', text.slice(0, 80));
  return new Uint8Array(bytes);
}

/** The URL of a `$url` value; `INVALID_ARGUMENT` when it is not an absolute URL. */
function decodeUrl(text: string): URL {
  const url = URL.parse(text);
  if (url === null) throw notMessage('a "$url" value must be an absolute URL', text);
  return url;
}

/**
 * Deep-freezes a decoded message so drivers can hand out the stored object without copying. Bytes keep their
 * contents changeable (a typed array with elements cannot be frozen) but are made non-extensible, and URLs are
 * frozen (their `href` setter still works): neither can be given another prototype or extra properties, which the
 * message schema would refuse.
 */
export function freezeMessage<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return Object.preventExtensions(value);
  if (value instanceof URL) return Object.freeze(value);
  if (value instanceof Date) return Object.freeze(value);
  for (const v of Object.values(value)) freezeMessage(v);
  return Object.freeze(value);
}

/**
 * Plain text of a message, for full-text indexing and substring search (text, reasoning, tool names/inputs/outputs).
 * `INVALID_ARGUMENT` unless `message` has string content or an array of content parts.
 */
export function messageText(message: MemoryMessage): string {
  const content: unknown = typeof message === 'object' && message !== null ? message.content : undefined;
  if (!Array.isArray(content) && typeof content !== 'string')
    throw notMessage('messageText(message): message must have string content or content parts', message);
  if (typeof message.content === 'string') return message.content;
  if (message.content.some((part: unknown) => typeof part !== 'object' || part === null))
    throw notMessage('messageText(message): every content part must be an object', message);
  const parts: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        parts.push(part.text);
        break;
      case 'tool-call':
        parts.push(
          part.toolName,
          typeof part.input === 'string' ? part.input : (JSON.stringify(part.input) ?? ''),
        );
        break;
      case 'tool-result': {
        parts.push(part.toolName);
        const text = toolOutputText(part.output);
        // A content output without text items adds no line (the indexed text of stored messages stays as it was).
        if (text !== '' || part.output.type !== 'content') parts.push(text);
        break;
      }
      case 'tool-approval-response':
      case 'tool-approval-request':
        if (part.reason) parts.push(part.reason);
        break;
      default:
        break;
    }
  }
  return parts.join('\n');
}

import { JsonPlusSerializer, type SerializerProtocol } from '@langchain/langgraph-checkpoint';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * A value as the saver's serializer wrote it (`serde.dumpsTyped`), in a form engram stores as JSON: the type
 * tag and the bytes, as text (`s`) when they are UTF-8 (what the default JSON serializer writes), else as
 * base64 (`b`, an encrypting or binary serializer). Kept as one string, never parsed, so any value the
 * serializer accepts is stored and read back byte for byte.
 */
export type TypedPayload = { t: string; s: string } | { t: string; b: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The payload of serialized bytes. */
export function toPayload(type: string, bytes: Uint8Array): TypedPayload {
  if (type === 'json') {
    try {
      return { t: type, s: utf8.decode(bytes) };
    } catch {
      // not UTF-8: stored as base64 below
    }
  }
  return { t: type, b: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}

/** The bytes of a payload, as the serializer wrote them. */
export function payloadBytes(payload: TypedPayload): Uint8Array {
  return 's' in payload
    ? new TextEncoder().encode(payload.s)
    : new Uint8Array(Buffer.from(payload.b, 'base64'));
}

/** Serializes a value with the saver's serializer. */
export async function dumpPayload(serde: SerializerProtocol, value: unknown): Promise<TypedPayload> {
  const [type, bytes] = await serde.dumpsTyped(value);
  return toPayload(type, bytes);
}

/**
 * {@link dumpPayload}, refusing a value the serializer cannot give back: LangGraph's JSON serializer writes no text
 * for a function or a symbol (no read parses it: every read of the checkpoint would throw) and a placeholder string
 * in place of a value `JSON.stringify` throws on (a BigInt, a `toJSON()` that throws; see {@link isUnserializable}).
 * Throws `INVALID_ARGUMENT` naming `what` (`put: channel_values.topic`): call it before anything is stored.
 */
export async function dumpStorable(
  serde: SerializerProtocol,
  value: unknown,
  what: string,
): Promise<TypedPayload> {
  const payload = await dumpPayload(serde, value);
  const empty = payload.t === 'json' && 's' in payload && payload.s === '';
  if (empty || isUnserializable(payload))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'langgraph',
      message: `${what} cannot be serialized (${empty ? `the serializer wrote nothing for ${describeValue(value)}` : 'the serializer wrote a placeholder string for it: a BigInt in it, or a toJSON() that throws?'}); nothing was stored`,
    });
  return payload;
}

/** Reads a value back with the saver's serializer; `STORE_ERROR` when the stored payload is malformed. */
export async function loadPayload(serde: SerializerProtocol, payload: unknown): Promise<unknown> {
  if (!isPayload(payload))
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'langgraph',
      message: 'a stored checkpoint value is malformed (expected a typed payload)',
    });
  return serde.loadsTyped(payload.t, payloadBytes(payload));
}

/**
 * Reads many values back. With LangGraph's JSON serializer and text payloads, in one call over the JSON array
 * of them (what it makes of an array is the array of what it makes of each element), which costs far less than
 * one call each; otherwise one call each.
 */
export async function loadPayloads(
  serde: SerializerProtocol,
  payloads: readonly unknown[],
): Promise<unknown[]> {
  if (
    payloads.length > 1 &&
    serde instanceof JsonPlusSerializer &&
    payloads.every((p) => isPayload(p) && p.t === 'json' && 's' in p)
  ) {
    const text = `[${payloads.map((p) => (p as { s: string }).s).join(',')}]`;
    return (await serde.loadsTyped('json', new TextEncoder().encode(text))) as unknown[];
  }
  return Promise.all(payloads.map((p) => loadPayload(serde, p)));
}

/** What LangGraph's JSON serializer writes for a value `JSON.stringify` throws on (a BigInt in it), as a payload's text. */
const placeholder = JSON.stringify('[unable to serialize, circular reference is too complex to analyze]');

/**
 * Whether a payload is the placeholder LangGraph's `JsonPlusSerializer` writes, in place of the value, when it
 * cannot serialize one (it does not throw): the value would read back as that string.
 */
export function isUnserializable(payload: TypedPayload): boolean {
  return payload.t === 'json' && 's' in payload && payload.s === placeholder;
}

/** Whether a stored JSON value is a payload. */
export function isPayload(value: unknown): value is TypedPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.t === 'string' && (typeof p.s === 'string' || typeof p.b === 'string');
}

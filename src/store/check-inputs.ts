import { MemoryError } from '../core/errors/memory-error.ts';
import { serializeMessage } from '../messages/serialize.ts';
import type { AppendInput, SearchQuery } from './memory-store.ts';

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
    throw invalid(component, `${name} must be a non-negative integer, got ${String(value)}`);
  }
}

/**
 * Validates and serializes append inputs before any write, in every driver: `inputs` must be an array of
 * objects with a message (with a string id) and a non-negative integer token count (`INVALID_ARGUMENT`);
 * a message over the size limit throws `PAYLOAD_TOO_LARGE`, so nothing of the batch is stored.
 */
export function prepareInputs(limits: InputLimits, inputs: readonly AppendInput[]): PreparedInput[] {
  const { component } = limits;
  if (!Array.isArray(inputs)) throw invalid(component, 'append inputs must be an array');
  return inputs.map((input: AppendInput, i) => {
    if (typeof input !== 'object' || input === null)
      throw invalid(component, `inputs[${i}] must be an object`);
    if (typeof input.message?.id !== 'string')
      throw invalid(component, `inputs[${i}].message.id must be a string`);
    if (input.tokens === undefined) throw invalid(component, `inputs[${i}].tokens is required`);
    checkCount(input.tokens, `inputs[${i}].tokens`, component);
    const json = serializeMessage(input.message);
    const bytes = Buffer.byteLength(json);
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
 * Checks a search query's shape in every driver: `text` must be a string (`INVALID_QUERY`), `limit` a
 * non-negative integer (`INVALID_ARGUMENT`). The session id is checked by the driver's session lookup.
 */
export function checkSearchQuery(query: SearchQuery, component: string): void {
  if (typeof query?.text !== 'string') {
    throw new MemoryError({ code: 'INVALID_QUERY', component, message: 'search text must be a string' });
  }
  checkCount(query.limit, 'limit', component);
}

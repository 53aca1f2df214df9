import { describeValue } from '../core/errors/describe-value.ts';
import { invalidTokensArgument } from './invalid-argument.ts';

/** The BPE encodings engram can count exactly with gpt-tokenizer. */
export type BpeEncoding = 'o200k_base' | 'cl100k_base';

/** The encodings `createBpeTokenCounter` accepts. */
export const BPE_ENCODINGS: readonly BpeEncoding[] = Object.freeze(['o200k_base', 'cl100k_base']);

/**
 * Model-name prefixes and their encodings, specific before general so `gpt-4o` wins over `gpt-4`.
 * Source: tiktoken's `MODEL_PREFIX_TO_ENCODING` and gpt-tokenizer's model table.
 */
export const MODEL_ENCODINGS: readonly (readonly [prefix: string, encoding: BpeEncoding])[] = Object.freeze([
  ['chatgpt-4o', 'o200k_base'],
  ['codex-mini', 'o200k_base'],
  ['gpt-4.1', 'o200k_base'],
  ['gpt-4.5', 'o200k_base'],
  ['gpt-4o', 'o200k_base'],
  ['gpt-5', 'o200k_base'],
  ['o1', 'o200k_base'],
  ['o3', 'o200k_base'],
  ['o4', 'o200k_base'],
  ['text-embedding-3', 'cl100k_base'],
  ['text-embedding-ada-002', 'cl100k_base'],
  ['gpt-3.5', 'cl100k_base'],
  ['gpt-35', 'cl100k_base'],
  ['gpt-4', 'cl100k_base'],
]);

/**
 * `model` when it is undefined or a string, else `INVALID_ARGUMENT` naming `what` (`createTokenCounter(options).model`):
 * a model name is looked up as text, and a number or an object there was a raw TypeError.
 */
export function checkModelName(model: unknown, what: string): string | undefined {
  if (model === undefined || typeof model === 'string') return model;
  throw invalidTokensArgument(`${what} must be a model name (a string), got ${describeValue(model)}`);
}

/** True when `value` names an encoding engram counts exactly. */
export function isBpeEncoding(value: unknown): value is BpeEncoding {
  return typeof value === 'string' && (BPE_ENCODINGS as readonly string[]).includes(value);
}

/**
 * The encoding of an OpenAI model by prefix (`gpt-4o-mini-2024-07-18` → o200k_base), ignoring case, a
 * provider prefix (`openai/gpt-4o`) and a fine-tune prefix (`ft:gpt-4o-mini:org::id`); undefined when unknown.
 */
export function encodingForModel(model: string): BpeEncoding | undefined {
  let name = model.trim().toLowerCase();
  name = name.slice(name.lastIndexOf('/') + 1);
  if (name.startsWith('ft:')) name = name.slice(3);
  for (const [prefix, encoding] of MODEL_ENCODINGS) {
    // The prefix must end at a boundary: `o1-mini` and `gpt-5.1` match, `o1x` and `gpt-40` do not.
    if (name.startsWith(prefix) && !/^[a-z0-9]/.test(name.slice(prefix.length))) return encoding;
  }
  return undefined;
}

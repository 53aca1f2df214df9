import type { LanguageModel } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/** The specification versions the AI SDK's `resolveLanguageModel` takes (it adapts v2 and v3 models to v4). */
const specificationVersions: readonly unknown[] = ['v4', 'v3', 'v2'];

/**
 * Throws `INVALID_ARGUMENT` naming `what` unless `value` is an AI SDK `LanguageModel`, as the AI SDK resolves one: a
 * model id string (non-empty; the global provider resolves it), or a `LanguageModelV2`/`V3`/`V4` object (its
 * `specificationVersion`, `doGenerate()` and `doStream()`). So `model: 5`, or an embedding model, is refused when
 * the agent is made, not by the AI SDK at every run. Returns `value`.
 */
export function checkLanguageModel<T>(value: T, what: string, component: string): T {
  if (typeof value === 'string' ? value !== '' : isLanguageModelObject(value)) return value;
  throw new MemoryError({
    code: 'INVALID_ARGUMENT',
    component,
    message: `${what} must be an AI SDK language model (a model id string, or a LanguageModelV2/V3/V4 object with specificationVersion, doGenerate() and doStream()), got ${describeValue(value)}`,
  });
}

/** Whether `value` is a language model object of a specification version the AI SDK takes. */
function isLanguageModelObject(value: unknown): value is Exclude<LanguageModel, string> {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as Record<string, unknown>;
  return (
    specificationVersions.includes(model.specificationVersion) &&
    typeof model.doGenerate === 'function' &&
    typeof model.doStream === 'function'
  );
}

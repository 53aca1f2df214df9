import { InvalidValueError } from '../core/errors/invalid-value-error.ts';

/**
 * A tool call's input as a provider converter sends it. A call without one (`input` missing or undefined, which
 * engram's schema lets through) is refused with `INVALID_ARGUMENT` at `path`: OpenAI's `arguments` and
 * Anthropic's `input` are required, and sending `{}` in its place would read back as a different call.
 */
export function requiredToolInput(input: unknown, path: string, component: string): unknown {
  if (input === undefined)
    throw new InvalidValueError({
      path,
      problem: 'a tool call without input (the provider requires one; engram would not invent `{}`)',
      component,
    });
  return input;
}

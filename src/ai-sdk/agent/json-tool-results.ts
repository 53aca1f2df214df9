import type { Tool, ToolSet } from 'ai';
import { errorReason } from '../../core/errors/error-reason.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

type Execute = NonNullable<Tool['execute']>;

/**
 * Fails when the AI SDK could not serialize `output` as a tool result (it sends a result that is no string, of a
 * tool without `toModelOutput`, as `JSON.stringify` makes it): a BigInt, a cyclic object, a `toJSON` that throws.
 */
function checkSerializable(name: string, output: unknown): void {
  if (typeof output === 'string') return;
  try {
    JSON.stringify(output);
  } catch (cause) {
    throw new MemoryError({
      code: 'INVALID_MESSAGE',
      component: 'agent',
      message: `tool ${name} returned a result that cannot be sent as JSON (${errorReason(cause)}); return JSON values, or shape the result with the tool's toModelOutput`,
      cause,
    });
  }
}

/** Whether `execute` returned a stream of results (the AI SDK's contract: a value, a promise or an AsyncIterable). */
const isResultStream = (value: unknown): value is AsyncIterable<unknown> =>
  value != null && typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function';

/** Yields `results`, each checked by {@link checkSerializable}. */
async function* checkedStream(name: string, results: AsyncIterable<unknown>): AsyncIterable<unknown> {
  for await (const output of results) {
    checkSerializable(name, output);
    yield output;
  }
}

/**
 * The tools with each result their `execute` returns checked as the AI SDK will serialize it (tools with their
 * own `toModelOutput` are left as they are): a result it cannot serialize fails the call as a throwing tool does, a
 * `MemoryError` (`INVALID_MESSAGE`) naming the tool, which becomes a tool error the model sees and the step is
 * stored with. Unchecked, the tool-result reached the step's end and the AI SDK's raw `TypeError` failed the run.
 */
export function withJsonToolResults(tools: ToolSet): ToolSet {
  const out: ToolSet = {};
  for (const [name, t] of Object.entries(tools)) {
    const execute = t.execute as Execute | undefined;
    if (execute === undefined || t.toModelOutput !== undefined) {
      out[name] = t;
      continue;
    }
    const checked: Execute = (input, options) => {
      const result = execute(input, options);
      if (isResultStream(result)) return checkedStream(name, result);
      return Promise.resolve(result).then((output: unknown) => {
        checkSerializable(name, output);
        return output;
      });
    };
    out[name] = { ...t, execute: checked } as Tool;
  }
  return out;
}

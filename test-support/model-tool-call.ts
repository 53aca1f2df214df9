/** Test-only: a model's call of one tool run through the AI SDK's `generateText`, and arguments a model may send. */
import { generateText, stepCountIs, type ToolSet } from 'ai';
import fc from 'fast-check';
import { scriptedLanguageModel } from './scripted-language-model.ts';

/**
 * What the AI SDK made of a model's call: its input schema refused the arguments (the SDK tells the model, as a
 * tool error), or `execute` returned `output`.
 */
export type ModelCallOutcome = { refused: true; message: string } | { refused: false; output: unknown };

/**
 * Makes a scripted model call `toolName` of `tools` with `input` (sent as JSON text, as a provider sends it) in one
 * `generateText` step. Throws when `execute` threw (the SDK turned it into a tool error: the tool broke the
 * convention of answering bad arguments with `{ error }`) or when the run itself failed.
 */
export async function callAsModel(
  tools: ToolSet,
  toolName: string,
  input: unknown,
): Promise<ModelCallOutcome> {
  const { model } = scriptedLanguageModel([{ toolCalls: [{ toolName, input }] }]);
  const { content } = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(1) });
  for (const part of content) {
    // The SDK marks a call whose arguments its input schema refused, and answers the model with a tool error.
    if (part.type === 'tool-call' && part.invalid) return { refused: true, message: String(part.error) };
    if (part.type === 'tool-result') return { refused: false, output: part.output };
    if (part.type === 'tool-error')
      throw new Error(`${toolName}(${JSON.stringify(input).slice(0, 200)}) threw`, { cause: part.error });
  }
  throw new Error(`${toolName} was not called`);
}

/** A million characters: the largest string a test sends as one argument. */
export const megabyteString = 'x'.repeat(1_000_000);

/** Values a model gets wrong: empty, blank, NUL, a lone surrogate, huge, negative, fractional, null, nested. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '💥'.repeat(300),
    megabyteString,
    -1,
    0,
    0.5,
    -0.5,
    1e300,
    -1e300,
    2 ** 53,
    2 ** 31,
    null,
    true,
    [],
    {},
    [''],
    [null],
    { type: 'full' },
  ),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * Arguments for a tool with `fields` (each with an arbitrary of its plausible values): any JSON at all, or an
 * object whose fields are each left out, plausible or hostile, sometimes with a key the schema does not have.
 */
export function toolArguments(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const field = Object.fromEntries(
    Object.entries(fields).map(([k, plausible]) => [
      k,
      fc.oneof({ weight: 3, arbitrary: plausible }, hostileJson),
    ]),
  );
  const object = fc.record(field, { requiredKeys: [] });
  const withExtra = fc
    .tuple(object, fc.constantFrom('extra', 'id ', '__proto__', 'constructor'), hostileJson)
    .map(([o, k, v]) => ({ ...o, [k]: v }));
  return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: withExtra }, fc.jsonValue());
}

/** Whether `output` is the model-facing error result `{ error: string }` with a non-empty message. */
export function isToolError(output: unknown): boolean {
  return (
    typeof output === 'object' &&
    output !== null &&
    Object.keys(output).length === 1 &&
    typeof (output as { error?: unknown }).error === 'string' &&
    (output as { error: string }).error.length > 0
  );
}

import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidMessageError, MemoryError, type MessageIssue } from '../core/errors/index.ts';
import type { MemoryMessage } from '../core/message.ts';
import { isKnownValid } from './known-valid.ts';
import { memoryMessageSchema, messageInputSchema, modelMessageSchema } from './schema.ts';
import { repeatedToolCallIds } from './tool-call-ids.ts';

type Path = readonly PropertyKey[];

/** Formats a path as `content[1].output.type`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const k = String(key);
      out += /^[A-Za-z_$][\w$]*$/.test(k) ? (out ? `.${k}` : k) : `[${JSON.stringify(k)}]`;
    }
  }
  return out;
}

/** Turns zod issues into message issues, descending into the union branch that best matches the input. */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: Path, out: MessageIssue[]): MessageIssue[] {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // A branch whose only complaints are at its root is the wrong shape altogether; prefer one that got further.
      const deeper = issue.errors.filter((branch) => branch.some((i) => i.path.length > 0));
      if (deeper.length > 0) {
        const depth = (b: readonly z.core.$ZodIssue[]) => Math.max(...b.map((i) => i.path.length));
        const best = deeper.reduce((a, b) => (depth(b) > depth(a) ? b : a));
        flatten(best, path, out);
        continue;
      }
      const expected = issue.errors.flat().map((i) => describe(i));
      out.push({ path: formatPath(path), problem: `expected one of: ${[...new Set(expected)].join('; ')}` });
      continue;
    }
    out.push({ path: formatPath(path), problem: problem(issue) });
  }
  return out;
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type')
    return /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`;
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
    return `an object with ${issue.discriminator} ${((issue as { options?: unknown[] }).options ?? []).map(String).join(' | ')}`;
  }
  return issue.message.replace(/^expected /, '');
}

function problem(issue: z.core.$ZodIssue): string {
  if (
    issue.code === 'invalid_type' &&
    issue.expected === 'date' &&
    (issue as { received?: unknown }).received === 'Invalid Date'
  ) {
    return 'expected a valid Date, received an Invalid Date';
  }
  return issue.message.replace(/^Invalid input: /, '');
}

/** Zod issues as message issues (paths such as `content[1].output.type`), for schemas of other message formats. */
export function zodIssues(issues: readonly z.core.$ZodIssue[]): MessageIssue[] {
  return flatten(issues, [], []);
}

/**
 * The problems with a candidate message, empty when it is a valid `MemoryMessage`: its fields, then a tool call
 * or tool result repeating an earlier one's id in the message (`content[2].toolCallId`).
 */
export function messageIssues(input: unknown): MessageIssue[] {
  const result = memoryMessageSchema.safeParse(input);
  return result.success ? repeatedToolCallIds(input as MemoryMessage) : flatten(result.error.issues, [], []);
}

/**
 * Checks that `input` is a `MemoryMessage` and returns it unchanged; throws `InvalidMessageError` naming each bad
 * field, or each tool call or tool result repeating an earlier one's id in the message (`content[2].toolCallId`:
 * providers refuse them, and a result's stored content is keyed by message and tool call id).
 * A message one of engram's stores handed out (deep-frozen, checked when it was stored, or decoded from the row
 * engram wrote then) is trusted and not checked again, unless its `createdAt` was since set to an invalid time: a
 * store file changed outside engram is not re-checked here (`messageIssues` and `isMemoryMessage` always check).
 */
export function validateMessage(input: unknown, location?: string): MemoryMessage {
  if (isKnownValid(input)) return input as MemoryMessage;
  const result = memoryMessageSchema.safeParse(input);
  if (!result.success) {
    throw new InvalidMessageError({
      issues: flatten(result.error.issues, [], []),
      location,
      cause: result.error,
    });
  }
  const repeated = repeatedToolCallIds(input as MemoryMessage);
  if (repeated.length > 0) throw new InvalidMessageError({ issues: repeated, location });
  return input as MemoryMessage;
}

/** Checks every message of a batch; the error's location is `messages[i]` (or `${location}[i]`). */
export function validateMessages(inputs: readonly unknown[], location = 'messages'): MemoryMessage[] {
  return checkList(inputs, location, validateMessage);
}

/**
 * Checks the messages a converter takes: an array whose every item is an AI SDK `ModelMessage` or a
 * `MemoryMessage` (engram's extras optional, checked when present); throws `InvalidMessageError` naming the
 * index (`messages[3]`) and each bad field. Returns `inputs` unchanged.
 */
export function validateMessageInputs(
  inputs: unknown,
  location = 'messages',
): readonly (ModelMessage | MemoryMessage)[] {
  // A stored message (engram checked it and froze it) is a valid `MemoryMessage`: not checked again.
  return validateMessagesWith(messageInputSchema, inputs, location, isKnownValid);
}

/**
 * Checks one message as {@link validateMessageInputs} checks each of a batch (an AI SDK `ModelMessage` or a
 * `MemoryMessage`); throws `InvalidMessageError` at `location` (`count(message)`) naming each bad field.
 */
export function validateMessageInput(input: unknown, location: string): ModelMessage | MemoryMessage {
  if (isKnownValid(input)) return input as MemoryMessage;
  const result = messageInputSchema.safeParse(input);
  if (result.success) return input as ModelMessage | MemoryMessage;
  throw new InvalidMessageError({
    issues: flatten(result.error.issues, [], []),
    location,
    cause: result.error,
  });
}

/**
 * Checks that `inputs` is an array whose every item matches `schema` (a message format); throws
 * `InvalidMessageError` naming the index (`${location}[3]`) and each bad field. Items `known` says are valid are
 * not checked. Returns the items unchanged.
 */
export function validateMessagesWith<T>(
  schema: z.ZodType<T>,
  inputs: unknown,
  location = 'messages',
  known: (input: unknown) => boolean = () => false,
): T[] {
  return checkList(inputs, location, (input, at) => {
    if (known(input)) return input as T;
    const result = schema.safeParse(input);
    if (result.success) return input as T;
    throw new InvalidMessageError({
      issues: flatten(result.error.issues, [], []),
      location: at,
      cause: result.error,
    });
  });
}

/** `inputs` as an array after `check` accepted each item (located `${location}[i]`); refuses a non-array. */
function checkList<T>(
  inputs: unknown,
  location: unknown,
  check: (input: unknown, location: string) => T,
): T[] {
  if (typeof location !== 'string') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'messages',
      message: `the location of a message batch must be a string, got ${describeValue(location)}`,
    });
  }
  if (!Array.isArray(inputs)) {
    throw new InvalidMessageError({
      issues: [{ path: '', problem: `expected an array of messages, got ${describeValue(inputs)}` }],
      location,
    });
  }
  // Array.from visits holes too (as undefined), where map would skip them.
  return Array.from(inputs, (m, i) => check(m, `${location}[${i}]`));
}

/** Whether `x` is a valid `MemoryMessage` (`messageIssues` finds nothing). */
export function isMemoryMessage(x: unknown): x is MemoryMessage {
  return messageIssues(x).length === 0;
}

/** Checks that `input` is an AI SDK v7 `ModelMessage` (no engram extras required) and returns it unchanged. */
export function validateModelMessage(input: unknown, location?: string): ModelMessage {
  const result = modelMessageSchema.safeParse(input);
  if (!result.success) {
    throw new InvalidMessageError({
      issues: flatten(result.error.issues, [], []),
      location,
      cause: result.error,
    });
  }
  return input as ModelMessage;
}

/** Whether `x` is a valid AI SDK v7 `ModelMessage`. */
export function isModelMessage(x: unknown): x is ModelMessage {
  return modelMessageSchema.safeParse(x).success;
}

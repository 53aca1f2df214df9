import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { type Clock, checkClock, systemClock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createId } from '../core/ids.ts';
import type { MemoryMessage, MemoryMessageExtras } from '../core/message.ts';
import { validateMessage, validateMessageInputs, validateMessages } from './validate.ts';

/** How `toMemoryMessage` fills in missing ids and times. */
export interface ToMemoryMessageOptions {
  /** The clock for `createdAt`. @default systemClock */
  clock?: Clock;
  /** The id generator. @default () => createId('msg') */
  generateId?: () => string;
}

/** Every option of {@link toMemoryMessage}: any other key is refused (a misspelling). */
const knownOptions: Record<keyof ToMemoryMessageOptions, true> = { clock: true, generateId: true };

/**
 * An AI SDK `ModelMessage` as a `MemoryMessage`: `extras` win over fields already on `m`; a missing `id` is
 * generated and a missing `createdAt` is now. The input is not mutated. Throws `InvalidMessageError` naming each
 * bad field unless `m` is a message and the result a valid `MemoryMessage`, and `INVALID_ARGUMENT` unless
 * `extras` and `options` are objects.
 */
export function toMemoryMessage(
  m: ModelMessage | MemoryMessage,
  extras: Partial<MemoryMessageExtras> = {},
  options: ToMemoryMessageOptions = {},
): MemoryMessage {
  const [message] = validateMessageInputs([m], 'message');
  checkArguments(extras, options, 'toMemoryMessage');
  return validateMessage(withExtras(message!, extras, options), 'message');
}

/** Several `ModelMessage`s as `MemoryMessage`s; each missing id is generated; shared `extras` cannot carry an id. */
export function toMemoryMessages(
  messages: readonly (ModelMessage | MemoryMessage)[],
  extras: Partial<Omit<MemoryMessageExtras, 'id'>> = {},
  options: ToMemoryMessageOptions = {},
): MemoryMessage[] {
  validateMessageInputs(messages);
  checkArguments(extras, options, 'toMemoryMessages');
  const { id: _ignored, ...shared } = extras as Partial<MemoryMessageExtras>;
  const now = (options.clock ?? systemClock).now();
  const clock: Clock = { now: () => new Date(now) };
  const out = messages.map((m) => withExtras(m, shared, { ...options, clock }));
  return validateMessages(out);
}

/** {@link toMemoryMessage} without its checks, for callers that validate the result themselves. */
export function withExtras(
  m: ModelMessage | MemoryMessage,
  extras: Partial<MemoryMessageExtras> = {},
  options: ToMemoryMessageOptions = {},
): MemoryMessage {
  const merged = { ...m, ...stripUndefined(extras) } as Partial<MemoryMessageExtras> & ModelMessage;
  return {
    ...merged,
    id: merged.id ?? (options.generateId ?? (() => createId('msg')))(),
    createdAt: merged.createdAt ?? (options.clock ?? systemClock).now(),
  } as MemoryMessage;
}

function checkArguments(extras: unknown, options: ToMemoryMessageOptions, name: string): void {
  checkOptions(extras, `${name}(message, extras)`, 'messages');
  checkOptions(options, name, 'messages');
  checkKnownKeys(options, knownOptions, name, 'messages');
  const { clock, generateId } = options;
  checkClock(clock, `${name}(options)`, 'messages');
  if (generateId !== undefined && typeof generateId !== 'function')
    throw invalidOption(name, 'generateId', 'a function', generateId);
}

const invalidOption = (name: string, key: string, expected: string, value: unknown) =>
  new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'messages',
    message: `${name}(options): ${key} must be ${expected}, got ${describeValue(value)}`,
  });

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

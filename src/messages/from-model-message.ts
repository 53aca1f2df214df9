import type { ModelMessage } from 'ai';
import { type Clock, systemClock } from '../core/clock.ts';
import { createId } from '../core/ids.ts';
import type { MemoryMessage, MemoryMessageExtras } from '../core/message.ts';

/** How `toMemoryMessage` fills in missing ids and times. */
export interface ToMemoryMessageOptions {
  /** The clock for `createdAt`. @default systemClock */
  clock?: Clock;
  /** The id generator. @default () => createId('msg') */
  generateId?: () => string;
}

/**
 * An AI SDK `ModelMessage` as a `MemoryMessage`: `extras` win over fields already on `m`; a missing `id` is
 * generated and a missing `createdAt` is now. The input is not mutated.
 */
export function toMemoryMessage(
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

/** Several `ModelMessage`s as `MemoryMessage`s; each missing id is generated; shared `extras` cannot carry an id. */
export function toMemoryMessages(
  messages: readonly (ModelMessage | MemoryMessage)[],
  extras: Partial<Omit<MemoryMessageExtras, 'id'>> = {},
  options: ToMemoryMessageOptions = {},
): MemoryMessage[] {
  const { id: _ignored, ...shared } = extras as Partial<MemoryMessageExtras>;
  const now = (options.clock ?? systemClock).now();
  const clock: Clock = { now: () => new Date(now) };
  return messages.map((m) => toMemoryMessage(m, shared, { ...options, clock }));
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

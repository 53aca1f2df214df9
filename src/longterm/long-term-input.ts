import type { ModelMessage } from 'ai';
import type { Clock } from '../core/clock.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { withExtras } from '../messages/from-model-message.ts';
import { isMemoryMessage, isModelMessage, validateMessages } from '../messages/validate.ts';

/**
 * The messages a long-term memory's `record` keeps: engram messages as they are, plain AI SDK
 * `{ role, content }` messages with a new id and the clock's time (so recording the same plain messages twice
 * keeps them twice; give them ids to make `record` idempotent). Anything else refuses the batch whole:
 * `INVALID_ARGUMENT` for a non-array, `InvalidMessageError` naming the message and field.
 */
export function recordedMessages(messages: unknown, clock: Clock, component = 'longterm'): MemoryMessage[] {
  if (!Array.isArray(messages))
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component, message: 'messages must be an array' });
  const converted = messages.map((m: unknown) => {
    if (typeof m !== 'object' || m === null || Array.isArray(m)) return m;
    const { id, createdAt } = m as Partial<MemoryMessage>;
    return id === undefined || createdAt === undefined ? withExtras(m as ModelMessage, {}, { clock }) : m;
  });
  return validateMessages(converted, 'messages');
}

/** Checks a `retrieve` query that is not a string: an engram or AI SDK message, else `INVALID_QUERY`. */
export function checkQuery(query: unknown, component: string): MemoryMessage {
  if (isMemoryMessage(query) || isModelMessage(query)) return query as MemoryMessage;
  throw new MemoryError({
    code: 'INVALID_QUERY',
    component,
    message: `retrieve(query): query must be a string or a message, got ${describeValue(query)}`,
  });
}

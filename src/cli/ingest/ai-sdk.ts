import type { ModelMessage } from 'ai';
import { errorReason } from '../../core/errors/error-reason.ts';
import { InvalidMessageError } from '../../core/errors/invalid-message-error.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { withExtras } from '../../messages/from-model-message.ts';
import { deserializeMessage } from '../../messages/serialize.ts';
import { validateMessage } from '../../messages/validate.ts';
import { BadInputError } from '../bad-input-error.ts';
import { checkRole, isObject, type Located, readMessageList, where } from './json-input.ts';
import { createToolCallTracker, trackMessage } from './tool-calls.ts';

/**
 * AI SDK v7 `ModelMessage`s (a JSON array, `{ messages }`, or one per line) checked with the library's schema,
 * each tool result answering an earlier call and each call answered before the next user or system message; errors name the JSON path or line. Messages without an `id` or
 * `createdAt` get a new id and `now`. JSON cannot hold a `URL` or a
 * `Date`: a file part's `{ type: 'url', url }` string and a `createdAt` string are read back as such, and engram's
 * own tagged JSON (`{"$date": …}`, `{"$url": …}`, `{"$bytes": …}`) is decoded; `id`, `name`, `metadata` are kept.
 */
export function parseAiSdk(text: string, now = new Date()): MemoryMessage[] {
  const { items } = readMessageList(text, { jsonl: true });
  const tracker = createToolCallTracker();
  const messages = items.map((item) => {
    checkRole(item, ['system', 'user', 'assistant', 'tool']);
    const decoded = revive(decodeTagged(item)) as ModelMessage;
    const m = check(item, withExtras(decoded, {}, { clock: { now: () => new Date(now) } }));
    trackMessage(tracker, m, where(item), (j) => where(item, `content[${j}].toolCallId`));
    return m;
  });
  tracker.end();
  return messages;
}

/** The item with engram's tagged values decoded; a value that does not decode is bad input at the item. */
function decodeTagged(item: Located): unknown {
  try {
    return deserializeMessage(JSON.stringify(item.value));
  } catch (error) {
    if (!MemoryError.isInstance(error)) throw error;
    throw new BadInputError(`${where(item)}: ${errorReason(error)}`);
  }
}

function check(item: Located, value: unknown): MemoryMessage {
  try {
    return validateMessage(value);
  } catch (error) {
    if (!(error instanceof InvalidMessageError)) throw error;
    throw new BadInputError(
      error.issues
        .slice(0, 3)
        .map((i) => `${where(item, i.path)}: ${i.problem}`)
        .join('; '),
    );
  }
}

/** A file's tagged URL data as a `URL`, anything else as is. */
const reviveData = (data: unknown) =>
  isObject(data) && data.type === 'url' && typeof data.url === 'string' && URL.canParse(data.url)
    ? { ...data, url: new URL(data.url) }
    : data;

/** The message with the values JSON cannot hold (file URLs, `createdAt`) read back. */
function revive(message: unknown): unknown {
  if (!isObject(message)) return message;
  const out: Record<string, unknown> = { ...message };
  if (typeof out.createdAt === 'string' && !Number.isNaN(Date.parse(out.createdAt)))
    out.createdAt = new Date(out.createdAt);
  if (!Array.isArray(out.content)) return out;
  out.content = out.content.map((part: unknown) => {
    if (!isObject(part)) return part;
    if (part.type === 'file' || part.type === 'reasoning-file')
      return { ...part, data: reviveData(part.data) };
    const output = part.output;
    if (part.type !== 'tool-result' || !isObject(output) || !Array.isArray(output.value)) return part;
    const value = output.value.map((i: unknown) =>
      isObject(i) && i.type === 'file' ? { ...i, data: reviveData(i.data) } : i,
    );
    return { ...part, output: { ...output, value } };
  });
  return out;
}

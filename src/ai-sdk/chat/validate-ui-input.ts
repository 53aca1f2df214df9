import { isToolUIPart, type ToolSet, TypeValidationError, type UIMessage, validateUIMessages } from 'ai';
import { z } from 'zod';
import { describeValue } from '../../core/errors/describe-value.ts';
import { InvalidMessageError, type MessageIssue } from '../../core/errors/invalid-message-error.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { isValidId, maxIdLength } from '../../core/ids.ts';
import { dataUrlIssue } from '../../messages/base64-data.ts';
import { formatPath } from '../../messages/validate.ts';

/**
 * Checks UI messages with the AI SDK's `validateUIMessages` (with `tools`, their input and output schemas too).
 * Throws `INVALID_ARGUMENT` unless `messages` is an array, and `InvalidMessageError` (`INVALID_MESSAGE`) located
 * at `messages[i]` with each bad field's path (`parts[1].text`) otherwise, also for an id outside engram's id
 * rule (empty, over 256 characters, a NUL or a lone surrogate), a field other than id, role, metadata and parts,
 * a user message part other than text, a file or data, two tool parts of one message with the same
 * `toolCallId`, a file URL that is no URL, and a data URL whose content is not base64 (the AI SDK decodes it so).
 */
export async function validateUIInput<M extends UIMessage>(
  messages: unknown,
  what: string,
  tools: ToolSet | undefined,
): Promise<readonly M[]> {
  if (!Array.isArray(messages))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'chat',
      message: `${what}: messages must be an array of UI messages, got ${describeValue(messages)}`,
    });
  const list: readonly unknown[] = messages;
  if (list.length === 0) return [];
  try {
    await validateUIMessages({ messages: [...list], ...(tools ? { tools } : {}) });
  } catch (error) {
    throw toInvalidMessage(error, what);
  }
  // What validateUIMessages takes but a chat cannot store or convert, named here (not a store's or a TypeError).
  for (const [index, message] of (list as readonly UIMessage[]).entries()) {
    const issue = unstorable(message);
    if (issue)
      throw new InvalidMessageError({
        issues: [issue],
        location: `${what}: messages[${index}]`,
        component: 'chat',
      });
  }
  return list as readonly M[];
}

function toInvalidMessage(error: unknown, what: string): MemoryError {
  const cause = TypeValidationError.isInstance(error) ? error.cause : undefined;
  if (!(cause instanceof z.ZodError)) {
    return new InvalidMessageError({
      issues: [{ path: '', problem: error instanceof Error ? error.message : describeValue(error) }],
      location: what,
      cause: error,
      component: 'chat',
    });
  }
  const first = cause.issues[0]?.path[0];
  const index = typeof first === 'number' ? first : undefined;
  const issues = cause.issues
    .filter((issue) => issue.path[0] === first)
    .map((issue) => ({ path: formatPath(issue.path.slice(1)), problem: issue.message }));
  return new InvalidMessageError({
    issues,
    location: index === undefined ? what : `${what}: messages[${index}]`,
    cause: error,
    component: 'chat',
  });
}

/** The fields of a UI message: a chat keeps these (its parts whole). */
const uiMessageFields = new Set(['id', 'role', 'metadata', 'parts']);

/** A part a user message may hold: text, a file, or an app's data part (`data-…`). */
const userPart = (type: string) => type === 'text' || type === 'file' || type.startsWith('data-');

/**
 * A field a UI message does not have (the chat would drop it: `load` would differ), an id outside engram's id
 * rule (the AI SDK takes any string; a chat stores it as an entry id), a user message with a part that is not text, a file or data (a tool call or result a client put in its own message: the model
 * would never see it, the chat would show it), a tool part repeating a tool call id, or a file URL that `convertToModelMessages` cannot parse (it would
 * throw a TypeError) or a data URL the AI SDK cannot decode (its content not base64): the first found.
 */
function unstorable(message: UIMessage): MessageIssue | undefined {
  const field = Object.keys(message).find((key) => !uiMessageFields.has(key));
  if (field !== undefined)
    return {
      path: field,
      problem: 'not a field of a UI message (id, role, metadata, parts): the chat would not keep it',
    };
  if (!isValidId(message.id))
    return {
      path: 'id',
      problem: `must be a non-empty string of at most ${maxIdLength} characters without NUL or lone surrogates, got ${describeValue(message.id)}`,
    };
  if (message.role === 'user') {
    const other = message.parts.findIndex((part) => !userPart(part.type));
    if (other >= 0)
      return {
        path: `parts[${other}].type`,
        problem: `a user message holds text, file and data parts (what convertToModelMessages gives the model), got ${describeValue(message.parts[other]!.type)}`,
      };
  }
  return repeatedToolCallId(message.parts) ?? badFileUrl(message.parts, 'parts');
}

/**
 * The first tool part repeating an earlier tool part's `toolCallId`, named by its path: its call and result would
 * repeat the id on the model side, which providers refuse (and a stored message refuses: `repeatedToolCallIds`).
 */
function repeatedToolCallId(parts: UIMessage['parts']): MessageIssue | undefined {
  const first = new Map<string, number>();
  for (const [index, part] of parts.entries()) {
    if (!isToolUIPart(part)) continue;
    const earlier = first.get(part.toolCallId);
    if (earlier === undefined) first.set(part.toolCallId, index);
    else
      return {
        path: `parts[${index}].toolCallId`,
        problem: `repeats the tool call id ${describeValue(part.toolCallId)} of parts[${earlier}]: each tool call of a message needs its own id`,
      };
  }
  return undefined;
}

/**
 * The first file URL among `parts` (and the parts of their steering messages) that is no URL, or a data URL the AI
 * SDK cannot decode ({@link dataUrlIssue}), named by its path.
 */
function badFileUrl(parts: readonly UIMessage['parts'][number][], path: string): MessageIssue | undefined {
  for (const [index, part] of parts.entries()) {
    if (part.type === 'steering-message') {
      const inner = badFileUrl(part.parts, `${path}[${index}].parts`);
      if (inner) return inner;
    }
    const url =
      (part.type === 'file' && part.providerReference === undefined) || part.type === 'reasoning-file'
        ? part.url
        : undefined;
    if (url !== undefined && !URL.canParse(url))
      return {
        path: `${path}[${index}].url`,
        problem: `must be a URL (https:, data:, …), got ${describeValue(url)}`,
      };
    if (url !== undefined && dataUrlIssue(new URL(url)))
      return {
        path: `${path}[${index}].url`,
        problem: `a data URL's content must be base64 (data:<media type>;base64,<data>): the AI SDK decodes it so, and would fail every request that sends it to the model; got ${describeValue(url.length > 64 ? `${url.slice(0, 64)}…` : url)}`,
      };
  }
  return undefined;
}

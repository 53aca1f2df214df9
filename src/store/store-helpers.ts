import { errorText } from '../core/errors/describe-value.ts';
import { DuplicateMessageIdError } from '../core/errors/duplicate-message-id-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { NotFoundError } from '../core/errors/not-found-error.ts';
import { checkId } from '../core/ids.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { jsonValueIssue } from '../messages/json-value.ts';
import { serializeMessage } from '../messages/serialize.ts';
import type { AppendInput } from './memory-store.ts';
import { storedCopy } from './stored-copy.ts';

/** Throws `INVALID_ARGUMENT` unless `id` is a usable session id (the one id rule, {@link checkId}). */
export function checkSessionId(id: unknown, component: string): asserts id is string {
  checkId(id, 'session id', component);
}

/** The error for a session the scope cannot see: the same whether it is missing or another tenant's. */
export function sessionNotFound(id: string, component: string): NotFoundError {
  return new NotFoundError({ kind: 'session', id, component });
}

/** The error for a `createSession` whose id the scope already owns (`INVALID_ARGUMENT`, as in every driver). */
export function sessionExists(id: string, component: string): MemoryError {
  const message = `session "${errorText(id)}" already exists`;
  return new MemoryError({ code: 'INVALID_ARGUMENT', component, message });
}

/**
 * Whether `listSessions(scope)` (and a search without a session id) covers a session owned by `owner`: same
 * tenant, and the caller's `user` / `agent`, when given, match the owner's. Calls that take a session id
 * address only the sessions the caller owns exactly (same tenant, user and agent; see `ownerKey`).
 */
export function visibleToScope(owner: Scope, scope: Scope): boolean {
  if (typeof owner !== 'object' || owner === null || typeof scope !== 'object' || scope === null) {
    const message = 'visibleToScope(owner, scope): both must be scopes';
    throw new MemoryError({ code: 'INVALID_ARGUMENT', component: 'store', message });
  }
  if (owner.tenant !== scope.tenant) return false;
  if (scope.user !== undefined && owner.user !== scope.user) return false;
  if (scope.agent !== undefined && owner.agent !== scope.agent) return false;
  return true;
}

/** Whether a stored message equals a candidate's serialization (idempotent re-append). */
export function sameMessage(stored: MemoryMessage, candidateJson: string): boolean {
  return serializeMessage(stored) === candidateJson;
}

/**
 * What appending one input yields, given the live entry already under its id: that entry again when the
 * message is identical (an idempotent retry), a new frozen entry at `seq` when there is none; a different
 * message under a live id throws `DuplicateMessageIdError`.
 */
export function appendEntry(
  existing: LogEntry | undefined,
  input: AppendInput,
  json: string,
  seq: number,
  component: string,
): { entry: LogEntry; isNew: boolean } {
  checkAppendEntryArgs(existing, input, json, seq, component);
  if (existing) {
    if (!sameMessage(existing.message, json)) {
      throw new DuplicateMessageIdError({ messageId: input.message.id, component });
    }
    return { entry: existing, isNew: false };
  }
  return {
    entry: Object.freeze({ seq, message: storedCopy(input.message, json), tokens: input.tokens }),
    isNew: true,
  };
}

/** What {@link appendEntry} takes: a stored entry or nothing, a checked input with its serialization, a seq. */
function checkAppendEntryArgs(
  existing: LogEntry | undefined,
  input: AppendInput,
  json: string,
  seq: number,
  component: string,
): void {
  const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;
  const bad = (what: string) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: errorText(component),
      message: `appendEntry: ${what}`,
    });
  if (!isObject(input) || !isObject(input.message) || typeof json !== 'string')
    throw bad('input must be an input checked by prepareInputs, with its serialized message');
  if (!Number.isSafeInteger(seq) || seq < 1) throw bad('seq must be a positive integer');
  // The stored entry is compared by serializing it: it must be a message the codec reads back.
  if (existing !== undefined && (!isObject(existing) || jsonValueIssue(existing.message, 'message')))
    throw bad('existing must be a stored log entry');
}

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MemoryError, type MemoryErrorCode } from '../core/errors/memory-error.ts';
import { createId } from '../core/ids.ts';
import type { MemoryMessage, MemoryMessageExtras } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { deserializeMessage, serializeMessage } from '../messages/serialize.ts';
import type { AppendInput } from '../store/memory-store.ts';

/** A plain-text message of `role` with a fresh id and `createdAt` (extras override both). */
export function makeMessage(
  role: 'system' | 'user' | 'assistant',
  text: string,
  extras: Partial<MemoryMessageExtras> = {},
): MemoryMessage {
  return { role, content: text, id: createId('msg'), createdAt: new Date(), ...extras } as MemoryMessage;
}

/** An assistant tool call and the tool message answering it (one atomic unit). */
export function makeToolPair(
  toolName: string,
  input: unknown,
  output: string,
): [MemoryMessage, MemoryMessage] {
  const toolCallId = createId('call');
  return [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName, input }],
      id: createId('msg'),
      createdAt: new Date(),
    },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId, toolName, output: { type: 'text', value: output } }],
      id: createId('msg'),
      createdAt: new Date(),
    },
  ];
}

/** Append inputs for messages; tokens default to the text length divided by 4, at least 1. */
export function toInputs(messages: readonly MemoryMessage[], tokens?: readonly number[]): AppendInput[] {
  return messages.map((message, i) => ({
    message,
    tokens: tokens?.[i] ?? Math.max(1, Math.ceil(JSON.stringify(message.content).length / 4)),
  }));
}

/** A tenant id unique to this run, ending with `label` (so look-alike tenants can be built from one base). */
export function uniqueTenant(label = ''): string {
  return `t-${randomUUID()}${label}`;
}

/** A scope with a unique tenant. */
export function uniqueScope(extra: Omit<Scope, 'tenant'> = {}): Scope {
  return { tenant: uniqueTenant(), ...extra };
}

/** What a store must hand back for `message`: its canonical decoded form (bytes as Uint8Array, no undefined keys). */
export function canonicalMessage(message: MemoryMessage): MemoryMessage {
  return deserializeMessage(serializeMessage(message));
}

/** Asserts that a call rejects (or throws) with an engram `MemoryError` of `code`, and returns it. */
export async function expectMemoryError(
  call: Promise<unknown> | (() => unknown),
  code: MemoryErrorCode,
): Promise<MemoryError> {
  let error: unknown;
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (e) {
    error = e;
  }
  if (error === undefined) assert.fail(`expected a MemoryError ${code}, but the call succeeded`);
  if (!MemoryError.isInstance(error)) assert.fail(`expected a MemoryError ${code}, got ${String(error)}`);
  assert.equal(error.code, code, error.message);
  return error;
}

/** Resolves after `ms` milliseconds (to give records distinct timestamps). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A copy of `message` (same id) with plain-text content: a conflicting message for duplicate-id checks. */
export function withText(message: MemoryMessage, text: string): MemoryMessage {
  return { ...message, content: text } as MemoryMessage;
}

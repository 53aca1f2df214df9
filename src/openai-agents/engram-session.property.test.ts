import type { AgentInputItem, SessionHistoryTransactionArgs } from '@openai/agents-core';
import { MemorySession } from '@openai/agents-core';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbAgentItem } from '../../test-support/agent-item-arbitrary.ts';
import { popAll } from '../../test-support/agents-mixed-log.ts';
import { reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createEngramSession, type EngramSession } from './engram-session.ts';
import { messageToItems } from './item-message.ts';

/**
 * Random sequences of session calls on an engram session and on the SDK's own `MemorySession`, which must answer
 * alike: getItems (with and without a limit), addItems, popItem, clearSession, and history transactions (matching,
 * mismatching and repeated). Messages written through `memory.store` (several items each, or none) have no
 * MemorySession counterpart: the session must show the items it showed before, then theirs (`messageToItems`),
 * and the reference is given those items to go on with.
 */

type Step =
  | { kind: 'get'; limit: number | undefined }
  | { kind: 'add'; items: AgentInputItem[] }
  | { kind: 'pop' }
  | { kind: 'clear' }
  | { kind: 'store'; messages: ModelMessage[] }
  | { kind: 'append'; op: number; items: AgentInputItem[] }
  | { kind: 'replace'; op: number; length: number; mismatch: boolean; replacement: AgentInputItem[] }
  | { kind: 'repeat' };

const text = fc.constantFrom('a', 'b', 'c');
const callId = fc.constantFrom('c1', 'c2', 'c3');
const item = arbAgentItem(text, callId);
const items = fc.array(item, { maxLength: 3 });

/** Messages as engram's other APIs write them: several items each (a text and tool calls, several results), one, or none. */
const message: fc.Arbitrary<ModelMessage> = fc.oneof(
  text.map((t): ModelMessage => ({ role: 'user', content: t })),
  fc.tuple(fc.option(text, { nil: undefined }), fc.uniqueArray(callId, { maxLength: 2 })).map(
    ([t, ids]): ModelMessage => ({
      role: 'assistant',
      content: [
        ...(t === undefined ? [] : [{ type: 'text' as const, text: t }]),
        ...ids.map((id) => ({
          type: 'tool-call' as const,
          toolCallId: id,
          toolName: 'weather',
          input: { city: id },
        })),
      ],
    }),
  ),
  fc.uniqueArray(callId, { maxLength: 2 }).map(
    (ids): ModelMessage => ({
      role: 'tool',
      content: ids.map((id) => ({
        type: 'tool-result' as const,
        toolCallId: id,
        toolName: 'weather',
        output: { type: 'text' as const, value: `sunny ${id}` },
      })),
    }),
  ),
  fc.constant<ModelMessage>({ role: 'assistant', content: [{ type: 'text', text: '' }] }),
);

const op = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc
      .option(
        fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constantFrom(Number.POSITIVE_INFINITY, 0.5, 2.5)),
        {
          nil: undefined,
        },
      )
      .map((limit) => ({ kind: 'get' as const, limit })),
    weight: 2,
  },
  { arbitrary: items.map((list) => ({ kind: 'add' as const, items: list })), weight: 3 },
  { arbitrary: fc.constant({ kind: 'pop' as const }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'clear' as const }), weight: 1 },
  {
    arbitrary: fc
      .array(message, { minLength: 1, maxLength: 3 })
      .map((messages) => ({ kind: 'store' as const, messages })),
    weight: 3,
  },
  { arbitrary: fc.record({ op, items }).map((s) => ({ kind: 'append' as const, ...s })), weight: 1 },
  {
    arbitrary: fc
      .record({ op, length: fc.integer({ min: 0, max: 5 }), mismatch: fc.boolean(), replacement: items })
      .map((s) => ({ kind: 'replace' as const, ...s })),
    weight: 4,
  },
  { arbitrary: fc.constant({ kind: 'repeat' as const }), weight: 1 },
);

/** Whether `call` throws, and what it answers otherwise. */
async function outcome<T>(call: () => T | Promise<T>): Promise<{ threw: true } | { threw: false; value: T }> {
  try {
    return { threw: false, value: await call() };
  } catch {
    return { threw: true };
  }
}

/** Runs `steps` on `session` and on a MemorySession, comparing every answer and the items after each step. */
async function compare(session: EngramSession, steps: Step[]): Promise<void> {
  const reference = new MemorySession();
  let last: SessionHistoryTransactionArgs | undefined;
  const both = async <T>(call: (s: EngramSession | MemorySession) => T | Promise<T>) => {
    expect(await outcome(() => call(session))).toEqual(await outcome(() => call(reference)));
  };

  for (const s of steps) {
    switch (s.kind) {
      case 'get':
        await both((x) => x.getItems(s.limit));
        break;
      case 'add':
        await both((x) => x.addItems(s.items));
        break;
      case 'pop':
        await both((x) => x.popItem());
        break;
      case 'clear':
        await both((x) => x.clearSession());
        break;
      case 'store': {
        const before = await session.getItems();
        await session.memory.store(s.messages);
        const theirs = s.messages.flatMap((m) => messageToItems(m));
        expect(await session.getItems()).toEqual([...before, ...theirs]);
        await reference.addItems(theirs);
        break;
      }
      case 'repeat':
        if (last) await both((x) => x.applyHistoryTransaction(last!));
        break;
      default: {
        const args = transactionOf(s, await reference.getItems());
        await both((x) => x.applyHistoryTransaction(args));
        last = args;
      }
    }
    expect(await session.getItems()).toEqual(await reference.getItems());
  }
  expect(await popAll(session)).toEqual(await popAll(reference));
}

/** The transaction of a step: its `replace_suffix` expects the last `length` items (one of them changed on a mismatch). */
function transactionOf(
  s: Extract<Step, { kind: 'append' | 'replace' }>,
  current: AgentInputItem[],
): SessionHistoryTransactionArgs {
  const operationId = `op-${s.op}`;
  if (s.kind === 'append') return { operationId, transaction: { type: 'append_items', items: s.items } };
  const expectedSuffix = current.slice(current.length - Math.min(s.length, current.length));
  if (s.mismatch) expectedSuffix.splice(0, 1, { type: 'message', role: 'user', content: 'not there' });
  return { operationId, transaction: { type: 'replace_suffix', expectedSuffix, replacement: s.replacement } };
}

const drivers = reliabilityDrivers({ fast: true }).filter((d) => d.name === 'memory' || d.name === 'sqlite');

describe('the engram session against the SDK’s MemorySession (property)', () => {
  for (const driver of drivers) {
    it(`${driver.name}: random calls, with messages written through memory.store among them, answer alike`, async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
          const opened = await driver.open();
          try {
            await compare(createEngramSession({ store: opened.store, sessionId: `s${++n}` }), steps);
          } finally {
            await opened.dispose();
          }
        }),
        { numRuns: driver.name === 'memory' ? 1000 : 40 },
      );
    });
  }
});

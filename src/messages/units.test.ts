import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUnitGrouper, groupMessages, isSendable } from './units.ts';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const call = (...ids: string[]): ModelMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'tool-call' as const, toolCallId: id, toolName: 't', input: {} })),
});
const result = (...ids: string[]): ModelMessage => ({
  role: 'tool',
  content: ids.map((id) => ({
    type: 'tool-result' as const,
    toolCallId: id,
    toolName: 't',
    output: { type: 'text' as const, value: id },
  })),
});
const sorted = (ids: Iterable<string>) => [...ids].sort();
const kinds = (messages: ModelMessage[]) => groupMessages(messages).map((u) => `${u.kind}:${u.items.length}`);

describe('groupMessages', () => {
  it('keeps an assistant message with the tool messages that answer it', () => {
    expect(
      kinds([user('q'), call('a', 'b'), result('a'), result('b'), { role: 'assistant', content: 'done' }]),
    ).toEqual(['user:1', 'assistant:3', 'assistant:1']);
  });

  it('puts system messages in their own unit', () => {
    expect(kinds([{ role: 'system', content: 's' }, user('q'), { role: 'system', content: 's2' }])).toEqual([
      'system:1',
      'user:1',
      'system:1',
    ]);
  });

  it('marks tool output without a visible call as an orphan that cannot be sent', () => {
    const units = groupMessages([result('x'), user('q')]);
    expect(units[0]?.kind).toBe('orphan');
    expect(isSendable(units[0]!, false)).toBe(false);
  });

  it('joins reasoning-only assistant messages to the assistant message that follows', () => {
    const units = groupMessages([
      user('q'),
      { role: 'assistant', content: [{ type: 'reasoning', text: 'thinking' }] },
      call('a'),
      result('a'),
    ]);
    expect(units.map((u) => u.items.length)).toEqual([1, 3]);
    expect(units[1]?.pending.size).toBe(0);
  });

  it('merges everything between a call and a late result into one unit', () => {
    const units = groupMessages([call('a'), user('interjection'), result('a')]);
    expect(units).toHaveLength(1);
    expect(units[0]?.items).toHaveLength(3);
  });

  it('tracks approvals: a request waits for its response', () => {
    const withRequest: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} },
        { type: 'tool-approval-request', approvalId: 'p', toolCallId: 'c' },
      ],
    };
    const pending = groupMessages([withRequest]);
    expect([...pending[0]!.pending].sort()).toEqual(['approval:p', 'c']);
    expect(isSendable(pending[0]!, true)).toBe(true);
    expect(isSendable(pending[0]!, false)).toBe(false);
    const answered = groupMessages([
      withRequest,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'p', approved: true }] },
      result('c'),
    ]);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.pending.size).toBe(0);
  });

  it('does not wait for provider-executed calls', () => {
    const units = groupMessages([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'w', toolName: 'web', input: {}, providerExecuted: true }],
      },
    ]);
    expect(units[0]!.pending.size).toBe(0);
  });
});

describe('unit grouping of open ids', () => {
  it('groups 50,000 calls of two ids, one of each answered newest first and the other never (the former grouper copied every open id on each merge)', () => {
    const n = 50_000;
    const messages: ModelMessage[] = [{ role: 'user', content: 'q' }];
    for (let i = 0; i < n; i++) messages.push(call(`a${i}`, `b${i}`));
    for (let i = n - 1; i >= 0; i--) messages.push(result(`a${i}`));
    const units = groupMessages(messages);
    expect(units.map((u) => u.kind)).toEqual(['user', 'assistant']);
    expect(units[1]!.items).toHaveLength(2 * n);
    expect(units[1]!.items.every((m, i) => m === messages[i + 1])).toBe(true);
    expect(units[1]!.pending.size).toBe(n);
    expect(Array.from({ length: n }, (_, i) => `b${i}`).every((id) => units[1]!.pending.has(id))).toBe(true);
    expect(units[1]!.strays).toBeUndefined();
  });

  it("reads a unit's open ids from the unit after each merge: exactly the ids not answered, each answerable", () => {
    const n = 6;
    const grouper = createUnitGrouper<ModelMessage>({ message: (m) => m });
    const open = new Set<string>();
    for (let i = 0; i < n; i++) {
      grouper.push(call(`a${i}`, `b${i}`, `c${i}`));
      for (const id of [`a${i}`, `b${i}`, `c${i}`]) open.add(id);
    }
    const answer = (...ids: string[]) => {
      grouper.push(result(...ids));
      for (const id of ids) open.delete(id);
    };
    // Newest first: each answer makes the unit of its call absorb the larger ones after it.
    for (let i = n - 1; i >= 1; i--) {
      answer(`a${i}`);
      expect(grouper.units).toHaveLength(i + 1);
      expect(sorted(grouper.units[i]!.pending)).toEqual(
        sorted([...open].filter((id) => Number(id.slice(1)) >= i)),
      );
    }
    // One message answering ids of the first unit and of the units it absorbs, then the rest in another order.
    answer('a0', 'b5', 'c1');
    expect(grouper.units).toHaveLength(1);
    expect(sorted(grouper.units[0]!.pending)).toEqual(sorted(open));
    for (const id of sorted(open).reverse()) {
      answer(id);
      expect(sorted(grouper.units[0]!.pending)).toEqual(sorted(open));
    }
    expect(grouper.units).toHaveLength(1);
    expect(grouper.units[0]!.pending.size).toBe(0);
    expect(grouper.units[0]!.strays).toBeUndefined();
  });

  it('gives the absorbing unit the larger set of open ids, kept current as results come', () => {
    const grouper = createUnitGrouper<ModelMessage>({ message: (m) => m });
    for (const m of [call('a0'), call('a1', 'b1'), call('a2', 'b2'), result('a2'), result('a1')])
      grouper.push(m);
    const absorbing = grouper.units[1]!;
    expect(sorted(absorbing.pending)).toEqual(['b1', 'b2']);
    const taken = absorbing.pending;
    grouper.push(result('a0')); // the first unit absorbs the second, whose set is the larger
    expect(grouper.units).toHaveLength(1);
    expect(grouper.units[0]!.pending).toBe(taken);
    grouper.push(result('b2'));
    grouper.push(call('d'));
    expect(sorted(grouper.units[0]!.pending)).toEqual(['b1']);
    expect(sorted(grouper.units[1]!.pending)).toEqual(['d']);
  });
});

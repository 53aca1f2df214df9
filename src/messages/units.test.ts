import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { groupMessages, isSendable } from './units.ts';

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

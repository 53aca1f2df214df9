import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbJson, arbName, arbText, arbUrl } from '../testing/message-arbitraries.ts';
import { type AnthropicRequest, fromAnthropicMessages, toAnthropicMessages } from './anthropic-messages.ts';

const b64 = fc.base64String({ maxLength: 12 });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const file = (mediaType: fc.Arbitrary<string>, data: fc.Arbitrary<unknown>, withName = false) =>
  fc
    .record({ mediaType, data, filename: withName ? opt(arbText) : fc.constant(undefined) })
    .map(({ filename, ...f }) => ({ type: 'file', ...f, ...(filename !== undefined && { filename }) }));
const tagged = <T extends string>(type: T, key: string, a: fc.Arbitrary<unknown>) =>
  a.map((v) => ({ type, [key]: v }));
const textPart = fc.record({ type: fc.constant('text' as const), text: arbText });
const userPart = fc.oneof(
  textPart,
  file(fc.constantFrom('image/png', 'image/webp'), tagged('data', 'data', b64)),
  file(fc.constant('image'), tagged('url', 'url', arbUrl)),
  file(
    fc.constant('application/pdf'),
    fc.oneof(tagged('data', 'data', b64), tagged('url', 'url', arbUrl)),
    true,
  ),
  file(fc.constant('text/plain'), tagged('text', 'text', arbText), true),
  file(
    fc.constant('application/octet-stream'),
    tagged('reference', 'reference', fc.record({ anthropic: arbName })),
    true,
  ),
  file(fc.constant('image'), tagged('reference', 'reference', fc.record({ anthropic: arbName }))),
);
const reasoning = fc.oneof(
  fc.record({ text: arbText, sig: arbName }).map(({ text, sig }) => ({
    type: 'reasoning',
    text,
    providerOptions: { anthropic: { signature: sig } },
  })),
  arbName.map((d) => ({ type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: d } } })),
);
const output = fc.oneof(
  fc.record({ type: fc.constantFrom('text' as const, 'error-text' as const), value: arbText }),
  fc.record({
    type: fc.constant('content' as const),
    value: fc.array(fc.oneof(textPart, file(fc.constant('image/png'), tagged('data', 'data', b64))), {
      maxLength: 3,
    }),
  }),
);
const user = fc.record({
  role: fc.constant('user'),
  content: fc.oneof(arbText, fc.array(userPart, { minLength: 1, maxLength: 3 })),
});
const finalAssistant = fc.record({
  role: fc.constant('assistant'),
  // Not []: Anthropic takes no message without content (it is left out).
  content: fc.oneof(arbText, fc.array(fc.oneof(textPart, reasoning), { minLength: 1, maxLength: 3 })),
});
const round = fc.tuple(
  fc.array(fc.oneof(textPart, reasoning), { maxLength: 2 }),
  fc.array(fc.tuple(arbName, arbJson, output), { minLength: 1, maxLength: 3 }),
);
/** Exchanges of the Anthropic-expressible subset: a user turn, tool rounds, a final assistant turn. */
const conversation = fc
  .tuple(
    opt(arbText),
    fc.array(fc.tuple(user, fc.array(round, { maxLength: 2 }), finalAssistant), { maxLength: 4 }),
  )
  .map(([system, exchanges]) => {
    const out: unknown[] = system === undefined ? [] : [{ role: 'system', content: system }];
    exchanges.forEach(([u, rounds, a], i) => {
      out.push(u);
      rounds.forEach(([pre, calls], r) => {
        const id = (j: number) => `toolu_${i}_${r}_${j}`;
        const callParts = calls.map(([toolName, input], j) => ({
          type: 'tool-call',
          toolCallId: id(j),
          toolName,
          input,
        }));
        out.push({ role: 'assistant', content: [...pre, ...callParts] });
        const results = calls.map(([toolName, , o], j) => ({
          type: 'tool-result',
          toolCallId: id(j),
          toolName,
          output: o,
        }));
        out.push({ role: 'tool', content: results });
      });
      out.push(a);
    });
    return out as ModelMessage[];
  });

describe('Anthropic Messages conversion', () => {
  it('round-trips v7 → Anthropic → v7 on the expressible subset', () => {
    fc.assert(
      fc.property(conversation, (messages) => {
        const request = toAnthropicMessages(messages);
        const roles = request.messages.map((m) => m.role);
        expect(roles.every((r, i) => i === 0 || r !== roles[i - 1])).toBe(true);
        expect(fromAnthropicMessages(request)).toEqual(messages);
      }),
      { numRuns: 300 },
    );
  });

  it('hoists system messages, merges same-role turns, turns tool messages into tool_result blocks', () => {
    const request = toAnthropicMessages([
      { role: 'system', content: 'a' },
      { role: 'user', content: 'hi' },
      { role: 'system', content: 'b' },
      { role: 'user', content: [{ type: 'text', text: 'there' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'unsigned' },
          { type: 'tool-call', toolCallId: 't1', toolName: 'f', input: { x: 1 } },
          { type: 'tool-call', toolCallId: 't2', toolName: 'g', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 't1', toolName: 'f', output: { type: 'json', value: { y: 2 } } },
          { type: 'tool-result', toolCallId: 't2', toolName: 'g', output: { type: 'execution-denied' } },
          { type: 'tool-approval-response', approvalId: 'ap', approved: false },
        ],
      },
      { role: 'user', content: 'next' },
    ]);
    expect(request).toEqual({
      system: 'a\n\nb',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'text', text: 'there' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 'f', input: { x: 1 } },
            { type: 'tool_use', id: 't2', name: 'g', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: '{"y":2}' },
            { type: 'tool_result', tool_use_id: 't2', content: 'Tool execution denied.' },
            { type: 'text', text: 'next' },
          ],
        },
      ],
    });
  });

  it('marks error outputs with is_error', () => {
    const { messages } = toAnthropicMessages([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 't',
            toolName: 'f',
            output: { type: 'error-json', value: { e: 1 } },
          },
        ],
      },
    ]);
    expect(messages[0]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 't', content: '{"e":1}', is_error: true },
    ]);
  });

  it('reads an is_error tool_result whose content is text blocks as error-text, so the failure survives', () => {
    const messages = fromAnthropicMessages({
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: true,
              content: [{ type: 'text', text: 'boom' }],
            },
          ],
        },
      ],
    });
    expect(messages[1]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 't1',
          toolName: 'f',
          output: { type: 'error-text', value: 'boom' },
        },
      ],
    });
    expect(toAnthropicMessages(messages).messages[1]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 't1', content: 'boom', is_error: true },
    ]);
  });

  it('leaves out an assistant message whose parts are all dropped (Anthropic refuses empty content)', () => {
    const { messages } = toAnthropicMessages([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'no signature, so dropped' }] },
      { role: 'user', content: 'still there?' },
      { role: 'assistant', content: [] },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'hi' },
          { type: 'text', text: 'still there?' },
        ],
      },
    ]);
  });

  it('splits a user turn into tool results and other blocks, in order', () => {
    const request: AnthropicRequest = {
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'f', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'u1', content: [{ type: 'text', text: 'ok' }] },
            { type: 'tool_result', tool_use_id: 'zz' },
            { type: 'text', text: 'and' },
            { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lG' } },
          ],
        },
      ],
    };
    expect(fromAnthropicMessages(request).slice(1)).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'u1',
            toolName: 'f',
            output: { type: 'content', value: [{ type: 'text', text: 'ok' }] },
          },
          { type: 'tool-result', toolCallId: 'zz', toolName: '', output: { type: 'text', value: '' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'and' },
          { type: 'file', mediaType: 'image/gif', data: { type: 'data', data: 'R0lG' } },
        ],
      },
    ]);
  });

  it('accepts system as text blocks', () => {
    const out = fromAnthropicMessages({
      system: [
        { type: 'text', text: 'x' },
        { type: 'text', text: 'y' },
      ],
      messages: [],
    });
    expect(out).toEqual([{ role: 'system', content: 'x\n\ny' }]);
  });

  it("refuses a file reference without an anthropic id instead of sending another provider's id as one", () => {
    for (const reference of [{ openai: 'file-abc' }, {}]) {
      const message = {
        role: 'user',
        content: [{ type: 'file', mediaType: 'application/pdf', data: { type: 'reference', reference } }],
      } as never as ModelMessage;
      expect(() => toAnthropicMessages([message])).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('anthropic') }),
      );
    }
    const both = {
      role: 'user',
      content: [
        {
          type: 'file',
          mediaType: 'application/pdf',
          data: { type: 'reference', reference: { openai: 'file-abc', anthropic: 'file_01' } },
        },
      ],
    } as never as ModelMessage;
    expect(toAnthropicMessages([both]).messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'file', file_id: 'file_01' } },
    ]);
  });
});

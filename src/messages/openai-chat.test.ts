import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/index.ts';
import { arbJson, arbName, arbText, arbUrl } from '../testing/message-arbitraries.ts';
import { fromOpenAIChatMessages, type OpenAIChatMessage, toOpenAIChatMessages } from './openai-chat.ts';
import { isModelMessage } from './validate.ts';

const named = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc
    .tuple(arb, fc.option(arbName, { nil: undefined }))
    .map(([m, name]) => (name === undefined ? m : { ...m, name }));
const b64 = fc.base64String({ maxLength: 12 });
const data = (mediaType: fc.Arbitrary<string>) =>
  fc.record({
    type: fc.constant('file' as const),
    mediaType,
    data: fc.record({ type: fc.constant('data' as const), data: b64 }),
  });
/** An image's `providerOptions.openai.imageDetail`, one of the values OpenAI takes, or none. */
const detail = fc.option(
  fc
    .constantFrom('auto', 'low', 'high', 'original')
    .map((imageDetail) => ({ providerOptions: { openai: { imageDetail } } })),
  { nil: {} },
);
const withDetail = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, detail).map(([part, po]) => ({ ...part, ...po }));
const userPart = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: arbText }),
  data(fc.constantFrom('audio/wav', 'audio/mpeg')),
  withDetail(data(fc.constantFrom('image/png', 'image/jpeg'))),
  withDetail(
    fc.record({
      type: fc.constant('file' as const),
      mediaType: fc.constant('image'),
      data: fc.record({ type: fc.constant('url' as const), url: arbUrl }),
    }),
  ),
  fc.record(
    {
      type: fc.constant('file' as const),
      mediaType: fc.constant('application/pdf'),
      data: fc.record({ type: fc.constant('data' as const), data: b64 }),
      filename: arbText,
    },
    { requiredKeys: ['type', 'mediaType', 'data'] },
  ),
  fc.record(
    {
      type: fc.constant('file' as const),
      mediaType: fc.constant('application/octet-stream'),
      data: fc.record({ type: fc.constant('reference' as const), reference: fc.record({ openai: arbName }) }),
      filename: arbText,
    },
    { requiredKeys: ['type', 'mediaType', 'data'] },
  ),
);
const textPart = fc.record({ type: fc.constant('text' as const), text: arbText });
const output = fc.oneof(
  fc.record({ type: fc.constant('text' as const), value: arbText }),
  fc.record({ type: fc.constant('content' as const), value: fc.array(textPart, { maxLength: 3 }) }),
);
/** One turn of the OpenAI-expressible subset: system, user, assistant text, or assistant tool calls + their results. */
const turn = fc.oneof(
  named(fc.record({ role: fc.constant('system' as const), content: arbText })).map((m) => [m]),
  named(
    fc.record({
      role: fc.constant('user' as const),
      content: fc.oneof(arbText, fc.array(userPart, { maxLength: 3 })),
    }),
  ).map((m) => [m]),
  named(
    fc.record({
      role: fc.constant('assistant' as const),
      // Not []: OpenAI takes no assistant message without content or tool calls (it is sent as '').
      content: fc.oneof(arbText, fc.array(textPart, { minLength: 1, maxLength: 2 })),
    }),
  ).map((m) => [m]),
  fc.tuple(
    fc.array(textPart, { maxLength: 2 }),
    fc.array(fc.tuple(arbName, arbJson, output), { minLength: 1, maxLength: 3 }),
  ),
);
const arbOpenAIConversation: fc.Arbitrary<ModelMessage[]> = fc.array(turn, { maxLength: 6 }).map((turns) =>
  turns.flatMap((t, i) => {
    if (!Array.isArray(t[1])) return t as ModelMessage[];
    const [texts, calls] = t as [{ type: 'text'; text: string }[], [string, unknown, never][]];
    const id = (j: number) => `call_${i}_${j}`;
    return [
      {
        role: 'assistant',
        content: [
          ...texts,
          ...calls.map(([toolName, input], j) => ({
            type: 'tool-call',
            toolCallId: id(j),
            toolName,
            input,
          })),
        ],
      },
      {
        role: 'tool',
        content: calls.map(([toolName, , output], j) => ({
          type: 'tool-result',
          toolCallId: id(j),
          toolName,
          output,
        })),
      },
    ] as ModelMessage[];
  }),
);

describe('OpenAI Chat conversion', () => {
  it('round-trips v7 → OpenAI → v7 on the expressible subset', () => {
    fc.assert(
      fc.property(arbOpenAIConversation, (messages) => {
        expect(fromOpenAIChatMessages(toOpenAIChatMessages(messages))).toEqual(messages);
      }),
      { numRuns: 300 },
    );
  });

  it('splits one tool message into several and serialises every output variant', () => {
    const result = (toolCallId: string, output: unknown) => ({
      type: 'tool-result',
      toolCallId,
      toolName: 't',
      output,
    });
    const out = toOpenAIChatMessages([
      {
        role: 'tool',
        content: [
          result('a', { type: 'text', value: 'hi' }),
          result('b', { type: 'json', value: { x: [1] } }),
          result('c', { type: 'error-text', value: 'boom' }),
          result('d', { type: 'error-json', value: { code: 1 } }),
          result('e', { type: 'execution-denied', reason: 'no' }),
          result('f', { type: 'execution-denied' }),
          result('g', {
            type: 'content',
            value: [
              { type: 'text', text: 'x' },
              { type: 'image-url', url: 'u' },
            ],
          }),
          { type: 'tool-approval-response', approvalId: 'p', approved: true },
        ],
      } as ModelMessage,
    ]);
    expect(out).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'hi' },
      { role: 'tool', tool_call_id: 'b', content: '{"x":[1]}' },
      { role: 'tool', tool_call_id: 'c', content: 'boom' },
      { role: 'tool', tool_call_id: 'd', content: '{"code":1}' },
      { role: 'tool', tool_call_id: 'e', content: 'no' },
      { role: 'tool', tool_call_id: 'f', content: 'Tool execution denied.' },
      {
        role: 'tool',
        tool_call_id: 'g',
        content: [
          { type: 'text', text: 'x' },
          { type: 'text', text: '[image-url omitted]' },
        ],
      },
    ]);
  });

  it('drops reasoning, approvals and provider-executed calls; keeps name; sends data images as data URLs', () => {
    const out = toOpenAIChatMessages([
      {
        role: 'user',
        content: [{ type: 'image', image: new Uint8Array([1, 2]), mediaType: 'image/png' }],
        id: 'm',
        createdAt: new Date(),
        name: 'ann',
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm' },
          { type: 'text', text: 'ok' },
          { type: 'tool-call', toolCallId: 'x', toolName: 'web', input: {}, providerExecuted: true },
          { type: 'tool-approval-request', approvalId: 'a', toolCallId: 'x' },
        ],
      },
    ]);
    expect(out).toEqual([
      {
        role: 'user',
        name: 'ann',
        content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AQI=' } }],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ]);
  });

  it('throws INVALID_ARGUMENT for files OpenAI cannot take', () => {
    const pdf = {
      type: 'file',
      mediaType: 'application/pdf',
      data: new URL('https://x.test/a.pdf'),
    } as const;
    expect(() => toOpenAIChatMessages([{ role: 'user', content: [pdf] }])).toThrow(MemoryError);
  });

  it('reads OpenAI messages: tool names from preceding calls, merged tool messages, raw invalid arguments', () => {
    const input: OpenAIChatMessage[] = [
      { role: 'developer', content: [{ type: 'text', text: 'be brief' }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: '1', type: 'function', function: { name: 'add', arguments: '{"a":1}' } },
          { id: '2', type: 'function', function: { name: 'bad', arguments: '{oops' } },
        ],
      },
      { role: 'tool', tool_call_id: '1', content: '2' },
      { role: 'tool', tool_call_id: '2', content: 'err' },
      { role: 'tool', tool_call_id: 'zz', content: 'orphan' },
    ];
    expect(fromOpenAIChatMessages(input)).toEqual([
      { role: 'system', content: 'be brief' },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: '1', toolName: 'add', input: { a: 1 } },
          { type: 'tool-call', toolCallId: '2', toolName: 'bad', input: '{oops' },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: '1', toolName: 'add', output: { type: 'text', value: '2' } },
          { type: 'tool-result', toolCallId: '2', toolName: 'bad', output: { type: 'text', value: 'err' } },
          { type: 'tool-result', toolCallId: 'zz', toolName: '', output: { type: 'text', value: 'orphan' } },
        ],
      },
    ]);
  });

  it('keeps image detail as providerOptions.openai.imageDetail both ways', () => {
    const msg: OpenAIChatMessage = {
      role: 'user',
      content: [{ type: 'image_url', image_url: { url: 'https://x.test/i.png', detail: 'low' } }],
    };
    expect(toOpenAIChatMessages(fromOpenAIChatMessages([msg]))).toEqual([msg]);
  });

  it('refuses an imageDetail OpenAI does not take, naming where, instead of sending it as the detail', () => {
    for (const imageDetail of [5, 'medium', null, ''])
      expect(() =>
        toOpenAIChatMessages([
          { role: 'user', content: 'look' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'this' },
              {
                type: 'file',
                mediaType: 'image/png',
                data: new URL('https://x.test/i.png'),
                providerOptions: { openai: { imageDetail } },
              },
            ],
          },
        ]),
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          path: 'messages[1].content[1].providerOptions.openai.imageDetail',
          problem: expect.stringContaining("'auto', 'low', 'high' or 'original'"),
        }),
      );
  });

  it('sends text/* given as text as its UTF-8 bytes, and refuses any other file given as text', () => {
    const asText = (mediaType: string, text: string) =>
      toOpenAIChatMessages([
        { role: 'user', content: [{ type: 'file', mediaType, data: { type: 'text', text } }] },
      ]);
    for (const mediaType of ['audio/wav', 'audio/mpeg', 'application/pdf', 'application/octet-stream'])
      expect(() => asText(mediaType, 'hi')).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          path: 'messages[0].content[0]',
          problem: expect.stringContaining(`a ${mediaType} file given as text`),
        }),
      );
    // A lone surrogate has no UTF-8 form: it would be sent (and read back) as U+FFFD.
    expect(() => asText('text/plain', 'a\ud800b')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        problem: expect.stringContaining('lone surrogate'),
      }),
    );
    const sent = asText('text/markdown', '# héllo');
    const base64 = Buffer.from('# héllo').toString('base64');
    expect(sent).toEqual([
      {
        role: 'user',
        content: [{ type: 'file', file: { file_data: `data:text/markdown;base64,${base64}` } }],
      },
    ]);
    expect(fromOpenAIChatMessages(sent)).toEqual([
      {
        role: 'user',
        content: [{ type: 'file', mediaType: 'text/markdown', data: { type: 'data', data: base64 } }],
      },
    ]);
  });

  it('sends an assistant message whose parts are all dropped with content "", never null without tool calls', () => {
    // OpenAI requires an assistant message's content unless it has tool_calls: null alone is refused.
    const out = toOpenAIChatMessages([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'thinking it over' }] },
      { role: 'assistant', content: [] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: {} }],
      },
    ]);
    expect(out.slice(1)).toEqual([
      { role: 'assistant', content: '' },
      { role: 'assistant', content: '' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
      },
    ]);
  });

  it('drops refusal parts of an assistant message (as documented), never turning them into text parts without text', () => {
    const refusal = { type: 'refusal', refusal: 'I cannot help with that.' };
    const input = [
      { role: 'assistant', content: [refusal] },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Checking.' }, refusal],
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'look', arguments: '{}' } }],
      },
    ] as never as OpenAIChatMessage[];
    const out = fromOpenAIChatMessages(input);
    expect(out).toEqual([
      { role: 'assistant', content: [] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: {} },
        ],
      },
    ]);
    for (const m of out) expect(isModelMessage(m)).toBe(true);
  });
});

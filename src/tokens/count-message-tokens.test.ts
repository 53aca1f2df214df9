import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/index.ts';
import { createBpeTokenCounter } from './bpe-token-counter.ts';
import { createEstimateTokenCounter } from './estimate-token-counter.ts';

const o = createBpeTokenCounter({ encoding: 'o200k_base' });
const overhead = 4; // 3 per message + 1 role
const user = (content: Extract<ModelMessage, { role: 'user' }>['content']): ModelMessage => ({
  role: 'user',
  content,
});
const tool = (output: unknown): ModelMessage =>
  ({
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'search', output }],
  }) as ModelMessage;
const base64 = (text: string) => Buffer.from(text).toString('base64');

const everyPart: [string, ModelMessage][] = [
  ['text', user([{ type: 'text', text: 'hi there' }])],
  ['image', user([{ type: 'image', image: new URL('https://x.test/a.png') }])],
  ['file (pdf)', user([{ type: 'file', mediaType: 'application/pdf', data: new Uint8Array([1, 2]) }])],
  ['file (text)', user([{ type: 'file', mediaType: 'text/plain', data: { type: 'text', text: 'notes' } }])],
  ['reasoning', { role: 'assistant', content: [{ type: 'reasoning', text: 'think' }] }],
  [
    'reasoning-file',
    { role: 'assistant', content: [{ type: 'reasoning-file', mediaType: 'image/png', data: 'aGk=' }] },
  ],
  [
    'tool-call',
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'f', input: {} }] },
  ],
  [
    'tool-approval-request',
    { role: 'assistant', content: [{ type: 'tool-approval-request', approvalId: 'a', toolCallId: 'c' }] },
  ],
  [
    'tool-approval-response',
    { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'a', approved: true }] },
  ],
  ['tool-result text', tool({ type: 'text', value: 'ok' })],
  ['tool-result json', tool({ type: 'json', value: { a: 1 } })],
  ['tool-result error-text', tool({ type: 'error-text', value: 'boom' })],
  ['tool-result error-json', tool({ type: 'error-json', value: { error: 'boom' } })],
  ['tool-result execution-denied', tool({ type: 'execution-denied', reason: 'no' })],
  ['tool-result content', tool({ type: 'content', value: [{ type: 'text', text: 'a' }] })],
  ['custom', { role: 'assistant', content: [{ type: 'custom', kind: 'acme.thing' }] }],
];

describe('countMessageTokens', () => {
  it.each(everyPart)('%s costs more than the bare overhead (both counters)', (_, message) => {
    const estimate = createEstimateTokenCounter();
    if (_ === 'custom') {
      expect(o.count(message)).toBe(overhead);
      expect(estimate.count(message)).toBe(overhead);
      return;
    }
    expect(o.count(message)).toBeGreaterThan(overhead);
    expect(estimate.count(message)).toBeGreaterThan(overhead);
  });

  it('prices images and files at the configured costs, text files by their text', () => {
    const c = createBpeTokenCounter({ imageTokens: 85, fileTokens: 1000 });
    expect(c.count(user([{ type: 'image', image: 'aGk=' }]))).toBe(overhead + 85);
    expect(c.count(user([{ type: 'file', mediaType: 'image', data: 'aGk=' }]))).toBe(overhead + 85);
    expect(
      c.count(user([{ type: 'file', mediaType: 'audio/wav', data: new URL('https://x.test/a.wav') }])),
    ).toBe(overhead + 1000);
    const text = 'The quick brown fox jumps over the lazy dog.';
    const expected = overhead + o.countText(text);
    expect(c.count(user([{ type: 'file', mediaType: 'text/plain', data: base64(text) }]))).toBe(expected);
    expect(
      c.count(user([{ type: 'file', mediaType: 'application/json', data: new TextEncoder().encode(text) }])),
    ).toBe(expected);
    expect(
      c.count(
        user([{ type: 'file', mediaType: 'text/markdown', data: { type: 'text', text }, filename: 'a.md' }]),
      ),
    ).toBe(expected + o.countText('a.md'));
  });

  it('counts tool calls as name + JSON input and tool results as name + output', () => {
    const input = { query: 'weather in Paris', limit: 3 };
    const call: ModelMessage = {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input }],
    };
    expect(o.count(call)).toBe(overhead + o.countText('search') + o.countText(JSON.stringify(input)));
    const result = tool({ type: 'json', value: input });
    expect(o.count(result)).toBe(overhead + o.countText('search') + o.countText(JSON.stringify(input)));
    const media = tool({
      type: 'content',
      value: [
        { type: 'text', text: 'see chart' },
        { type: 'image-url', url: 'https://x.test/c.png' },
        { type: 'file-id', fileId: 'f1' },
        { type: 'custom' },
      ],
    });
    expect(o.count(media)).toBe(overhead + o.countText('search') + o.countText('see chart') + 765 + 1500);
  });

  it('counts approvals as a small fixed cost plus the reason', () => {
    const response = (reason?: string): ModelMessage => ({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: 'a', approved: false, reason }],
    });
    expect(o.count(response())).toBe(overhead + 4);
    expect(o.count(response('too risky'))).toBe(overhead + 4 + o.countText('too risky'));
  });

  it('is deterministic and never below the text content (property)', () => {
    const counters = [o, createBpeTokenCounter({ encoding: 'cl100k_base' }), createEstimateTokenCounter()];
    const textParts = fc.array(fc.string({ unit: 'grapheme', maxLength: 60 }), { maxLength: 5 });
    fc.assert(
      fc.property(textParts, fc.boolean(), fc.constantFrom(0, 1, 2), (texts, asString, which) => {
        const counter = counters[which]!;
        const message: ModelMessage = asString
          ? { role: 'user', content: texts.join('') }
          : { role: 'assistant', content: texts.map((text) => ({ type: 'text' as const, text })) };
        const first = counter.count(message);
        expect(counter.count(message)).toBe(first);
        const text = asString
          ? counter.countText(texts.join(''))
          : texts.reduce((n, t) => n + counter.countText(t), 0);
        expect(first).toBeGreaterThanOrEqual(text);
        expect(first).toBe(overhead + text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('count of something that is not a message', () => {
  // count() walked whatever it was given: a raw TypeError (content 42, null, a BigInt or a cycle in a tool's JSON)
  // or, on the BPE counter, a silent count (a text part's text null counted as 0 tokens).
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const bad: [string, unknown, string][] = [
    ['null', null, '(root)'],
    ['content 42', { role: 'user', content: 42 }, 'content'],
    [
      'a text part without text',
      { role: 'user', content: [{ type: 'text', text: null }] },
      'content[0].text',
    ],
    ['a BigInt in JSON', tool({ type: 'json', value: { n: 1n } }), 'content[0].output.value.n'],
    ['a cycle in JSON', tool({ type: 'json', value: cyclic }), 'content[0].output.value.self'],
    ['agent.to a number', { role: 'user', content: 'hi', agent: { from: 'a', to: 42 } }, 'agent.to'],
    // These were counted without the name or sender before (a silent undercount).
    ['name a number', { role: 'user', content: 'hi', name: 42 }, 'name'],
    ['agent.from a number', { role: 'user', content: 'hi', agent: { from: 7 } }, 'agent.from'],
  ];
  const counters = { estimate: createEstimateTokenCounter(), o200k_base: o };
  for (const [counterName, counter] of Object.entries(counters))
    it.each(bad)(`${counterName}: %s is INVALID_MESSAGE naming the field`, (_, message, field) => {
      let caught: unknown;
      try {
        counter.count(message as ModelMessage);
      } catch (error) {
        caught = error;
      }
      expect(MemoryError.hasCode(caught, 'INVALID_MESSAGE'), String(caught)).toBe(true);
      expect((caught as MemoryError).message).toContain(`count(message): ${field}: `);
    });
});

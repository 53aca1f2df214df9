import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/index.ts';
import { createBpeTokenCounter } from './bpe-token-counter.ts';
import { createTokenCounter } from './create-token-counter.ts';
import { createEstimateTokenCounter, estimateTextTokens } from './estimate-token-counter.ts';

const samples = {
  english:
    'Memory for LLM agents keeps a durable conversation log and builds token-budgeted views of it, ' +
    'so that a long session never overflows the context window of the model it talks to.',
  code: [
    'export function add(a: number, b: number): number {',
    '  if (!Number.isFinite(a)) throw new Error("bad input: " + String(a));',
    '  return a + b;',
    '}',
  ].join('\n'),
  json: JSON.stringify({
    id: 'msg_01',
    role: 'tool',
    output: { temperature: 21.5, unit: 'C', city: 'Paris' },
  }),
  cyrillic: 'Привет, как дела? Сегодня хорошая погода, и мы идём гулять в парк.',
  chinese: '今天天气很好，我们一起去公园散步吧。',
};

describe('createEstimateTokenCounter', () => {
  const estimate = createEstimateTokenCounter();

  it.each(Object.entries(samples))('stays within 0.5x–2x of o200k_base and cl100k_base on %s', (_, text) => {
    for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
      const exact = createBpeTokenCounter({ encoding }).countText(text);
      const ratio = estimate.countText(text) / exact;
      expect(ratio).toBeGreaterThanOrEqual(0.5);
      expect(ratio).toBeLessThanOrEqual(2);
    }
  });

  it('documents its heuristic: 4 ASCII chars, 2 other non-ASCII chars, or 1 CJK char per token', () => {
    expect(estimate.encoding).toBe('estimate');
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcd')).toBe(1);
    expect(estimateTextTokens('abcde')).toBe(2);
    expect(estimateTextTokens('éé')).toBe(1);
    expect(estimateTextTokens('你好')).toBe(2);
    expect(createEstimateTokenCounter({ charsPerToken: 2 }).countText('abcd')).toBe(2);
  });

  it('uses the same overheads as the BPE counter', () => {
    expect(estimate.count({ role: 'user', content: 'abcd' })).toBe(3 + 1 + 1);
    expect(
      estimate.count({ role: 'assistant', content: 'abcd', name: 'bob', id: 'm', createdAt: new Date() }),
    ).toBe(5 + 1 + 1);
  });

  it('rejects a misspelt option (charPerToken: text counted at the default 4) naming it', () => {
    expect(() => createEstimateTokenCounter({ charPerToken: 2 } as never)).toThrow(
      /createEstimateTokenCounter\(options\)\.charPerToken: not an option/,
    );
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, '4'])('rejects charsPerToken %s', (charsPerToken) => {
    let caught: unknown;
    try {
      createEstimateTokenCounter({ charsPerToken: charsPerToken as number });
    } catch (error) {
      caught = error;
    }
    expect(MemoryError.hasCode(caught, 'INVALID_ARGUMENT')).toBe(true);
    expect((caught as MemoryError).component).toBe('tokens');
  });
});

describe('counters given something other than text', () => {
  // The BPE counter counted a number, null or an object as 0 tokens (a budget check then passed whatever it was
  // given); the estimator threw a raw TypeError on null.
  const counters = {
    estimate: createEstimateTokenCounter(),
    o200k_base: createBpeTokenCounter(),
    cl100k_base: createBpeTokenCounter({ encoding: 'cl100k_base' }),
  };
  for (const [name, counter] of Object.entries(counters))
    it.each([42, null, undefined, {}, ['hi'], new String('hi'), 1n])(
      `${name}: countText(%s) and atLeast are INVALID_ARGUMENT naming the method`,
      (value) => {
        for (const method of ['countText', 'atLeast'] as const) {
          const fn = counter[method];
          if (!fn) continue;
          let caught: unknown;
          try {
            fn(value as never);
          } catch (error) {
            caught = error;
          }
          expect(MemoryError.hasCode(caught, 'INVALID_ARGUMENT'), `${method}: ${String(caught)}`).toBe(true);
          expect((caught as MemoryError).message).toMatch(
            new RegExp(`^\\[engram\\] \\[tokens\\] ${method}\\(text\\): text must be a string, got `),
          );
        }
      },
    );
});

describe('token counter options that are no plain value', () => {
  const nullProto = Object.create(null);
  it.each([
    ['charsPerToken', () => createEstimateTokenCounter({ charsPerToken: nullProto })],
    ['imageTokens', () => createEstimateTokenCounter({ imageTokens: nullProto })],
    ['encoding', () => createBpeTokenCounter({ encoding: nullProto })],
    ['fallback', () => createTokenCounter({ model: 'no-such-model', fallback: nullProto })],
  ])('%s: an object without a prototype is INVALID_ARGUMENT, not a raw TypeError', (what, make) => {
    expect(make).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(what) }),
    );
  });

  it('charsPerToken below 0.001 is refused: 1e-320 counted "abc" as Infinity tokens', () => {
    for (const charsPerToken of [1e-320, 1e-4, 0, -1])
      expect(() => createEstimateTokenCounter({ charsPerToken }), String(charsPerToken)).toThrow(
        /charsPerToken must be a finite number of at least 0\.001/,
      );
    expect(createEstimateTokenCounter({ charsPerToken: 0.001 }).countText('abc')).toBe(3000);
  });

  it('a string cost is quoted in the message, so "5" is told from 5', () => {
    expect(() => createEstimateTokenCounter({ imageTokens: '5' as never })).toThrow(/got "5"/);
  });
});

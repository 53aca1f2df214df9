import fc from 'fast-check';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encodeChat, countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/index.ts';
import { createBpeTokenCounter } from './bpe-token-counter.ts';
import { countPromptTokens, REPLY_PRIMING_TOKENS } from './token-counter.ts';

function expectInvalidArgument(call: () => unknown): void {
  let caught: unknown;
  try {
    call();
  } catch (error) {
    caught = error;
  }
  expect(MemoryError.hasCode(caught, 'INVALID_ARGUMENT')).toBe(true);
  expect((caught as MemoryError).component).toBe('tokens');
  expect((caught as MemoryError).message).toMatch(/^\[engram\] \[tokens\] /);
}

describe('createBpeTokenCounter', () => {
  const o = createBpeTokenCounter({ encoding: 'o200k_base' });
  const c = createBpeTokenCounter({ encoding: 'cl100k_base' });

  it('counts text exactly, as gpt-tokenizer does', () => {
    expect(o.countText('hello world')).toBe(2);
    expect(c.countText('hello world')).toBe(2);
    expect(o.countText('')).toBe(0);
    const samples = ['Hello, world!', 'const x = { a: [1, 2, 3] };', '你好，世界', 'naïve café 🎉'];
    for (const text of samples) {
      expect(o.countText(text)).toBe(o200k(text));
      expect(c.countText(text)).toBe(cl100k(text));
    }
  });

  it('property: counts add across a line break after a non-space character (addsAcrossLines), as gpt-tokenizer counts', () => {
    expect(o.addsAcrossLines).toBe(true);
    expect(c.addsAcrossLines).toBe(true);
    // Text rich in what pre-tokenizers join: spaces, line breaks, punctuation, digits, quotes, contractions, marks.
    const piece = fc.constantFrom(
      ' ',
      '  ',
      '\n',
      '\r\n',
      '\t',
      '"',
      "'s",
      ':',
      '-',
      '/',
      '<',
      '>',
      '»',
      '12',
      '2026-03-01',
      'a',
      'Word',
      'é',
      '\u0301',
      '🙂',
      '你好',
      '.',
      '\\u2028',
    );
    const text = fc
      .array(fc.oneof(piece, fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 12 })
      .map((p) => p.join(''));
    const last = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((ch) => !/^\s/u.test(ch));
    const first = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((ch) => !/^[\s/]/u.test(ch));
    fc.assert(
      fc.property(text, last, first, text, (head, end, start, tail) => {
        const a = `${head}${end}\n`;
        const b = `${start}${tail}`;
        expect(o.countText(a) + o.countText(b)).toBe(o200k(a + b));
        expect(c.countText(a) + c.countText(b)).toBe(cl100k(a + b));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(o.countText('a <|endoftext|> b')).toBeGreaterThan(3);
  });

  it('defaults to o200k_base and resolves a model', () => {
    expect(createBpeTokenCounter().encoding).toBe('o200k_base');
    expect(createBpeTokenCounter({ model: 'gpt-3.5-turbo' }).encoding).toBe('cl100k_base');
    expect(createBpeTokenCounter({ model: 'gpt-3.5-turbo', encoding: 'o200k_base' }).encoding).toBe(
      'o200k_base',
    );
  });

  it('adds 3 per message + 1 for the role, and name text + 1 for a name', () => {
    expect(o.count({ role: 'user', content: 'hello world' })).toBe(3 + 1 + 2);
    expect(o.count({ role: 'user', content: [{ type: 'text', text: 'hello world' }] })).toBe(6);
    expect(o.count({ role: 'system', content: '' })).toBe(4);
    const named = {
      role: 'user',
      content: 'hello world',
      name: 'alice',
      id: 'm1',
      createdAt: new Date(),
    } as const;
    expect(o.count(named)).toBe(6 + o.countText('alice') + 1);
    const agent = { ...named, name: undefined, agent: { from: 'planner', to: 'coder' } };
    expect(o.count(agent)).toBe(6 + o.countText('planner') + o.countText('coder') + 1);
  });

  it('matches the OpenAI cookbook rule for a whole request (gpt-tokenizer encodeChat)', () => {
    const messages = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: 'Paris.' },
    ] as const;
    const expected = encodeChat(
      messages.map((m) => ({ ...m })),
      'gpt-4o',
    ).length;
    expect(countPromptTokens(o, messages)).toBe(expected);
    expect(countPromptTokens(o, [])).toBe(REPLY_PRIMING_TOKENS);
  });

  it('rejects an unknown encoding or model with INVALID_ARGUMENT', () => {
    expectInvalidArgument(() => createBpeTokenCounter({ encoding: 'p50k_base' as never }));
    expectInvalidArgument(() => createBpeTokenCounter({ model: 'claude-sonnet-4-5' }));
    expectInvalidArgument(() => createBpeTokenCounter({ imageTokens: -1 }));
    expectInvalidArgument(() => createBpeTokenCounter({ fileTokens: Number.NaN }));
  });

  it('rejects a misspelt option (imageToken: images counted at the default 765) naming it', () => {
    expect(() => createBpeTokenCounter({ imageToken: 85 } as never)).toThrow(
      /createBpeTokenCounter\(options\)\.imageToken: not an option/,
    );
  });
});

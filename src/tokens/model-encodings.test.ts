import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/index.ts';
import { createBpeTokenCounter } from './bpe-token-counter.ts';
import { createTokenCounter } from './create-token-counter.ts';
import { encodingForModel, isBpeEncoding } from './model-encodings.ts';

describe('encodingForModel', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini-2024-07-18', 'o200k_base'],
    ['chatgpt-4o-latest', 'o200k_base'],
    ['gpt-4.1-nano', 'o200k_base'],
    ['gpt-5', 'o200k_base'],
    ['gpt-5.1-codex', 'o200k_base'],
    ['o1-mini', 'o200k_base'],
    ['o3', 'o200k_base'],
    ['o4-mini-2025-04-16', 'o200k_base'],
    ['openai/gpt-4o', 'o200k_base'],
    ['OpenAI/GPT-4o', 'o200k_base'],
    ['ft:gpt-4o-mini:acme::abc123', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-turbo-2024-04-09', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['azure/gpt-35-turbo', 'cl100k_base'],
    ['text-embedding-3-small', 'cl100k_base'],
  ])('%s → %s', (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });

  it.each([
    'claude-sonnet-4-5',
    'anthropic/claude-3-haiku',
    'gemini-2.5-pro',
    'llama-3.1-70b',
    'o1x',
    'gpt-40',
    '',
  ])('%s → undefined', (model) => {
    expect(encodingForModel(model)).toBeUndefined();
  });

  it('recognizes encoding names', () => {
    expect(isBpeEncoding('o200k_base')).toBe(true);
    expect(isBpeEncoding('p50k_base')).toBe(false);
  });
});

describe('createTokenCounter', () => {
  it('uses BPE for a known model and the estimator otherwise', () => {
    expect(createTokenCounter({ model: 'gpt-4o' }).encoding).toBe('o200k_base');
    expect(createTokenCounter({ model: 'openai/gpt-4' }).encoding).toBe('cl100k_base');
    expect(createTokenCounter({ model: 'claude-sonnet-4-5' }).encoding).toBe('estimate');
    expect(createTokenCounter().encoding).toBe('estimate');
  });

  it('prefers an explicit encoding, and honours a BPE fallback', () => {
    expect(createTokenCounter({ model: 'gpt-4o', encoding: 'cl100k_base' }).encoding).toBe('cl100k_base');
    expect(createTokenCounter({ model: 'gemini-2.5-pro', fallback: 'o200k_base' }).encoding).toBe(
      'o200k_base',
    );
  });

  it('passes costs and charsPerToken through', () => {
    const image: ModelMessage = { role: 'user', content: [{ type: 'image', image: 'aGk=' }] };
    expect(createTokenCounter({ model: 'gpt-4o', imageTokens: 85 }).count(image)).toBe(3 + 1 + 85);
    expect(createTokenCounter({ charsPerToken: 1 }).countText('abcd')).toBe(4);
  });

  it('rejects a misspelt option (encodng: the estimator counted instead of o200k_base) naming it', () => {
    expect(() => createTokenCounter({ encodng: 'o200k_base' } as never)).toThrow(
      /createTokenCounter\(options\)\.encodng: not an option/,
    );
  });

  it('rejects a model that is not a string with INVALID_ARGUMENT naming it (was a raw TypeError: model.trim)', () => {
    const factories = { createTokenCounter, createBpeTokenCounter };
    for (const model of [42, {}, ['gpt-4o'], true])
      for (const [name, create] of Object.entries(factories)) {
        let caught: unknown;
        try {
          create({ model } as never);
        } catch (error) {
          caught = error;
        }
        expect(MemoryError.hasCode(caught, 'INVALID_ARGUMENT'), `${name}: ${String(caught)}`).toBe(true);
        expect((caught as MemoryError).message).toContain(`${name}(options).model must be a model name`);
      }
  });

  it('rejects an unknown fallback or encoding with INVALID_ARGUMENT', () => {
    for (const bad of [{ fallback: 'nope' }, { encoding: 'p50k_base' }]) {
      const call = () => createTokenCounter(bad as never);
      expect(call).toThrow(MemoryError);
      try {
        call();
      } catch (error) {
        expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
        expect((error as MemoryError).component).toBe('tokens');
      }
    }
  });
});

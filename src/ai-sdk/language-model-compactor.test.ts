import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { prepareContentItem } from '../content/prepare-content-item.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createLanguageModelCompactor } from './language-model-compactor.ts';

const item = prepareContentItem(
  {
    type: 'web_content',
    source: 'web_fetch',
    content:
      '<html><head><title>Vaults</title></head><body><p>The code for vault-7 is QX-49.</p><p>more</p><p>text</p></body></html>',
  },
  { counter: createEstimateTokenCounter(), clock: { now: () => new Date(0) }, component: 'test' },
);
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const answering = (text: string, seen?: string[]) =>
  new MockLanguageModelV4({
    doGenerate: async (options) => {
      seen?.push(JSON.stringify(options.prompt));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });

describe('createLanguageModelCompactor', () => {
  it('returns the model’s goal-aware summary and key facts', async () => {
    const seen: string[] = [];
    const compactor = createLanguageModelCompactor({
      model: answering(
        JSON.stringify({ summary: 'A page about vault codes.', keyFacts: ['vault-7 code: QX-49'] }),
        seen,
      ),
    });
    const s = await compactor.compact(item, { goal: 'find the vault-7 code' });
    expect(s).toEqual({
      text: 'A page about vault codes.\nKey facts:\n- vault-7 code: QX-49',
      compactor: 'llm',
    });
    expect(seen[0]).toContain('find the vault-7 code');
    expect(seen[0]).toContain('QX-49');
  });

  it('falls back to the deterministic compactor on invalid JSON, a throwing model or a timeout', async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    const bad = createLanguageModelCompactor({ model: answering('not json at all'), onError });
    expect((await bad.compact(item, {})).compactor).toBe('html');
    const wrongShape = createLanguageModelCompactor({
      model: answering(JSON.stringify({ summary: '' })),
      onError,
    });
    expect((await wrongShape.compact(item, {})).compactor).toBe('html');
    const throwing = createLanguageModelCompactor({
      model: new MockLanguageModelV4({
        doGenerate: async () => {
          throw new Error('rate limited');
        },
      }),
      onError,
    });
    expect((await throwing.compact(item, {})).compactor).toBe('html');
    const slow = createLanguageModelCompactor({
      model: new MockLanguageModelV4({
        doGenerate: (options) =>
          new Promise((_, reject) =>
            options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason)),
          ),
      }),
      timeoutMs: 50,
      onError,
    });
    const t0 = Date.now();
    expect((await slow.compact(item, {})).compactor).toBe('html');
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(errors).toHaveLength(4);
  });

  it('refuses a misspelt option (timeoutMS: the default 20 s wait) naming it', () => {
    expect(() =>
      createLanguageModelCompactor({ model: new MockLanguageModelV4(), timeoutMS: 500 } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/createLanguageModelCompactor\(options\)\.timeoutMS: not an option/),
      }),
    );
  });
});

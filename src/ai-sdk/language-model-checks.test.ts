import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createLanguageModelCompactor } from './language-model-compactor.ts';
import { createLanguageModelExtractor } from './language-model-extractor.ts';
import { createLanguageModelObserver, createLanguageModelReflector } from './language-model-observer.ts';
import { createLanguageModelSummarizer } from './language-model-summarizer.ts';

/**
 * The summarizer, compactor, extractor, observer and reflector on a language model check it when they are made, as
 * `agent()` does: a model that is none (a number, an embedding model, a V1 model, nothing) is INVALID_ARGUMENT
 * naming `model`, not a failure at the first summary (where most of them fall back quietly and never say why).
 */
const factories = {
  createLanguageModelSummarizer,
  createLanguageModelCompactor,
  createLanguageModelExtractor,
  createLanguageModelObserver,
  createLanguageModelReflector,
} as Record<string, (options: { model: unknown }) => unknown>;

describe('language-model helpers check their model when made', () => {
  for (const [name, make] of Object.entries(factories)) {
    it(`${name} refuses what is no model, naming it`, () => {
      for (const model of [
        5,
        undefined,
        null,
        '',
        {},
        { specificationVersion: 'v1', doGenerate() {}, doStream() {} },
        10n,
      ])
        expect(() => make({ model }), String(model)).toThrow(
          expect.objectContaining({
            code: 'INVALID_ARGUMENT',
            message: expect.stringContaining(`${name}(options).model must`),
          }),
        );
    });
    it(`${name} takes a model id or a model object`, () => {
      expect(() => make({ model: 'openai/gpt-4o-mini' })).not.toThrow();
      expect(() => make({ model: new MockLanguageModelV4() })).not.toThrow();
    });
  }
});

import { describe, expect, it } from 'vitest';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { prepareContentItem } from './prepare-content-item.ts';

const options = {
  counter: createEstimateTokenCounter(),
  clock: { now: () => new Date(0) },
  component: 'kit',
};
const input = { type: 'custom', source: 's', content: 'text' } as const;

describe('prepareContentItem (driver kit)', () => {
  it('refuses a misspelt option (maxContentByte: the 64 MiB default) naming it', () => {
    expect(() => prepareContentItem(input, { ...options, maxContentByte: 1 } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/prepareContentItem\(options\)\.maxContentByte: not an option/),
      }),
    );
    expect(() => prepareContentItem(input, { ...options, maxContentBytes: 1 })).toThrow(/bytes/);
  });
});

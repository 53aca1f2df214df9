import { describe, expect, it } from 'vitest';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createContentStore } from './create-content-store.ts';
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

describe('prepareContentItem: null is not a missing field', () => {
  it('refuses a null id or format instead of generating an id or choosing the format', async () => {
    // A null id (a database row's empty key) got a new random id at each put: storing the item again under "its"
    // id added a copy instead of being a no-op. A null format was taken as the default.
    for (const field of ['id', 'format'] as const) {
      expect(() => prepareContentItem({ ...input, [field]: null } as never, options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(field) }),
      );
    }
    const content = createContentStore({ counter: options.counter });
    await expect(content.put({ ...input, id: null } as never)).rejects.toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    expect((await content.query()).items).toEqual([]);
    expect(prepareContentItem({ ...input, id: undefined, format: undefined }, options).format).toBe('text');
  });
});

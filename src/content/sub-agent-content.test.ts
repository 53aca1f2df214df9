import { describe, expect, it } from 'vitest';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createContentStore } from './create-content-store.ts';
import { contentForSubAgent } from './sub-agent-content.ts';

const counter = createEstimateTokenCounter();

describe('contentForSubAgent', () => {
  it('names a new space after a long parent space without cutting a surrogate pair in two', async () => {
    // The generated name keeps the last 256 code units: here the cut fell inside a pair, a lone surrogate.
    for (const space of [`${'😀'.repeat(124)}a`, `${'😀'.repeat(120)}abc`, 'é'.repeat(256)]) {
      const parent = createContentStore({ counter, space });
      await parent.store({ id: 'p', type: 'custom', source: 's', content: 'parent item' });
      for (const mode of ['snapshot', 'isolated'] as const) {
        const child = await contentForSubAgent(parent, mode);
        expect(child.space.length).toBeLessThanOrEqual(256);
        expect(child.space.isWellFormed()).toBe(true);
        expect(child.space).not.toBe(parent.space);
        expect((await child.query()).items.map((i) => i.id)).toEqual(mode === 'snapshot' ? ['p'] : []);
      }
    }
  });

  it('refuses a parent that is not a content store and a space that is not an id, naming the argument', async () => {
    const parent = createContentStore({ counter, space: 'run' });
    await parent.store({ id: 'p', type: 'custom', source: 's', content: 'parent item' });
    for (const mode of ['shared', 'snapshot', 'isolated'] as const) {
      for (const bad of [null, undefined, 5, {}, Object.create(null)]) {
        await expect(contentForSubAgent(bad as never, mode)).rejects.toThrow(
          expect.objectContaining({
            code: 'INVALID_ARGUMENT',
            message: expect.stringContaining('contentForSubAgent(parent)'),
          }),
        );
      }
      // A null space is a mistake, not "generate one"; a bad one is named as this argument, not as an option.
      for (const space of [null, 5, '', 'a\u0000b', 'x'.repeat(257)]) {
        await expect(contentForSubAgent(parent, mode, space as never)).rejects.toThrow(
          expect.objectContaining({
            code: 'INVALID_ARGUMENT',
            message: expect.stringContaining('contentForSubAgent(parent, mode, space)'),
          }),
        );
      }
    }
    expect((await parent.query()).items.map((i) => i.id)).toEqual(['p']);
  });
});

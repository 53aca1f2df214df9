import { describe, expect, it } from 'vitest';
import { createId, randomHex } from './ids.ts';

describe('createId', () => {
  it('makes distinct, well-formed ids across many refills of the random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => createId('msg'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-z]+[0-9a-f]{10}$/);
  });

  it('throws INVALID_ARGUMENT for a bad prefix', () => {
    expect(() => createId('no spaces')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('randomHex', () => {
  it('gives n random bytes as 2n hex characters, differing from call to call', () => {
    const draws = Array.from({ length: 3_000 }, (_, i) => randomHex(1 + (i % 7)));
    for (const [i, hex] of draws.entries())
      expect(hex).toMatch(new RegExp(`^[0-9a-f]{${2 * (1 + (i % 7))}}$`));
    const wide = Array.from({ length: 1_000 }, () => randomHex(8));
    expect(new Set(wide).size).toBe(wide.length);
  });
});

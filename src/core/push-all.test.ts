import { describe, expect, it } from 'vitest';
import { pushAll } from './push-all.ts';

describe('pushAll', () => {
  it('appends in order, more items than a spread takes', () => {
    const target = [-1];
    const many = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => target.push(...many)).toThrow(RangeError);
    pushAll(target, many);
    expect(target).toHaveLength(300_001);
    expect(target.at(-1)).toBe(299_999);
    pushAll(target, new Set(['x']) as Set<unknown> as Set<number>);
    expect(target.at(-1)).toBe('x');
  });
});

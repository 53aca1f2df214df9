import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { decodeItem, digestOf, encodeItem } from './item-codec.ts';

/** Keys that could be mistaken for the codec's tag or a prototype. */
const trickyKey = fc.oneof(
  fc.constantFrom('$bytes', '$$bytes', '$', '$$', '__proto__', 'constructor', 'type', 'content'),
  fc.string(),
);
/** Values an Agents SDK item may hold: JSON and byte arrays, under any keys. */
const itemValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.uint8Array({ maxLength: 16 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(trickyKey, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

describe('encodeItem / decodeItem', () => {
  it('round-trips every JSON-and-bytes value exactly, through JSON text too (property)', () => {
    fc.assert(
      fc.property(itemValue, (value) => {
        const encoded = encodeItem(value);
        // node's deep equality: vitest's own compares `constructor` members, which items may have as keys.
        expect(isDeepStrictEqual(decodeItem(JSON.parse(JSON.stringify(encoded))), value)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps a `__proto__` key as a key, and tells the bytes tag from an item key of the same name', () => {
    const item = JSON.parse('{"__proto__": {"a": 1}, "$bytes": "AAE=", "data": null}');
    item.data = new Uint8Array([0, 1]);
    const back = decodeItem(encodeItem(item)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__', '$bytes', 'data']);
    expect(back.$bytes).toBe('AAE=');
    expect(back.data).toStrictEqual(new Uint8Array([0, 1]));
  });

  it('leaves out undefined members and reads a Buffer back as a Uint8Array', () => {
    expect(decodeItem(encodeItem({ a: 1, b: undefined }))).toStrictEqual({ a: 1 });
    expect(decodeItem(encodeItem({ d: Buffer.from('hi') }))).toStrictEqual({
      d: new Uint8Array([104, 105]),
    });
  });

  it('refuses, naming the path, what would not read back identical', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const cases: [unknown, string][] = [
      [{ at: new Date(0) }, 'item.at'],
      [{ m: new Map() }, 'item.m'],
      [{ n: Number.NaN }, 'item.n'],
      [{ n: -0 }, 'item.n'],
      [{ list: [1, undefined] }, 'item.list[1]'],
      [cycle, 'item.self'],
      [{ [Symbol('s')]: 1 }, 'item'],
      [{ big: 1n }, 'item.big'],
      [{ bytes: Object.assign(new Uint8Array(1), { extra: 1 }) }, 'item.bytes'],
    ];
    for (const [value, path] of cases) {
      let error: unknown;
      try {
        encodeItem(value);
      } catch (e) {
        error = e;
      }
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), path).toBe(true);
      expect((error as Error).message, path).toContain(`${path}:`);
    }
  });

  it('digests equal values equally whatever their key order', () => {
    expect(digestOf(encodeItem({ a: 1, b: [2] }))).toBe(digestOf(encodeItem({ b: [2], a: 1 })));
    expect(digestOf(encodeItem({ a: 1 }))).not.toBe(digestOf(encodeItem({ a: 2 })));
  });
});

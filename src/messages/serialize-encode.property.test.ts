import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { arbMemoryMessage } from '../testing/message-arbitraries.ts';
import { serializeMessage } from './serialize.ts';

// The encoder serializeMessage had before it returned unchanged subtrees as they are: a full copy of every
// array and object. Kept here as the reference the faster one must match, character for character.
const special = new Set(['$date', '$bytes', '$url', '$esc']);
function copyingEncode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof URL) return { $url: value.href };
  if (value instanceof Uint8Array)
    return { $bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof ArrayBuffer) return { $bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(copyingEncode);
  const out: Record<string, unknown> = {};
  let needsEscape = false;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (special.has(key)) needsEscape = true;
    Object.defineProperty(out, key, {
      value: copyingEncode(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return needsEscape && Object.keys(out).length === 1 ? { $esc: out } : out;
}
const reference = (value: unknown) => JSON.stringify(copyingEncode(value));

/** The outcome of a serialization: its text, or that it threw. */
const outcome = (f: () => string): string => {
  try {
    return `ok ${f()}`;
  } catch (error) {
    return `threw ${(error as Error).constructor.name}`;
  }
};

class Point {
  x: number;
  y: number;
  constructor(x: number, y: number) {
    this.x = x;
    this.y = y;
  }
  toJSON() {
    return 'point';
  }
}

/** Values JSON treats in its own ways: holes, named array keys, toJSON, class instances, boxed values, codec keys. */
const arbOdd: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.anything({
      maxDepth: 2,
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withSparseArray: true,
      withTypedArray: true,
      withDate: true,
      withObjectString: true,
    }),
    fc.constantFrom<unknown>(
      { $date: 'x' },
      { $esc: { a: 1 } },
      { $url: 'u', b: undefined },
      JSON.parse('{"__proto__": {"x": 1}}'),
      { toJSON: () => 'own' },
      { toJSON: 'not a function' },
      // A non-enumerable own toJSON: JSON calls it on the object it is given, the copy has none.
      Object.defineProperty({ a: 1 }, 'toJSON', { value: () => 'hidden', enumerable: false }),
      Object.defineProperty([1, 2], 'toJSON', { value: () => 'hidden', enumerable: false }),
      new Point(1, 2),
      Object.assign([1, 2], { named: 3 }),
      Object.assign(new Array(3), { 0: 1, 2: 3 }),
      [undefined, new Date(0)],
      new URL('https://example.com/a'),
      new Uint8Array([1, 2]),
      new Date(Number.NaN),
    ),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', '$date', '$esc', '__proto__', 'toJSON'), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

describe('serializeMessage writes what the copying encoder wrote', () => {
  it('for any message (property)', () => {
    fc.assert(
      fc.property(arbMemoryMessage, (m) => {
        expect(serializeMessage(m)).toBe(reference(m));
      }),
      { numRuns: 500 },
    );
  });

  it('for odd values anywhere in a message, throwing where it threw (property)', () => {
    fc.assert(
      fc.property(arbOdd, arbOdd, (metadata, part) => {
        const m = {
          id: 'm1',
          role: 'user',
          content: [{ type: 'text', text: 'hi', providerOptions: { x: { part } as never } }],
          createdAt: new Date(0),
          metadata,
        } as unknown as MemoryMessage;
        expect(outcome(() => serializeMessage(m))).toBe(outcome(() => reference(m)));
      }),
      { numRuns: 1000 },
    );
  });
});

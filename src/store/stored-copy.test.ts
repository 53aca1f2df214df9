import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { deserializeMessage, serializeMessage } from '../messages/serialize.ts';
import { arbMemoryMessage } from '../testing/message-arbitraries.ts';
import { storedCopy } from './stored-copy.ts';

const isDeepFrozen = (value: unknown): boolean =>
  value === null ||
  typeof value !== 'object' ||
  ArrayBuffer.isView(value) ||
  value instanceof URL ||
  (Object.isFrozen(value) && Object.values(value).every(isDeepFrozen));

describe('storedCopy', () => {
  it('equals what reading the stored JSON back gives, deep-frozen, sharing nothing with the input (property)', () => {
    fc.assert(
      fc.property(arbMemoryMessage, (message) => {
        const json = serializeMessage(message);
        const copy = storedCopy(message, json);
        expect(copy).toEqual(deserializeMessage(json));
        expect(serializeMessage(copy)).toBe(json);
        expect(isDeepFrozen(copy)).toBe(true);
        expect(copy).not.toBe(message);
        expect(Object.isFrozen(message)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('falls back to decoding the JSON for values JSON changes (NaN, -0, class instances, holes, undefined in arrays)', () => {
    const odd = {
      id: 'm1',
      role: 'user',
      content: 'hi',
      createdAt: new Date(1000),
      metadata: {
        nan: Number.NaN,
        negZero: -0,
        typed: new Float32Array([1]),
        list: [1, undefined],
        map: new Map(),
      },
    } as unknown as MemoryMessage;
    const json = serializeMessage(odd);
    expect(storedCopy(odd, json)).toEqual(deserializeMessage(json));
    expect(Object.is((storedCopy(odd, json).metadata as Record<string, unknown>).negZero, 0)).toBe(true);
  });
});

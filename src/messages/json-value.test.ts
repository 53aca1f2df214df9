import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { arbStoredValue, nested, readBackForm } from '../testing/cases/values.ts';
import { jsonValueIssue, maxJsonDepth } from './json-value.ts';
import { deserializeMessage, serializeMessage } from './serialize.ts';

describe('jsonValueIssue', () => {
  it('names the first offending path and what is wrong', () => {
    expect(jsonValueIssue({ a: [1, { b: Number.NaN }] })).toEqual({
      path: ['a', 1, 'b'],
      problem: 'expected a finite number, received NaN',
    });
    expect(jsonValueIssue({ n: -0 })?.problem).toMatch(/-0/);
    expect(jsonValueIssue({ n: 1n })).toEqual({
      path: ['n'],
      problem: 'expected a JSON value, received bigint',
    });
    expect(jsonValueIssue([new Map()])?.problem).toBe('expected a JSON value, received Map');
    expect(jsonValueIssue({ b: new Number(1) })?.problem).toBe(
      'expected a JSON value, received a Number object',
    );
    const holey = [1, 2, 3];
    delete holey[1];
    expect(jsonValueIssue(holey)).toEqual({
      path: [1],
      problem: 'expected an array element, received a hole (sparse array)',
    });
    expect(jsonValueIssue([undefined])?.path).toEqual([0]);
    expect(jsonValueIssue(Object.assign([1], { x: 2 }))?.path).toEqual(['x']);
    expect(jsonValueIssue({ [Symbol('s')]: 1 })?.problem).toMatch(/symbol key/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonValueIssue(cycle)).toEqual({
      path: ['self'],
      problem: 'expected a JSON value, received a circular reference',
    });
    expect(jsonValueIssue(undefined)?.path).toEqual([]);
  });

  it('accepts JSON, undefined object members, null prototypes and own __proto__ keys', () => {
    expect(jsonValueIssue({ a: [1, 'x', null, true, { b: {} }], u: undefined })).toBeUndefined();
    expect(jsonValueIssue(Object.assign(Object.create(null), { a: 1 }))).toBeUndefined();
    expect(jsonValueIssue(JSON.parse('{"__proto__": {"x": 1}}'))).toBeUndefined();
  });

  it(`allows ${maxJsonDepth} levels of nesting and refuses one more (even 100,000, without a stack overflow)`, () => {
    expect(jsonValueIssue(nested(maxJsonDepth))).toBeUndefined();
    expect(jsonValueIssue(nested(maxJsonDepth + 1))?.problem).toBe(
      `nested deeper than ${maxJsonDepth} levels`,
    );
    expect(jsonValueIssue(nested(100_000))?.path).toHaveLength(maxJsonDepth);
  });

  it('message mode also keeps valid Dates, URLs and bytes, never an Invalid Date', () => {
    const kept = {
      d: new Date(0),
      u: new URL('https://x.y/'),
      b: new Uint8Array([1]),
      a: new ArrayBuffer(2),
    };
    expect(jsonValueIssue(kept, 'message')).toBeUndefined();
    expect(jsonValueIssue(kept)?.problem).toBe('expected a JSON value, received Date');
    expect(jsonValueIssue({ d: new Date(Number.NaN) }, 'message')).toEqual({
      path: ['d'],
      problem: 'expected a valid Date, received an Invalid Date',
    });
    expect(jsonValueIssue(new Int8Array(1), 'message')?.problem).toBe(
      'expected a JSON value, received Int8Array',
    );
  });

  it('property: whatever it accepts reads back identical through JSON (json) and the message codec (message)', () => {
    fc.assert(
      fc.property(arbStoredValue, (value) => {
        if (jsonValueIssue(value) === undefined) {
          expect(JSON.parse(JSON.stringify(value))).toStrictEqual(readBackForm(value));
        }
        const message = { id: 'm', role: 'user', content: 'x', createdAt: new Date(0), extra: value };
        if (jsonValueIssue(message, 'message') === undefined) {
          const back = deserializeMessage(serializeMessage(message as unknown as MemoryMessage));
          expect(back).toStrictEqual(readBackForm(message));
        }
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { checkKnownKeys, checkNestedKeys, checkOptionalNumber } from './check-options.ts';

describe('checkKnownKeys (the driver kit exports it: it takes any input)', () => {
  it('refuses options that are no object, naming the factory, where it read their keys or threw a raw TypeError', () => {
    for (const options of [null, 'abc', [1], () => {}])
      expect(() => checkKnownKeys(options as never, { a: true }, 'createMyStore', 'mine')).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining('createMyStore(options) must be an object'),
        }),
      );
  });

  it('builds its message from any value without throwing', () => {
    const factory = Symbol('f') as never;
    expect(() => checkKnownKeys({ b: 1 } as never, { a: true }, factory, 'mine')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('Symbol(f)(options).b'),
      }),
    );
    expect(() => checkKnownKeys({ b: 1 } as never, null as never, 'createMyStore', 'mine')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('known keys') }),
    );
  });
});

describe('checkNestedKeys', () => {
  const known = { defaultTtl: true, refreshOnRead: true } as const;
  const where = 'createEngramStore(options).ttl';

  it('takes a nested options object of known keys, and a left-out one', () => {
    expect(() => checkNestedKeys({ defaultTtl: 5 }, known, where, 'langgraph')).not.toThrow();
    expect(() => checkNestedKeys(undefined, known, where, 'langgraph')).not.toThrow();
  });

  it('refuses an unknown key naming its full path and the known ones', () => {
    expect(() => checkNestedKeys({ defaultTTL: 5 } as never, known, where, 'langgraph')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        component: 'langgraph',
        message: expect.stringContaining(
          'createEngramStore(options).ttl.defaultTTL: not an option of createEngramStore(options).ttl (its options: defaultTtl, refreshOnRead)',
        ),
      }),
    );
  });

  it.each([null, 5, 'ttl', [1]])('refuses %j, naming the path', (value) => {
    expect(() => checkNestedKeys(value as never, known, where, 'langgraph')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining(`${where} must be an object`),
      }),
    );
  });
});

describe('checkOptionalNumber', () => {
  it('takes undefined and finite numbers in range', () => {
    for (const value of [undefined, 0, 0.5, 1])
      expect(() => checkOptionalNumber(value, 'f(options).w', 'c', 0, 1)).not.toThrow();
    expect(() => checkOptionalNumber(-3.5, 'f(options).w', 'c', Number.NEGATIVE_INFINITY)).not.toThrow();
  });

  it.each(['0.5', Number.NaN, Number.POSITIVE_INFINITY, 1n, true, {}, 2, -1])(
    'refuses %s, naming it',
    (value) => {
      expect(() => checkOptionalNumber(value, 'f(options).w', 'c', 0, 1)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining('f(options).w must be a finite number from 0 to 1, got'),
        }),
      );
    },
  );
});

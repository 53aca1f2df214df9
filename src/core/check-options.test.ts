import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKnownKeys, checkNestedKeys, checkOptionalNumber, checkOptions } from './check-options.ts';
import { MemoryError } from './errors/memory-error.ts';

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

  it('refuses built-in values as options (a Date, a Map, an un-awaited promise…) and takes plain objects and class instances', () => {
    const builtIns = [
      new Date(Number.NaN),
      new Date(),
      /x/,
      new Map(),
      new Set(),
      Promise.resolve({}),
      new Error('e'),
      new Uint8Array(1),
    ];
    for (const options of builtIns) {
      expect(() => checkKnownKeys(options as never, { a: true }, 'append', 'chat')).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining('append(options) must be an object'),
        }),
      );
      expect(() => checkOptions(options, 'append', 'chat')).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining('append(options): options must be an object'),
        }),
      );
    }
    class Settings {
      a = 1;
    }
    for (const options of [{}, { a: 1 }, Object.create(null), new Settings()]) {
      expect(() => checkKnownKeys(options, { a: true }, 'append', 'chat')).not.toThrow();
      expect(checkOptions(options, 'append', 'chat')).toBe(options);
    }
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

describe('checkKnownKeys and options that throw when read', () => {
  const boom = new Error('boom');
  const refusal = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      return error as MemoryError;
    }
    throw new Error('no refusal');
  };
  it('refuses an own getter, a class getter and a proxy trap that throw, naming them, the error as the cause', () => {
    const own = Object.defineProperty({}, 'a', {
      enumerable: true,
      get: () => {
        throw boom;
      },
    });
    class Inherited {
      get a(): never {
        throw boom;
      }
    }
    const cases: [unknown, string][] = [
      [own, 'createMyStore(options).a cannot be read: reading it threw boom'],
      [new Inherited(), 'createMyStore(options).a cannot be read'],
      [
        new Proxy(
          {},
          {
            get: () => {
              throw boom;
            },
          },
        ),
        'createMyStore(options) cannot be read',
      ],
      [
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw boom;
            },
          },
        ),
        'createMyStore(options) cannot be read',
      ],
    ];
    for (const [options, message] of cases) {
      const error = refusal(() => checkKnownKeys(options as never, { a: true }, 'createMyStore', 'mine'));
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), message).toBe(true);
      expect(error.message).toContain(message);
      expect(error.cause).toBe(boom);
    }
    expect(
      MemoryError.hasCode(
        refusal(() => checkOptions(cases[2]![0], 'f', 'mine')),
        'INVALID_ARGUMENT',
      ),
    ).toBe(true);
  });
});

describe('checkKnownKeys and null', () => {
  it('refuses a key set to null unless known marks it nullable, naming it; every other value passes (property)', () => {
    const keys = ['a', 'b', 'c', 'd'] as const;
    fc.assert(
      fc.property(
        fc.subarray([...keys]),
        fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.constant(null), fc.anything())),
        (nullable, options) => {
          const known = Object.fromEntries(
            keys.map((k) => [k, nullable.includes(k) ? 'nullable' : true]),
          ) as Record<(typeof keys)[number], true | 'nullable'>;
          const refused = (Object.keys(options) as (typeof keys)[number][]).find(
            (k) => options[k] === null && !nullable.includes(k),
          );
          let thrown: unknown;
          try {
            checkKnownKeys(options, known, 'createMyStore', 'mine');
          } catch (error) {
            thrown = error;
          }
          if (refused === undefined) expect(thrown).toBeUndefined();
          else {
            expect(MemoryError.hasCode(thrown, 'INVALID_ARGUMENT')).toBe(true);
            expect((thrown as Error).message).toContain(`createMyStore(options).${refused} must not be null`);
          }
        },
      ),
    );
  });

  it('names a nested null by its path', () => {
    expect(() =>
      checkNestedKeys({ defaultTtl: null }, { defaultTtl: true }, 'createEngramStore(options).ttl', 'x'),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('createEngramStore(options).ttl.defaultTtl must not be null'),
      }),
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

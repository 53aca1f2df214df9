import { describe, expect, it } from 'vitest';
import { checkNestedKeys } from './check-options.ts';

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

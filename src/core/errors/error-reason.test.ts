import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorReason } from './error-reason.ts';
import { MemoryError } from './memory-error.ts';

describe('errorReason', () => {
  it("strips engram's prefix, with or without a component", () => {
    expect(
      errorReason(new MemoryError({ code: 'INVALID_ARGUMENT', component: 'store', message: 'bad id' })),
    ).toBe('bad id');
    expect(errorReason(new MemoryError({ code: 'INVALID_ARGUMENT', message: 'bad id' }))).toBe('bad id');
  });

  it('strips every prefix of a message that wraps another engram error', () => {
    const inner = new MemoryError({ code: 'STORE_ERROR', component: 'sqlite', message: 'disk full' });
    const outer = new MemoryError({ code: 'STORE_ERROR', component: 'views', message: inner.message });
    expect(errorReason(outer)).toBe('disk full');
  });

  it('leaves other errors and text inside the message alone', () => {
    expect(errorReason(new TypeError('x is [engram] [y] z'))).toBe('x is [engram] [y] z');
    expect(errorReason('plain')).toBe('plain');
  });

  it('never throws, whatever was thrown', () => {
    const throwing = new Error('x');
    Object.defineProperty(throwing, 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(errorReason(throwing)).toBe('an error');
    const odd = new Error('x');
    Object.defineProperty(odd, 'message', { value: 42n });
    expect(errorReason(odd)).toBe('42n');
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withMap: true, withSet: true, withNullPrototype: true }),
        (v) => {
          expect(typeof errorReason(v)).toBe('string');
        },
      ),
    );
    expect(errorReason(Object.create(null))).toBe('an object');
    expect(errorReason(Symbol('s'))).toBe('Symbol(s)');
  });
});

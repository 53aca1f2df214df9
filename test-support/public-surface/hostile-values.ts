import fc from 'fast-check';
import { MemoryError } from '../../src/core/errors/memory-error.ts';
import type { ValueKind } from './nested-option-objects.ts';

/** The error a hostile proxy throws on every access: the caller's own exception, which may pass through engram. */
export class ProxyTrapError extends Error {
  override name = 'ProxyTrapError';
}

/** A value fast-check cannot print or shrink well, made fresh for each call from its marker. */
class Hostile {
  readonly kind: 'cyclic' | 'proxy' | 'cyclic-array';
  constructor(kind: Hostile['kind']) {
    this.kind = kind;
  }
  toString(): string {
    return `<${this.kind}>`;
  }
}

const trap = () => {
  throw new ProxyTrapError('hostile proxy: every access throws');
};

function materialize(value: unknown): unknown {
  if (!(value instanceof Hostile)) return value;
  if (value.kind === 'proxy')
    return new Proxy(
      {},
      {
        get: trap,
        has: trap,
        ownKeys: trap,
        getPrototypeOf: trap,
        getOwnPropertyDescriptor: trap,
        set: trap,
        defineProperty: trap,
        deleteProperty: trap,
      },
    );
  if (value.kind === 'cyclic-array') {
    const list: unknown[] = [1];
    list.push(list);
    return list;
  }
  const o: Record<string, unknown> = { role: 'user', content: 'x', id: 'm1', type: 'text' };
  o.self = o;
  o.content = [o];
  return o;
}

/** One arbitrary value of any kind: `anything()` with every option on, BigInts, symbols, cyclic values and proxies. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.anything({
      maxDepth: 2,
      maxKeys: 4,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withNullPrototype: true,
      withObjectString: true,
      withSet: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    }),
    weight: 6,
  },
  { arbitrary: fc.bigInt(), weight: 1 },
  { arbitrary: fc.string({ maxLength: 8 }).map((s) => Symbol(s)), weight: 1 },
  {
    arbitrary: fc.constantFrom('cyclic', 'proxy', 'cyclic-array').map((k) => new Hostile(k as never)),
    weight: 2,
  },
);

/** A value of a wrong type for some declared field, and the kinds of declared type that take it. */
interface WrongValue {
  /** How a failure prints it. */
  label: string;
  /** Makes it (fresh for each call). */
  make: () => unknown;
  /** The kinds of field that take it: for any other it is of the wrong type. */
  takenBy: readonly ValueKind[];
  /** Given only to a field that takes numbers (NaN, a BigInt: the wrong numbers). */
  forNumbers?: true;
}

const wrongValues: readonly WrongValue[] = [
  { label: "'zzWrong'", make: () => 'zzWrong', takenBy: ['string'] },
  { label: '7', make: () => 7, takenBy: ['number'] },
  { label: 'NaN', make: () => Number.NaN, takenBy: [], forNumbers: true },
  { label: '7n', make: () => 7n, takenBy: ['bigint'], forNumbers: true },
  { label: 'true', make: () => true, takenBy: ['boolean'] },
  { label: '{}', make: () => ({}), takenBy: ['object'] },
  { label: 'Symbol(hostile)', make: () => Symbol('hostile'), takenBy: ['symbol'] },
  { label: 'a function', make: () => () => 'hostile', takenBy: ['function'] },
  { label: '[]', make: () => [], takenBy: ['array'] },
];

/**
 * The values of a wrong type for a field whose declared type takes `kinds` (see `nestedOptionFields`): a string,
 * a number, a boolean, an object, a symbol, a function and an array unless the type takes that kind (an object is
 * wrong for a component: it has none of its methods), and NaN and a BigInt for a number. None for a field that takes
 * anything. `null` is not among them: some options take it as "not set" (a LangGraph TTL).
 */
export function wrongTypedValues(kinds: ReadonlySet<ValueKind>): { label: string; make: () => unknown }[] {
  if (kinds.has('anything')) return [];
  return wrongValues.filter(
    (v) => !v.takenBy.some((k) => kinds.has(k)) && (!v.forNumbers || kinds.has('number')),
  );
}

/** Zero to three hostile arguments; call the result to get fresh values (a proxy or cyclic object per call). */
export function hostileArgs(): fc.Arbitrary<() => unknown[]> {
  return fc.array(hostileValue, { maxLength: 3 }).map((values) => {
    const make = () => values.map(materialize);
    return Object.assign(make, { toString: () => `(${values.map((v) => fc.stringify(v)).join(', ')})` });
  });
}

/** Whether `fn` is a class (called with `new`). */
export function isClass(fn: unknown): boolean {
  return typeof fn === 'function' && /^class\b/.test(Function.prototype.toString.call(fn));
}

/** The public methods of an instance: own and inherited function-valued keys, but not `constructor` or `_private`. */
export function publicMethods(instance: unknown): string[] {
  const names = new Set<string>();
  for (let o = instance as object | null; o && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const key of Object.getOwnPropertyNames(o))
      if (key !== 'constructor' && !key.startsWith('_') && !key.startsWith('#')) names.add(key);
  return [...names].filter((k) => {
    const d = Object.getOwnPropertyDescriptor(instance, k) ?? findDescriptor(instance, k);
    return d !== undefined && typeof d.value === 'function';
  });
}

function findDescriptor(o: unknown, key: string): PropertyDescriptor | undefined {
  for (let p = Object.getPrototypeOf(o); p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, key);
    if (d) return d;
  }
  return undefined;
}

const timeoutMs = 5000;

/**
 * Runs a call and says how it ended: `'ok'` for a result (awaited, with up to 3 items of an async iterator), a
 * `MemoryError`, or the hostile proxy's own error passing through; otherwise a description of the error (its
 * name, message and first frame) or of a hang.
 */
export async function callOutcome(call: () => unknown): Promise<string> {
  try {
    let result = call();
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
      let timer: NodeJS.Timeout | undefined;
      result = await Promise.race([
        result,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Hang()), timeoutMs);
        }),
      ]).finally(() => clearTimeout(timer));
    }
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      for (let i = 0; i < 3; i++) if ((await iterator.next()).done) break;
      await iterator.return?.();
    }
    return 'ok';
  } catch (error) {
    if (MemoryError.isInstance(error) || error instanceof ProxyTrapError) return 'ok';
    if (error instanceof Hang) return `no answer within ${timeoutMs} ms`;
    const e = error as Error;
    const frame = String(e?.stack ?? '')
      .split('\n')
      .find((l) => l.includes('/src/'))
      ?.trim();
    return `${e?.name ?? typeof error}: ${String(e?.message).slice(0, 200)} ${frame ?? ''}`;
  }
}

class Hang extends Error {}

/**
 * Exports the fuzz test leaves out, each with its reason. Keys are `entry.name`.
 */
export const entryExclusions: Record<string, string> = {
  'root.MemoryError': 'an error class: engram constructs its errors itself, from its own checked options',
  'root.InvalidValueError': 'an error class (see MemoryError)',
  'root.InvalidMessageError': 'an error class (see MemoryError)',
  'root.DuplicateMessageIdError': 'an error class (see MemoryError)',
  'root.NotFoundError': 'an error class (see MemoryError)',
  'root.ContextOverflowError': 'an error class (see MemoryError)',
  'driver.MemoryError': 'the same error class, re-exported for the driver kit (see root.MemoryError)',
};

/** Methods the fuzz test leaves out, each with its reason. Keys are `instance label.method`. */
export const methodExclusions: Record<string, string> = {
  'SimpleMemory.whenOpen': 'its contract is to call the task it is given once the log is open',
  'langgraph checkpoint saver.getNextVersion':
    "LangGraph's BaseCheckpointSaver.getNextVersion, inherited unchanged: LangGraph calls it with the versions the saver made (numbers), and its own contract for a string is to throw 'Please override this method'",
};

import { describeValue, errorText } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

/**
 * The first check of a factory: throws `INVALID_ARGUMENT` naming the factory unless `options` is an options
 * object (see {@link isOptionsObject}: not null, an array, a function, a Date, a Map, a Promise…), so a missing or wrong-type options argument is a typed error, not a raw
 * `TypeError` from reading one of its fields. Returns `options`.
 */
export function checkOptions<T>(options: T, factory: string, component: string): T {
  if (!readableOptionsObject(options, `${errorText(factory)}(options)`, component)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${factory}(options): options must be an object, got ${describeValue(options)}`,
    });
  }
  return options;
}

/**
 * Whether `value` is an object that can hold options: a plain object or a class instance, not null, an array, a
 * function or a built-in value with a tag of its own (a Date, RegExp, Map, Set, Promise, Error, typed array…):
 * `append(id, messages, new Date())` or an un-awaited promise is a caller's mistake, not empty options.
 */
export const isOptionsObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';

/**
 * {@link isOptionsObject}, but an object that cannot be looked at (a proxy whose traps throw) is `INVALID_ARGUMENT`
 * naming `what` (`createSqliteStore(options)`), the error it threw as the cause, never that raw error.
 */
function readableOptionsObject(value: unknown, what: string, component: string): value is object {
  try {
    return isOptionsObject(value);
  } catch (error) {
    throw unreadable(what, error, component);
  }
}

/** `INVALID_ARGUMENT`: `what` threw when read (a getter, a proxy trap); that error is the cause. */
function unreadable(what: string, error: unknown, component: string): MemoryError {
  const why = error instanceof Error ? errorText(error.message) : describeValue(error);
  return new MemoryError({
    code: 'INVALID_ARGUMENT',
    component,
    message: `${what} cannot be read: reading it threw ${why}`,
    cause: error,
  });
}

/**
 * The value of `options[key]`, read as a factory reads it (a getter, inherited or own, runs); an error the read
 * throws (a getter, a proxy trap) is `INVALID_ARGUMENT` naming `what.key`, the error as its cause. For an option a
 * factory must read before {@link checkKnownKeys} (the one that picks its known keys).
 */
export function readOption(options: object, key: string, what: string, component: string): unknown {
  try {
    return (options as Record<string, unknown>)[key];
  } catch (error) {
    throw unreadable(`${what}.${key}`, error, component);
  }
}

/**
 * Throws `INVALID_ARGUMENT` naming the first key of `options` that `known` does not list: a misspelt option
 * (`scop`, `dir`) is refused instead of silently falling back to its default (a whole tenant's scope, say).
 * `known` lists every key of the options type (`Record<keyof T, true | 'nullable'>`: the compiler keeps it
 * complete). A key set to `null` is refused too (`INVALID_ARGUMENT` naming it) unless `known` marks it
 * `'nullable'`, where null means something of its own (a record change's `validAt: null` clears the date): a
 * `null` is never silently taken as "missing", so `{ maxTokens: null }` is an error, not the default. `nested`
 * names options nested in another's (`openEpisodicMemory(options).ranking`); the message then names it. Options
 * (or a `known`) that are not an object are `INVALID_ARGUMENT` too, and the texts are built from any value without
 * throwing, so a driver may call it on its caller's input as it comes (the driver kit exports it). Each option of
 * `known` is read once, own or not: one that throws when read (a getter, a proxy trap) is `INVALID_ARGUMENT`
 * naming it (or naming the options, when they cannot be looked at), the thrown error as its cause, never that raw
 * error: call it before reading the options.
 */
export function checkKnownKeys<T extends object>(
  options: T,
  known: Record<keyof T, true | 'nullable'>,
  factory: string,
  component: string,
  nested?: string,
): void {
  const where = errorText(nested ?? factory);
  const what = nested === undefined ? `${errorText(factory)}(options)` : where;
  const refuse = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });
  if (!readableOptionsObject(options, what, component))
    throw refuse(`${what} must be an object, got ${describeValue(options)}`);
  if (!isOptionsObject(known))
    throw refuse(`${what}: its known keys must be an object, got ${describeValue(known)}`);
  let keys: string[];
  try {
    keys = Object.keys(options);
  } catch (error) {
    throw unreadable(what, error, component);
  }
  for (const key of keys) {
    if (!Object.hasOwn(known, key))
      throw refuse(
        `${what}.${key}: not an option of ${where} (its options: ${Object.keys(known).join(', ')})`,
      );
    if (readOption(options, key, what, component) === null && known[key as keyof T] !== 'nullable')
      throw refuse(
        `${what}.${key} must not be null (leave the key out, or undefined, where the option has a default)`,
      );
  }
  // The options the caller reads but `options` does not own (a class's getters, a proxy's): read once here, so one
  // that throws is refused naming it before anything is built.
  for (const key of Object.keys(known)) if (!keys.includes(key)) readOption(options, key, what, component);
}

/**
 * Checks an options object nested in another's, named by its path `where` (`createEngramStore(options).ttl`):
 * {@link checkKnownKeys} with `where` as its `nested`, so it is `INVALID_ARGUMENT` naming `where` unless an object,
 * and names a key `known` does not list by its full path. `undefined` passes (the option is left out).
 */
export function checkNestedKeys<T extends object>(
  value: T | undefined,
  known: Record<keyof T, true | 'nullable'>,
  where: string,
  component: string,
): void {
  if (value !== undefined) checkKnownKeys(value, known, where, component, where);
}

/**
 * Throws `INVALID_ARGUMENT` naming `what` unless `value` is an integer of at least `min` (a safe integer, so
 * never a BigInt, NaN or ±Infinity). Returns `value`.
 */
export function checkInteger(value: unknown, what: string, component: string, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be an integer >= ${min}, got ${describeValue(value)}`,
    });
  }
  return value;
}

/** {@link checkInteger} for an optional value: `undefined` passes. */
export function checkOptionalInteger(value: unknown, what: string, component: string, min: number): void {
  if (value !== undefined) checkInteger(value, what, component, min);
}

/**
 * Throws `INVALID_ARGUMENT` naming `what` unless `value` is `undefined` or a finite number from `min` to `max` (never
 * a string, a BigInt, NaN or ±Infinity; `min` `-Infinity` for any finite number): the check of a numeric option that
 * is not a count (a weight, a share).
 */
export function checkOptionalNumber(
  value: unknown,
  what: string,
  component: string,
  min: number,
  max = Number.POSITIVE_INFINITY,
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    const range =
      max !== Number.POSITIVE_INFINITY
        ? ` from ${min} to ${max}`
        : min > Number.NEGATIVE_INFINITY
          ? ` >= ${min}`
          : '';
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be a finite number${range}, got ${describeValue(value)}`,
    });
  }
}

/**
 * Throws `INVALID_ARGUMENT` naming `what` unless `value` is an object (or function) with a function under each
 * of `methods`: the check of a component passed in options (`memory`, `store`, `model`). Returns `value`.
 */
export function checkMethods<T>(value: T, what: string, component: string, methods: readonly string[]): T {
  const isObject = (typeof value === 'object' || typeof value === 'function') && value !== null;
  const missing = isObject
    ? methods.filter((m) => typeof (value as Record<string, unknown>)[m] !== 'function')
    : methods;
  if (!isObject || missing.length > 0) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be an object${missing.length > 0 ? ` with ${missing.map((m) => `${m}()`).join(', ')}` : ''}, got ${describeValue(value)}`,
    });
  }
  return value;
}

/** Throws `INVALID_ARGUMENT` naming `what` unless `value` is a function. Returns `value`. */
export function checkFunction<T>(value: T, what: string, component: string): T {
  if (typeof value !== 'function') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be a function, got ${describeValue(value)}`,
    });
  }
  return value;
}

/** `value` when it is a boolean, `fallback` when it is undefined; else throws `INVALID_ARGUMENT` naming `what`. */
export function checkBoolean(value: unknown, what: string, component: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be a boolean, got ${describeValue(value)}`,
    });
  }
  return value;
}

/**
 * `value` when it is one of `choices`, `fallback` when it is undefined; else throws `INVALID_ARGUMENT` naming
 * `what` and the choices.
 */
export function checkChoice<C extends string>(
  value: unknown,
  choices: readonly C[],
  what: string,
  component: string,
  fallback: C,
): C {
  if (value === undefined) return fallback;
  if (!choices.includes(value as C)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be ${choices.map((c) => `'${c}'`).join(' or ')}, got ${describeValue(value)}`,
    });
  }
  return value as C;
}

/** Throws `INVALID_ARGUMENT` naming `what` unless `value` is an array. Returns `value`. */
export function checkArray<T>(value: T, what: string, component: string): T {
  if (!Array.isArray(value)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be an array, got ${describeValue(value)}`,
    });
  }
  return value;
}

import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** The `INVALID_ARGUMENT` of {@link float32Scaled} given something other than an array of numbers. */
const notVector = (value: unknown) =>
  new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'driver',
    message: `float32Scaled(vector): vector must be an array of numbers, got ${describeValue(value)}`,
  });

/** Largest magnitudes a float32 cosine handles exactly: beyond, its sums of squares overflow or go subnormal. */
const lowest = 2 ** -40;
const highest = 2 ** 40;

/** `x` × 2^k, in two steps (2^k alone overflows past k = 1023, and a float64 subnormal needs k up to 1075). */
const timesPowerOfTwo = (x: number, k: number) => {
  const half = Math.trunc(k / 2);
  return x * 2 ** half * 2 ** (k - half);
};

/**
 * A vector as a float32 index should compute with: itself when its largest magnitude is within 2^±40, otherwise
 * multiplied by the power of two that brings its largest magnitude into [0.5, 1). sqlite-vec's
 * `vec_distance_cosine` and pgvector's `<=>` sum squares in float32, which overflow past about 1.8e19 (3e38
 * scored NaN, stored as 0) and underflow below about 1e-19 (1e-40 scored Infinity); a cosine does not change
 * with the scale, and a power of two changes no digit of a component (a float32 subnormal even gains some).
 * Applied to stored vectors (their bytes and pgvector's column) and to queries. Throws `INVALID_ARGUMENT` for
 * anything but an array of numbers.
 */
export function float32Scaled(vector: readonly number[]): readonly number[] {
  if (!Array.isArray(vector)) throw notVector(vector);
  let max = 0;
  for (const x of vector) {
    if (typeof x !== 'number') throw notVector(vector);
    if (Math.abs(x) > max) max = Math.abs(x);
  }
  if (max === 0 || !Number.isFinite(max) || (max >= lowest && max <= highest)) return vector;
  let k = -Math.floor(Math.log2(max)) - 1;
  const scaled = timesPowerOfTwo(max, k);
  if (scaled >= 1) k -= 1;
  else if (scaled < 0.5) k += 1;
  return vector.map((x) => timesPowerOfTwo(x, k));
}

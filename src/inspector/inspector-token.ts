import { randomBytes } from 'node:crypto';
import { MemoryError } from '../core/errors/memory-error.ts';

/** The fewest characters a token may have. */
export const minTokenLength = 20;

/** The fewest bits of estimated entropy a token must carry (a 32-character random hex string carries ~118). */
export const minTokenBits = 64;

/**
 * A new random token: 32 bytes from `crypto.randomBytes`, base64url (43 characters, 256 bits), used when the
 * inspector must serve a non-loopback address and no token was given.
 */
export function generateInspectorToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Length times the Shannon entropy of the values' distribution, in bits. */
function shannonBits(values: readonly (string | number)[]): number {
  const counts = new Map<string | number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let perValue = 0;
  for (const n of counts.values()) perValue -= (n / values.length) * Math.log2(n / values.length);
  return perValue * values.length;
}

/**
 * An estimate of the entropy of a token in bits: the lower of its characters' Shannon entropy and that of the
 * steps between neighbouring characters, each times the length. A repeated, short or sequential token scores
 * low (`'        '` → 0, `'abab…'` → 1 bit a character, `'12345678901234567890'` → ~9 bits); for a chosen
 * word it is still an upper bound, so the length floor applies as well.
 */
export function tokenEntropyBits(token: string): number {
  const codes = [...token].map((ch) => ch.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]!);
  return Math.min(shannonBits(codes), shannonBits(steps) + (codes.length > 0 ? Math.log2(codes.length) : 0));
}

/**
 * Throws `INVALID_ARGUMENT` unless the token is at least {@link minTokenLength} characters of printable,
 * non-space text with at least {@link minTokenBits} bits of estimated entropy ({@link tokenEntropyBits}); the
 * message says what was wrong and how to make a good one, never the token itself.
 */
export function assertStrongToken(token: string): void {
  const problem =
    typeof token !== 'string'
      ? 'must be a string'
      : /[\s\p{Cc}]/u.test(token)
        ? 'must not contain spaces or control characters'
        : [...token].length < minTokenLength
          ? `must have at least ${minTokenLength} characters`
          : tokenEntropyBits(token) < minTokenBits
            ? `is too predictable (about ${Math.floor(tokenEntropyBits(token))} bits, at least ${minTokenBits} needed)`
            : undefined;
  if (problem !== undefined)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'inspector',
      message: `the inspector token ${problem}: use a random one (e.g. \`openssl rand -hex 16\`), or give none to have one generated`,
    });
}

import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';
import { MemoryError } from '../../core/errors/memory-error.ts';

/** A compiled user pattern: `test` runs in time linear in the line, whatever the pattern. */
export interface LinearRegex {
  /** True when the pattern matches anywhere in `text` (case-insensitive), like `RegExp.prototype.test`. */
  test(text: string): boolean;
}

// re2js (a pure-JS port of RE2) loads on the first regex pattern, not with the package.
const require = createRequire(import.meta.url);
let engine: typeof RE2JS | undefined;
const re2 = (): typeof RE2JS => {
  engine ??= (require('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  return engine;
};

/**
 * Compiles a user- or model-provided regular expression (JavaScript syntax, matched case-insensitively) for
 * RE2's linear-time engine, so no pattern can backtrack without bound: `(a+)+$` on any line costs O(line).
 * Throws `INVALID_ARGUMENT` naming `field` and the pattern when it is not a valid JavaScript regular
 * expression, or uses what RE2 cannot run in linear time (backreferences such as `\1`, lookahead `(?=`,
 * `(?!`, lookbehind `(?<=`, `(?<!`). RE2 differs from JavaScript in two corners: `\s` is ASCII
 * whitespace only, and `.` also matches `\r`, U+2028 and U+2029.
 */
export function compileLinearRegex(pattern: string, component: string, field: string): LinearRegex {
  const unsupported =
    'cannot run in linear time (backreferences, lookaround and some Unicode property forms are not supported; rewrite it without them)';
  const refuse = (why: string, cause: unknown) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${field} ${JSON.stringify(pattern)} ${why}: ${(cause as Error).message}`,
      cause,
    });
  try {
    new RegExp(pattern, 'iu'); // compile only: a syntax error is reported in JavaScript's terms
  } catch (error) {
    throw refuse('is not a valid regular expression', error);
  }
  // After the check above (Unicode mode), `\1`–`\9` and `\k` can only be backreferences; refused here because
  // re2js's translation would turn `\k<x>` into the literal `k<x>` instead of failing.
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[++i] ?? '';
    if (/[1-9k]/.test(next))
      throw refuse(unsupported, new Error(`backreference \\${next} at offset ${i - 1}`));
  }
  const Engine = re2();
  try {
    const compiled = Engine.compile(Engine.translateRegExp(pattern), Engine.CASE_INSENSITIVE);
    return Object.freeze({ test: (text: string) => compiled.test(text) });
  } catch (error) {
    throw refuse(unsupported, error);
  }
}

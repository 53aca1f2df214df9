import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { prepareContentItem } from '../prepare-content-item.ts';
import { applyTransform } from './apply-transform.ts';
import { checkTransform } from './check-transform.ts';
import { compileLinearRegex } from './linear-regex.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
const filter = (content: string, pattern: string) => {
  const item = prepareContentItem(
    { type: 'custom', source: 'test', content },
    { counter, clock: { now: () => new Date(0) }, component: 'test' },
  );
  return applyTransform(item, checkTransform({ type: 'filtered', pattern, regex: true }, 'test'), {
    counter,
  });
};

const as = 'a'.repeat(5_000);
// Classic catastrophic-backtracking patterns (OWASP ReDoS list and common validators): each with a line that
// makes a backtracking engine try exponentially many paths, a line it matches, and whether the adversarial line
// matches too (`(a*)*$` matches the empty string at the end of any line).
const redos: readonly [pattern: string, adversarial: string, matching: string, both?: true][] = [
  ['(a+)+$', `${as}!`, 'aaaa'],
  ['(a*)*$', `${as}!`, 'x', true],
  ['([a-zA-Z]+)*$', `${as}!`, 'abc', true],
  ['(a|aa)+$', `${as}!`, 'aaa'],
  ['(a|a?)+$', `${as}!`, 'a', true],
  ['^(.*a){12}$', `${as}!`, 'a'.repeat(12)],
  ['^(\\w+\\s?)*$', `${'aaaa '.repeat(1_000)}!`, 'two words'],
  ['^(\\d+)+$', `${'1'.repeat(5_000)}x`, '12345'],
  ['(x+x+)+y', 'x'.repeat(5_000), 'xxy'],
  [
    '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
    `${as}!`,
    'john.doe@example.com',
  ],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', `${as}!`, 'java.lang.String'],
  ["^[a-zA-Z]+(([',. -][a-zA-Z ])?[a-zA-Z]*)*$", `${as}!`, "Mary O'Neil"],
];

describe('filtered transform with regex: true (linear-time engine)', () => {
  for (const [pattern, adversarial, matching, both] of redos) {
    it(`finishes ${pattern} on its adversarial line with the right result`, async () => {
      const result = await filter(`${adversarial}\n${matching}`, pattern);
      expect(result.description).toBe(`${both ? 2 : 1} of 2 lines match ${JSON.stringify(pattern)}`);
      expect(result.content).toBe(both ? `1: ${adversarial}\n2: ${matching}` : `2: ${matching}`);
    });
  }

  it('refuses backreferences and lookaround when the transform is checked, naming the pattern', () => {
    for (const pattern of ['(a)\\1', '(?<x>a)\\k<x>', 'foo(?=bar)', 'foo(?!bar)', '(?<=a)b', '(?<!a)b']) {
      let caught: unknown;
      try {
        checkTransform({ type: 'filtered', pattern, regex: true }, 'content');
      } catch (error) {
        caught = error;
      }
      expect(MemoryError.hasCode(caught, 'INVALID_ARGUMENT'), pattern).toBe(true);
      expect((caught as MemoryError).message).toContain(`transform.pattern ${JSON.stringify(pattern)}`);
      expect((caught as MemoryError).message).toMatch(/cannot run in linear time/);
    }
    // A plain-text filter takes the same characters literally.
    expect(checkTransform({ type: 'filtered', pattern: '(a)\\1' }, 'content')).toEqual({
      type: 'filtered',
      pattern: '(a)\\1',
    });
  });

  it('matches as JavaScript RegExp does (case-insensitive) on ordinary patterns (property)', () => {
    const atom = fc.constantFrom(
      'a',
      'b',
      'B',
      '1',
      ' ',
      '-',
      '.',
      '\\d',
      '\\w',
      '[a-c]',
      '[^b]',
      '\\.',
      '\\b',
    );
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{1,2}', '*?', '{2}');
    const piece = fc.tuple(atom, quantifier).map(([a, q]) => (a === '\\b' ? a : a + q));
    const sequence = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join(''));
    const pattern = fc.oneof(
      sequence,
      fc.tuple(sequence, sequence).map(([a, b]) => `${a}|${b}`),
      fc.tuple(sequence, sequence, quantifier).map(([a, b, q]) => `(${a}|${b})${q}${a}`),
      fc
        .tuple(sequence, fc.boolean(), fc.boolean())
        .map(([s, start, end]) => `${start ? '^' : ''}(?:${s})${end ? '$' : ''}`),
    );
    const line = fc.string({
      unit: fc.constantFrom('a', 'b', 'c', 'A', 'B', '1', '2', ' ', '-', '.', '_'),
      maxLength: 20,
    });
    fc.assert(
      fc.property(pattern, fc.array(line, { maxLength: 5 }), (p, texts) => {
        const linear = compileLinearRegex(p, 'test', 'pattern');
        const native = new RegExp(p, 'iu');
        for (const text of texts)
          expect(linear.test(text), `${p} on ${JSON.stringify(text)}`).toBe(native.test(text));
      }),
      { numRuns: 500 },
    );
  });
});

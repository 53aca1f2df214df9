import { describe, expect, it } from 'vitest';
import { notDecimalInteger, parseDecimalInteger } from './decimal-integer.ts';

describe('parseDecimalInteger', () => {
  it('takes plain decimal digits in range', () => {
    expect(parseDecimalInteger('0', 0)).toBe(0);
    expect(parseDecimalInteger('007', 1, 10)).toBe(7);
    expect(parseDecimalInteger('-3', -5, 5)).toBe(-3);
    expect(parseDecimalInteger(String(Number.MAX_SAFE_INTEGER), 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what Number() would read but a person does not mean, and what is out of range', () => {
    for (const text of ['0x10', '1e2', '1.5', '5.0', '', ' 5', '5 ', '+5', '5abc', '1_000', 'Infinity', '٥'])
      expect(parseDecimalInteger(text, 0), JSON.stringify(text)).toBeUndefined();
    expect(parseDecimalInteger('-1', 0)).toBeUndefined();
    expect(parseDecimalInteger('-0', 0)).toBeUndefined(); // no sign where negatives are not allowed
    expect(parseDecimalInteger('11', 1, 10)).toBeUndefined();
    expect(parseDecimalInteger('9007199254740992', 0)).toBeUndefined();
  });
});

describe('notDecimalInteger', () => {
  it('names the parameter, the range and the value', () => {
    expect(notDecimalInteger('limit', '0x10', 1, 100)).toBe(
      'limit: expected a decimal integer from 1 to 100, got "0x10"',
    );
    expect(notDecimalInteger('--sessions', '', 1)).toBe(
      '--sessions: expected a decimal integer at least 1, got ""',
    );
    expect(notDecimalInteger('--step', 'x', -Number.MAX_SAFE_INTEGER)).toBe(
      '--step: expected a decimal integer, got "x"',
    );
  });
});

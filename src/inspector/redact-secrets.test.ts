import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactedMark, redactSecrets } from './redact-secrets.ts';
import { redactValue } from './redact-value.ts';

const chars = (alphabet: string, min: number, max: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';
const alnum = upper + lower + digits;
const hex = '0123456789abcdef';

/** Keys shaped like the real ones (the parts a reader must never see). */
const secret = fc.oneof(
  chars(`${alnum}_-`, 32, 64).map((s) => `sk-${s}`),
  chars(`${alnum}_-`, 40, 90).map((s) => `sk-ant-api03-${s}`),
  chars(`${alnum}_-`, 40, 60).map((s) => `sk-proj-${s}`),
  chars(upper + digits, 16, 16).map((s) => `AKIA${s}`),
  chars(alnum, 36, 36).map((s) => `ghp_${s}`),
  fc
    .tuple(chars(digits, 10, 13), chars(digits, 10, 13), chars(alnum, 24, 24))
    .map(([a, b, c]) => `xoxb-${a}-${b}-${c}`),
);
/** Secrets recognised by what stands before them: the value must go, the name may stay. */
const named = fc.oneof(
  fc.tuple(fc.constantFrom('Bearer ', 'bearer  '), chars(`${alnum}._-`, 20, 60)),
  fc.tuple(
    fc.constantFrom('key=', 'api_key=', 'token=', 'access_token: ', '"apiKey": "'),
    chars(hex, 32, 64),
  ),
  fc.tuple(
    fc.constantFrom('key=', 'token=', 'secret: '),
    fc.tuple(chars(`${alnum}+/`, 20, 40), fc.constantFrom(...digits)).map(([s, d]) => `${d}${s}`),
  ),
);
const separator = fc.constantFrom(' ', '\n', '\t', '"', "'", '(', ')', ',', ';', '<', '>', '[', '.');
const anyText = fc.string({ maxLength: 60 });

/** Ordinary prose: words, numbers and punctuation, with words that only look a little like keys. */
const word = fc.oneof(
  chars(lower + upper, 1, 12),
  chars(digits, 1, 6),
  fc.constantFrom(
    'sk-learn',
    'task-based',
    'AKIA',
    'ghp',
    'xox',
    'Bearer',
    'key:',
    'token=',
    'tokens: 1,204',
  ),
);
const prose = fc
  .array(fc.tuple(word, fc.constantFrom(' ', ', ', '. ', '\n', ' - ', ': ', '=')), { maxLength: 40 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));

describe('redactSecrets', () => {
  it('never leaks a generated key inside random text', () => {
    fc.assert(
      fc.property(anyText, separator, secret, separator, anyText, (a, s1, key, s2, b) => {
        const out = redactSecrets(`${a}${s1}${key}${s2}${b}`);
        expect(out).not.toContain(key);
        expect(out).toContain(redactedMark);
      }),
      { numRuns: 500 },
    );
  });

  it('never leaks a value after Bearer, key= or token=', () => {
    fc.assert(
      fc.property(anyText, separator, named, separator, anyText, (a, s1, [name, value], s2, b) => {
        expect(redactSecrets(`${a}${s1}${name}${value}${s2}${b}`)).not.toContain(value);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves ordinary text unchanged', () => {
    fc.assert(
      fc.property(prose, (text) => {
        expect(redactSecrets(text)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the shell working directory (PWD=…) and masks a password variable named …_PWD', () => {
    expect(redactSecrets('PWD=0 HOME=/root PwD=/srv/app')).toBe('PWD=0 HOME=/root PwD=/srv/app');
    expect(redactSecrets('MYSQL_PWD=hunter2 next')).toBe('MYSQL_PWD=[redacted] next');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, secret, anyText, (a, key, b) => {
        const once = redactSecrets(`${a} ${key} ${b}`);
        expect(redactSecrets(once)).toBe(once);
      }),
    );
  });

  it('keeps a prefix that says what was there', () => {
    expect(redactSecrets('export OPENAI_API_KEY=sk-proj-abcdefghijklmnop1234567890')).toBe(
      'export OPENAI_API_KEY=sk-[redacted]',
    );
    expect(redactSecrets('Authorization: Bearer abc.def-ghi_jkl123456')).toBe(
      'Authorization: Bearer [redacted]',
    );
  });
});

describe('redactValue', () => {
  it('redacts every string deep inside, and whole values of secret-named properties', async () => {
    const at = new Date(0);
    expect(
      await redactValue({
        text: 'use ghp_abcdefghijklmnopqrstuvwxyz0123456789',
        input: { apiKey: 'hunter22-plain', password: 'correct horse', note: 'fine' },
        list: ['AKIAABCDEFGHIJKLMNOP'],
        tokens: 42,
        at,
      }),
    ).toEqual({
      text: 'use ghp_[redacted]',
      input: { apiKey: '[redacted]', password: '[redacted]', note: 'fine' },
      list: ['AKIA[redacted]'],
      tokens: 42,
      at,
    });
  });
});

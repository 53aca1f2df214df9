import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeSecrets } from '../../test-support/inspector/fake-secrets.ts';
import { redactedMark } from './redact-secrets.ts';
import { redactValue } from './redact-value.ts';

/** The parts of a secret a reader could use: the whole, and each run of 12 characters of it. */
const leaks = (out: string, secret: string) =>
  out.includes(secret) ||
  Array.from({ length: Math.max(secret.length - 11, 0) }, (_, i) => secret.slice(i, i + 12)).some(
    (part) => /[A-Za-z0-9]{4}/.test(part) && out.includes(part),
  );

describe('redactValue: the 22 secret formats', () => {
  for (const { format, text, secret } of fakeSecrets())
    it(`${format}: gone from a message, a tool result and a JSON value, the rest kept`, async () => {
      const out = await redactValue({
        text,
        parts: [{ type: 'tool-result', output: { type: 'text', value: `result: ${text}` } }],
        json: JSON.stringify({ note: text }),
      });
      for (const s of [out.text, out.parts[0]!.output.value, out.json]) {
        expect(leaks(s, secret), `${format}: ${s}`).toBe(false);
        expect(s).toContain(redactedMark);
      }
      // What says what it was stays readable (the word before the secret is kept).
      expect(out.text.startsWith(text.slice(0, text.indexOf(secret)).split(/[\s=:]/)[0]!)).toBe(true);
    });

  it('with many seeds: no format leaks, in texts packed with each other', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 }), async (seed) => {
        const secrets = fakeSecrets(seed);
        const out = await redactValue(secrets.map((s) => s.text));
        const joined = (await redactValue(secrets.map((s) => s.text).join(' '))) as string;
        secrets.forEach(({ format, secret }, i) => {
          expect(leaks(out[i]!, secret), `${format} (seed ${seed}): ${out[i]}`).toBe(false);
          expect(leaks(joined, secret), `${format} (seed ${seed}) joined`).toBe(false);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('a key whose last character is "-" is redacted whole (a rule ending on a word boundary stopped short of it)', async () => {
    const project = fakeSecrets(1167564017).find((s) => s.format === 'openai-project')!;
    expect(project.secret.endsWith('-')).toBe(true);
    const out = (await redactValue(project.text)) as string;
    expect(leaks(out, project.secret), out).toBe(false);
    expect(out).toBe(`use sk-proj-${redactedMark} today`);
  });

  it('a text saying secretlint-disable does not hide the secrets after it', async () => {
    const [stripe] = fakeSecrets(5).filter((s) => s.format === 'stripe-live');
    const out = await redactValue(['/* secretlint-disable */', `// secretlint-disable-line ${stripe!.text}`]);
    expect(out.join('\n')).not.toContain(stripe!.secret);
  });

  it('keeps ordinary text, URLs without passwords and what says what a secret was', async () => {
    const plain = [
      'Basic understanding of the weather in Lisbon: 21°C, wind 12 km/h.',
      'See https://example.com:8080/path@v2 and postgres://db.internal:5432/prod (no password).',
      'git commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed it; the password field is empty.',
      '{"user":"ada","password":""}',
    ];
    expect(await redactValue(plain)).toEqual(plain);
    const [pg] = fakeSecrets().filter((s) => s.format === 'postgres-url');
    expect(await redactValue(pg!.text)).toBe(
      `DATABASE_URL=postgres://app_user:${redactedMark}@db.internal.example:5432/prod`,
    );
  });
});

describe('redaction time', () => {
  it('is linear: 200,000-character texts built to make rules backtrack take well under a second each', async () => {
    for (const text of [
      'a'.repeat(200_000),
      `"${'a'.repeat(200_000)}`,
      'key'.repeat(70_000),
      `"${'password'.repeat(25_000)}`,
      `redis://${'a'.repeat(200_000)}`,
      'a.'.repeat(100_000),
      `Basic ${'QUJD'.repeat(50_000)}`,
      'postgres://a:b'.repeat(15_000),
    ]) {
      const started = performance.now();
      await redactValue(text);
      // On the old rules 20,000 characters took 2–4 s (quadratic); 200,000 take ~0.1 s now.
      expect(performance.now() - started, text.slice(0, 20)).toBeLessThan(1500);
    }
  });
});

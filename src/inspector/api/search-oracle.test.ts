import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactValue } from '../redact-value.ts';
import { foundOutsideSecrets } from './search-oracle.ts';

const key = `sk-proj-${'Ab3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fG'}`;

describe('foundOutsideSecrets', () => {
  it('leaves out a hit only a secret matched, keeps one its shown text matched', async () => {
    const record = { text: `Ada's deployment uses ${key}` };
    expect(await redactValue(record)).not.toEqual(record);
    expect(await foundOutsideSecrets(key, record)).toBe(false);
    expect(await foundOutsideSecrets('Ab3dE5gH7jK9mN1pQ3sT5vX7zA9cD1fG', record)).toBe(false);
    expect(await foundOutsideSecrets(`deployment ${key}`, record)).toBe(false);
    expect(await foundOutsideSecrets('deployment uses', record)).toBe(true);
    expect(await foundOutsideSecrets('kubernetes', record)).toBe(true);
  });

  it('keeps every hit whose stored form holds no secret (property: redaction is the identity there)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.array(fc.stringMatching(/^[a-z ]{0,20}$/)), async (query, texts) => {
        const stored = { texts };
        fc.pre(JSON.stringify(await redactValue(stored)) === JSON.stringify(stored));
        expect(await foundOutsideSecrets(query, stored)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * Secrets the inspector's answers hold as property names (a JSON tool result keyed by token, metadata keyed by
 * key), or as values of a secret-named property that are not strings (`{ password: 12345678 }`,
 * `{ apiKey: ['…'] }`), are redacted like any other text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeSecrets } from '../../test-support/inspector/fake-secrets.ts';
import { inspectedTempStore, leaksPart } from '../../test-support/inspector/secret-cuts.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { redactValue } from './redact-value.ts';

const secrets = fakeSecrets(11);
/** Each secret's text as a property name, with something under it. */
const keyed = Object.fromEntries(secrets.map(({ text }, i) => [text, { owner: `svc-${i}` }]));
let at: Awaited<ReturnType<typeof inspectedTempStore>>;
let item: string;
let record: string;

beforeAll(async () => {
  at = await inspectedTempStore('keys');
  await at.store.updateSession(at.scope, 's', { keys: keyed });
  const content = createContentStore({ store: at.store, scope: at.scope, space: 'keys' });
  item = await content.store({ type: 'tool_output', source: 'vault', content: { keys: keyed } });
  const longTerm = createLongTermMemory({ store: at.store, scope: at.scope, recording: 'none' });
  const [added] = await longTerm.add({ text: 'Ada keeps her keys in the vault.', metadata: { keys: keyed } });
  record = added!.id;
});
afterAll(() => at?.close());

describe('the inspector redacts secrets held as property names', () => {
  it('in a JSON content item, session metadata and record metadata', async () => {
    for (const path of [
      `/api/content/${item}?space=keys`,
      '/api/sessions/s',
      `/api/records/${record}`,
      '/api/records',
    ]) {
      const body = await at.get(path);
      expect(body, path).toContain('svc-0');
      for (const { format, secret } of secrets)
        expect(leaksPart(body, secret), `${format} in ${path}`).toBe(false);
    }
  });
});

describe('redactValue: names and secret-named values of any kind', () => {
  it('redacts a secret property name, keeping what is under it and telling apart names redacted alike', async () => {
    const [a, b] = [secrets[0]!, secrets[5]!];
    const out = await redactValue({ [a.text]: 1, [b.text]: 2, [`${a.text} `]: 3, plain: 4 });
    expect(Object.values(out).sort()).toEqual([1, 2, 3, 4]);
    expect(out.plain).toBe(4);
    for (const key of Object.keys(out))
      expect(leaksPart(key, a.secret) || leaksPart(key, b.secret)).toBe(false);
  });

  it('redacts a secret-named value that is a number, or strings inside it', async () => {
    expect(
      await redactValue({
        password: 20240917,
        apiKey: ['k-one-plain', 'k-two-plain'],
        secret: { value: 'x9' },
      }),
    ).toEqual({
      password: '[redacted]',
      apiKey: ['[redacted]', '[redacted]'],
      secret: { value: '[redacted]' },
    });
  });

  it('keeps a "__proto__" name as a property', async () => {
    const out = await redactValue(JSON.parse('{"__proto__": {"note": "kept"}}') as object);
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"note":"kept"}}');
  });
});
